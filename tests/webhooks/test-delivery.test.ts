// The test call delivers at once (docs/webhooks.md, "Testing an endpoint"): `POST
// /api/webhooks/{id}/test` makes the ping's first attempt within the request and answers it
// (status, duration, the first 1,024 bytes of the answer, or null and why), within the 10 s an
// attempt may take; the delivery is recorded like any other. `ping` is not an event type.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eventTypes } from '../../graph/events/catalogue.ts';
import { client, graphql, newCompany, type TestCompany } from '../helpers.ts';

type Client = ReturnType<typeof client>;

/** A local receiver answering every request with `status` and `body` (status 0: never answers). */
async function answering(status: number, body: string) {
  const got: { headers: Record<string, unknown>; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (status === 0) return;
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      // In pieces, as a real server may send a long answer.
      res.write(body.slice(0, 700));
      res.end(body.slice(700));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    got,
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}

describe('testing a webhook endpoint', () => {
  let a: TestCompany;
  let A: Client;
  beforeAll(async () => {
    a = await newCompany();
    A = client(a.api_key);
  });
  const register = async (url: string, events = ['order.created']) => {
    const res = await A.post('/webhooks', { url, events });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; secret: string };
  };

  it('delivers the ping before answering, and answers the attempt with the start of the endpoint\'s answer', async () => {
    const long = `${'é'.repeat(300)}${'x'.repeat(2000)}`;
    const receiver = await answering(202, long);
    try {
      const hook = await register(receiver.url);
      const res = await A.post(`/webhooks/${hook.id}/test`, undefined);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Delivered already when the answer came, once.
      expect(receiver.got).toHaveLength(1);
      const payload = new Webhook(hook.secret).verify(receiver.got[0].body, {
        'webhook-id': String(receiver.got[0].headers['webhook-id']),
        'webhook-timestamp': String(receiver.got[0].headers['webhook-timestamp']),
        'webhook-signature': String(receiver.got[0].headers['webhook-signature']),
      }) as { type: string; data: unknown };
      expect(payload).toMatchObject({ type: 'ping', data: { endpoint_id: hook.id } });
      const delivery = res.body.data;
      expect(delivery).toMatchObject({ event_type: 'ping', status: 'SUCCEEDED', attempt_count: 1, response_status: 202, error: null, next_attempt_at: null });
      expect(delivery.duration_ms).toEqual(expect.any(Number));
      expect(delivery.duration_ms).toBeLessThan(10_000);
      // The first 1,024 bytes: 300 two-byte characters, then 424 of the rest.
      expect(delivery.response_body).toBe(long.slice(0, 300 + 424));
      expect(Buffer.byteLength(delivery.response_body)).toBe(1024);
      expect(delivery.attempts).toEqual([expect.objectContaining({ response_status: 202, error: null, duration_ms: delivery.duration_ms })]);
      // Recorded in the deliveries like any other; the answer's text is not stored.
      const listed = (await A.get(`/webhooks/${hook.id}/deliveries`)).body.data;
      expect(listed).toEqual([{ ...delivery, response_body: null }]);
    } finally {
      await receiver.close();
    }
  });

  it('answers an endpoint that fails with its status and answer, and retries it as any delivery', async () => {
    const receiver = await answering(500, 'boom');
    try {
      const hook = await register(receiver.url);
      const res = await A.post(`/webhooks/${hook.id}/test`, undefined);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ event_type: 'ping', response_status: 500, error: 'answered 500', response_body: 'boom' });
      expect(res.body.data.attempts[0]).toMatchObject({ response_status: 500, error: 'answered 500' });
      // Retried on the schedule (in milliseconds in tests, WEBHOOKS_RETRY_SCALE).
      await vi.waitFor(() => expect(receiver.got.length).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 50 });
    } finally {
      await receiver.close();
    }
  });

  it('answers null and why when the endpoint does not answer: a refused connection at once, a silent one after 10 s', async () => {
    const refused = await register('http://localhost:9/hooks');
    const quick = await A.post(`/webhooks/${refused.id}/test`, undefined);
    expect(quick.status).toBe(200);
    expect(quick.body.data).toMatchObject({ response_status: null, error: 'the connection was refused', response_body: null });
    expect(JSON.stringify(quick.body)).not.toMatch(/127\.0\.0\.1|::1/);

    const silent = await answering(0, '');
    try {
      const hook = await register(silent.url);
      const started = Date.now();
      const res = await A.post(`/webhooks/${hook.id}/test`, undefined);
      const took = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ response_status: null, error: 'no answer within 10 s', response_body: null });
      expect(res.body.data.duration_ms).toBeGreaterThanOrEqual(9_900);
      expect(took).toBeLessThan(13_000);
    } finally {
      await silent.close();
    }
  });

  it('answers the attempt in GraphQL too, and 404 for another company\'s endpoint', async () => {
    const receiver = await answering(200, '{"ok":true}');
    try {
      const hook = await register(receiver.url);
      const res = await graphql(a.api_key, 'mutation($id: Int!) { testWebhookEndpoint(id: $id) { webhookDelivery { status response_status response_body } } }', { id: hook.id });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.testWebhookEndpoint.webhookDelivery).toEqual({ status: 'SUCCEEDED', response_status: 200, response_body: '{"ok":true}' });
      const b = await newCompany();
      expect((await client(b.api_key).post(`/webhooks/${hook.id}/test`, undefined)).status).toBe(404);
      expect(receiver.got).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('keeps ping out of the event catalogue everywhere: not subscribable, not listed, not documented as an event type', async () => {
    const refused = await A.post('/webhooks', { url: 'http://localhost:9/hooks', events: ['ping'] }, 'locale=en-US');
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual([{ name: 'events.0', message: 'is invalid' }]);
    expect((await A.get('/events', 'filters[type]=ping')).status).toBe(400);
    expect(eventTypes).not.toContain('ping');
    // The catalogue table of docs/webhooks.md names exactly the event types.
    const page = readFileSync('docs/webhooks.md', 'utf8');
    const table = page.slice(page.indexOf('## Event catalogue'), page.indexOf('\n## ', page.indexOf('## Event catalogue') + 3));
    const documented = [...table.matchAll(/^\| (`[^|]+`) \|/gm)].flatMap((m) => [...m[1].matchAll(/`([a-z_.]+)`/g)].map((c) => c[1]));
    expect(documented.sort()).toEqual([...eventTypes].sort());
    // The samples page has one sample per event type, and none of ping.
    expect(readFileSync('docs/webhook-events.md', 'utf8')).not.toContain('<code>ping</code>');
  });
});
