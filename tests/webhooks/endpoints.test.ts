import { beforeAll, describe, expect, it } from 'vitest';
import { client, errorBody, graphql, newCompany, type TestCompany } from '../helpers.ts';

type Client = ReturnType<typeof client>;
const en = 'locale=en-US';
const target = 'http://127.0.0.1:9/hooks';

describe('webhook endpoints', () => {
  let a: TestCompany;
  let A: Client;
  beforeAll(async () => {
    a = await newCompany();
    A = client(a.api_key);
  });

  it('registers an endpoint, answering its whsec_ secret once, and reads, lists, updates and deletes it', async () => {
    const created = await A.post('/webhooks', { url: target, events: ['order.created', 'product.updated'], description: 'ERP' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const endpoint = created.body.data;
    expect(endpoint).toMatchObject({ url: target, events: ['order.created', 'product.updated'], description: 'ERP', status: 'ENABLED', disabled_at: null, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    const read = await A.get(`/webhooks/${endpoint.id}`);
    expect(read.body.data).toEqual({ ...endpoint, secret: null });
    const list = await A.get('/webhooks');
    expect(list.body).toEqual({ data: [{ ...endpoint, secret: null }], total_count: 1, next_cursor: null });
    const updated = await A.put(`/webhooks/${endpoint.id}`, { events: ['*'], enabled: false });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ url: target, events: ['*'], status: 'DISABLED', disabled_reason: 'Disabled through the API.', secret: null });
    expect((await A.put(`/webhooks/${endpoint.id}`, { enabled: true })).body.data).toMatchObject({ status: 'ENABLED', disabled_reason: null });
    expect((await A.del(`/webhooks/${endpoint.id}`)).status).toBe(200);
    expect((await A.get(`/webhooks/${endpoint.id}`)).status).toBe(404);
    expect((await A.del(`/webhooks/${endpoint.id}`)).status).toBe(404);
  });

  it('stores the url normalized, on create and on update, and answers it so', async () => {
    const created = await A.post('/webhooks', { url: 'HTTP://LocalHost:80/a/./b/../hooks?x=1#fragment', events: ['*'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.url).toBe('http://localhost/a/hooks?x=1');
    expect((await A.get(`/webhooks/${created.body.data.id}`)).body.data.url).toBe('http://localhost/a/hooks?x=1');
    const updated = await A.put(`/webhooks/${created.body.data.id}`, { url: 'https://Bücher.Example:443/ü' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.url).toBe('https://xn--bcher-kva.example/%C3%BC');
    expect((await A.get('/webhooks')).body.data.find((e: any) => e.id === created.body.data.id).url).toBe('https://xn--bcher-kva.example/%C3%BC');
    // Percent-encoding lengthens a URL: the stored form is held to the 2,048 characters too.
    const long = await A.post('/webhooks', { url: `https://example.com/${'ü'.repeat(400)}`, events: ['*'] }, en);
    expect(long.status).toBe(422);
    expect(long.body.fields).toEqual([{ name: 'url', message: 'is too long (maximum is 2048 characters)' }]);
  });

  it('rotates the secret: a new one answered once, the old one signing 24 hours more', async () => {
    const { body } = await A.post('/webhooks', { url: target, events: ['*'] });
    const rotated = await A.post(`/webhooks/${body.data.id}/rotate-secret`, undefined);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(body.data.secret);
    const overlap = Date.parse(rotated.body.data.previous_secret_expires_at) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
    expect((await A.get(`/webhooks/${body.data.id}`)).body.data.secret).toBeNull();
  });

  it('refuses a missing or malformed url, unknown event types and too many of them with 422 on the field', async () => {
    const res = await A.post('/webhooks', { events: [] }, en);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(errorBody('UNPROCESSABLE_ENTITY', 'Provided data are invalid.', [{ name: 'url', message: "can't be blank" }, { name: 'events', message: "can't be blank" }]));
    const bad = await A.post('/webhooks', { url: 'ftp://example.com/x', events: ['order.created', 'order.shipped'] }, en);
    expect(bad.body.fields).toEqual([{ name: 'url', message: 'is invalid' }, { name: 'events.1', message: 'is invalid' }]);
    const credentials = await A.post('/webhooks', { url: 'https://user:pass@example.com/x', events: ['*', 'order.created'] }, en);
    expect(credentials.body.fields).toEqual([{ name: 'url', message: 'is invalid' }, { name: 'events', message: 'is invalid' }]);
    const many = await A.post('/webhooks', { url: target, events: Array.from({ length: 30 }, () => 'order.created') }, en);
    expect(many.body.fields).toEqual([{ name: 'events', message: 'has too many items (maximum is 23)' }]);
    const long = await A.post('/webhooks', { url: `https://example.com/${'a'.repeat(2100)}`, events: ['*'] }, en);
    expect(long.status).toBe(422);
    expect(long.body.fields).toEqual([{ name: 'url', message: 'is too long (maximum is 2048 characters)' }]);
  });

  it('sends a test ping as a delivery of its own, listed with the deliveries, and retries a delivery', async () => {
    const { body } = await A.post('/webhooks', { url: target, events: ['*'] });
    const ping = await A.post(`/webhooks/${body.data.id}/test`, undefined);
    expect(ping.status, JSON.stringify(ping.body)).toBe(200);
    expect(ping.body.data).toMatchObject({ endpoint_id: body.data.id, event_type: 'ping', event_id: expect.stringMatching(/^evt_/), attempts: expect.any(Array) });
    const list = await A.get(`/webhooks/${body.data.id}/deliveries`);
    expect(list.body).toMatchObject({ total_count: 1, data: [{ id: ping.body.data.id, event_type: 'ping' }] });
    const retried = await A.post(`/webhooks/${body.data.id}/deliveries/${ping.body.data.id}/retry`, undefined);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id: ping.body.data.id, status: 'PENDING' });
    expect((await A.post(`/webhooks/${body.data.id}/deliveries/999999999/retry`, undefined)).status).toBe(404);
  });

  it("answers another company's endpoint, its deliveries and their retry exactly like missing ones (404)", async () => {
    const { body } = await A.post('/webhooks', { url: target, events: ['*'] });
    const id = body.data.id;
    const ping = (await A.post(`/webhooks/${id}/test`, undefined)).body.data;
    const b = await newCompany();
    const B = client(b.api_key);
    const missing = await B.get('/webhooks/999999999', en);
    for (const res of [
      await B.get(`/webhooks/${id}`, en),
      await B.put(`/webhooks/${id}`, { description: 'mine now' }, en),
      await B.del(`/webhooks/${id}`, en),
      await B.post(`/webhooks/${id}/rotate-secret`, undefined, en),
      await B.post(`/webhooks/${id}/test`, undefined, en),
      await B.get(`/webhooks/${id}/deliveries`, en),
      await B.post(`/webhooks/${id}/deliveries/${ping.id}/retry`, undefined, en),
    ]) {
      expect(res.status).toBe(404);
      expect({ ...res.body, request_id: undefined }).toEqual({ ...missing.body, request_id: undefined });
    }
    expect((await B.get('/webhooks')).body).toEqual({ data: [], total_count: 0, next_cursor: null });
    const gql = await graphql(b.api_key, `{ webhookEndpoint(id: ${id}) { id } }`);
    expect(gql.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await A.get(`/webhooks/${id}`)).body.data.description).toBeNull();
  });
});
