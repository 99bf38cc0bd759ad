import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, graphql, newCompany, uniq, type TestCompany } from '../helpers.ts';
import { readEventsFeed } from '../setup/events-feed.ts';

type Client = ReturnType<typeof client>;

/** Every event of the company from `after` on, read page by page through GET /api/events. */
const eventsSince = (C: Client, after?: string, query = '') => readEventsFeed((q) => C.get('/events', q), after, query);

/** A reader of one company's events that remembers where it stopped. */
function follower(C: Client) {
  let cursor: string | undefined;
  return async (query = '') => {
    const read = await eventsSince(C, cursor, query);
    if (!query) cursor = read.cursor;
    return read.events;
  };
}

describe('events', () => {
  let a: TestCompany;
  let A: Client;
  let op: string;
  beforeAll(async () => {
    a = await newCompany();
    A = client(a.api_key);
    op = `/operations/${a.operation.id}`;
  });

  it('records product.created, product.updated with the previous values and product.deleted, each with the GET answer', async () => {
    const next = follower(A);
    await next();
    const code = uniq('PRD-');
    const created = await A.post('/products', { code, description: 'Valve' });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await A.put(`/products/${id}`, { description: 'Valve (rev. B)' })).status).toBe(200);
    const got = (await A.get(`/products/${id}`)).body.data;
    expect((await A.del(`/products/${id}`)).status).toBe(200);
    const events = await next();
    expect(events.map((e) => e.type)).toEqual(['product.created', 'product.updated', 'product.deleted']);
    for (const e of events) expect(e).toMatchObject({ id: expect.stringMatching(/^evt_[0-9a-f]{24}$/), created_at: expect.stringMatching(/Z$/) });
    expect(events[0].data).toMatchObject({ id, code, description: 'Valve' });
    expect(events[1].data).toEqual(got);
    expect(events[1].previous).toEqual({ description: 'Valve' });
    expect(events[2].data).toEqual({ id, code, deleted_at: expect.stringMatching(/Z$/) });
  });

  it('records the lifecycle of an order: created, finished, canceled, uncanceled, updated and deleted', async () => {
    const next = follower(A);
    await next();
    const product = uniq('PRD-');
    await A.post('/products', { code: product, description: 'Valve' });
    await next();
    const code = uniq('ORC-');
    const res = await A.post(`${op}/orders`, { reference_code: code, purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product, quantity: '10.0000' }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.id;
    for (const action of ['finish', 'cancel', 'uncancel']) expect((await A.put(`${op}/orders/${id}/${action}`)).status).toBe(200);
    expect((await A.put(`${op}/orders/${id}`, { observations: 'urgent' })).status).toBe(200);
    const got = (await A.get(`${op}/orders/${id}`)).body.data;
    expect((await A.del(`${op}/orders/${id}`)).status).toBe(200);
    const events = await next();
    expect(events.map((e) => e.type)).toEqual(['order.created', 'order.finished', 'order.canceled', 'order.uncanceled', 'order.updated', 'order.deleted']);
    expect(events[0].data).toMatchObject({ id, reference_code: code, purchase_order: { items: [{ line_reference: '10' }] } });
    expect(events[1].previous).toEqual({ finished_at: null });
    expect(events[3].previous).toEqual({ canceled_at: expect.stringMatching(/Z$/) });
    expect(events[4].data).toEqual(got);
    expect(events[4].previous).toEqual({ observations: null });
    // With its operation's id, so a board of the operation sees it leave (docs/webhooks.md, Event catalogue).
    expect(events[5].data).toEqual({ id, reference_code: code, operation: { id: a.operation.id }, deleted_at: expect.stringMatching(/Z$/) });
  });

  it('records processes, costs closed and reopened, and a changed ETA of the shipment', async () => {
    const next = follower(A);
    await next();
    const code = uniq('PRC-');
    const res = await A.post(`${op}/processes`, { reference_code: code, foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', eta: '2025-05-10T00:00:00Z' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.id;
    expect((await A.put(`${op}/processes/${id}`, { foreign_trade_shipment: { eta: '2025-05-14T00:00:00Z' } })).status).toBe(200);
    expect((await A.put(`${op}/processes/${id}/costs/close`)).status).toBe(200);
    expect((await A.put(`${op}/processes/${id}/costs/reopen`)).status).toBe(200);
    for (const action of ['finish', 'cancel', 'uncancel']) expect((await A.put(`${op}/processes/${id}/${action}`)).status).toBe(200);
    expect((await A.del(`${op}/processes/${id}`)).status).toBe(200);
    const events = await next();
    expect(events.map((e) => e.type)).toEqual([
      'process.created',
      'process.updated',
      'shipment.eta_changed',
      'costs.closed',
      'costs.reopened',
      'process.finished',
      'process.canceled',
      'process.uncanceled',
      'process.deleted',
    ]);
    expect(events[0].data).toMatchObject({ id, reference_code: code, foreign_trade_shipment: { eta: '2025-05-10T00:00:00Z' } });
    expect(events[2]).toMatchObject({ data: { id, foreign_trade_shipment: { eta: '2025-05-14T00:00:00Z' } }, previous: { eta: '2025-05-10T00:00:00Z' }, shipment: { eta: '2025-05-14T00:00:00Z' } });
    expect(events[3]).toMatchObject({ data: { id, costs_closed_at: expect.any(String) }, previous: { costs_closed_at: null } });
  });

  it('records container events added, customs status changes, the tracking status, and documents uploaded and deleted', async () => {
    const next = follower(A);
    await next();
    const code = uniq('PRC-');
    const container = { code: 'MSCU1234565', type: 'DRY', size_foot_type: 'STANDARD_40' };
    const created = await A.post(`${op}/processes`, {
      reference_code: code,
      foreign_trade_shipment: {
        type: 'MARITIME_TRANSPORT',
        maritime_transport_shipment: {},
        transportables: [{ type: 'CONTAINER', container: { ...container, events: [{ datetime: '2025-04-02T10:00:00Z', place: 'Shanghai', status: 'LOADED' }] } }],
        shipment_duimps: [{ duimp: { number: '25BR0000012345', status: 'CLEARED_AWAITING_CARGO_DELIVERY' } }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    // Rows written with the process itself are in process.created, not events of their own.
    expect((await next()).map((e) => e.type)).toEqual(['process.created']);
    const stored = (await A.get(`${op}/processes/${id}`)).body.data.foreign_trade_shipment;
    const t = stored.transportables[0];
    const d = stored.shipment_duimps[0];
    const res = await A.put(`${op}/processes/${id}`, {
      foreign_trade_shipment: {
        maritime_transport_shipment: { tracking_key: 'BILL_OF_LADING', bl: '!' },
        transportables: [{ id: t.id, type: 'CONTAINER', container: { ...container, events: [...t.container.events, { datetime: '2025-05-01T08:00:00Z', place: 'Santos', status: 'DISCHARGED' }] } }],
        shipment_duimps: [{ id: d.id, duimp: { ...d.duimp, status: 'CANCELED_BY_CUSTOMS' } }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changed = await next();
    expect(changed.map((e) => e.type).sort()).toEqual(['container.event_added', 'customs.status_changed', 'process.updated', 'shipment.tracking_status_changed']);
    const of = (type: string) => changed.find((e) => e.type === type);
    expect(of('container.event_added')).toMatchObject({ data: { id }, container_event: { place: 'Santos', status: 'DISCHARGED', datetime: '2025-05-01T08:00:00Z' } });
    expect(of('customs.status_changed')).toMatchObject({ customs: { kind: 'duimp', status: 'CANCELED_BY_CUSTOMS' }, previous: { status: 'CLEARED_AWAITING_CARGO_DELIVERY' } });
    expect(of('shipment.tracking_status_changed')).toMatchObject({ shipment: { status_response: 'INVALID' }, previous: { status_response: 'PENDING' } });
    const form = new FormData();
    form.append('type', 'BILL_OF_LADING');
    form.append('file', new Blob([new TextEncoder().encode('BL')], { type: 'text/plain' }), 'bl.txt');
    const up = await fetch(`${baseUrl()}/api${op}/processes/${id}/documents`, { method: 'POST', headers: { 'api-key': a.api_key }, body: form });
    expect(up.status).toBe(201);
    const doc = ((await up.json()) as any).data;
    expect((await A.del(`${op}/processes/${id}/documents/${doc.id}`)).status).toBe(200);
    // An upload also changes the process (its GET lists its documents).
    const docs = (await next()).filter((e) => e.type.startsWith('document.'));
    expect(docs.map((e) => e.type)).toEqual(['document.uploaded', 'document.deleted']);
    expect(docs[0].data).toMatchObject({ id: doc.id, process_id: id, original_filename: 'bl.txt', type: 'BILL_OF_LADING' });
    expect(docs[0].data).not.toHaveProperty('storage_key');
  });

  it('writes a batch of products as one event each, and a rolled-back batch writes none', async () => {
    const next = follower(A);
    await next();
    const codes = Array.from({ length: 100 }, () => uniq('PRD-'));
    const ok = await A.put('/products', codes.map((code) => ({ code, description: 'Bolt' })));
    expect(ok.status).toBe(201);
    const events = await next();
    expect(events.map((e) => e.type)).toEqual(codes.map(() => 'product.created'));
    expect(events.map((e) => e.data.code)).toEqual(codes);
    // The last element is refused, so the whole batch rolls back: no product, no event.
    const refused = await A.put('/products', [{ code: uniq('PRD-'), description: 'Nut' }, { code: uniq('PRD-') }]);
    expect(refused.status).toBe(422);
    expect(await next()).toEqual([]);
  });

  it('filters by type and time, and pages by cursor', async () => {
    const next = follower(A);
    await next();
    const since = new Date().toISOString();
    for (let i = 0; i < 3; i++) await A.post('/products', { code: uniq('PRD-'), description: 'Washer' });
    const page = await A.get('/events', `limit=2&filters[type]=product.created&filters[created_after]=${since}`);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.has_more).toBe(true);
    const rest = await A.get('/events', `limit=2&after=${page.body.next_cursor}&filters[type]=product.created&filters[created_after]=${since}`);
    expect(rest.body).toMatchObject({ has_more: false, data: [{ type: 'product.created' }] });
    expect((await A.get('/events', 'filters[type]=order.shipped')).status).toBe(400);
    expect((await A.get('/events', 'after=nonsense')).status).toBe(400);
    expect((await A.get('/events', 'limit=101')).status).toBe(400);
  });

  it("never shows a company another company's events, in REST or GraphQL", async () => {
    const b = await newCompany();
    const B = client(b.api_key);
    await A.post('/products', { code: uniq('PRD-'), description: 'Only A' });
    expect((await eventsSince(B)).events).toEqual([]);
    const gql = await graphql(b.api_key, '{ events(limit: 100) { data { id type } next_cursor has_more } }');
    expect(gql.body).toEqual({ data: { events: { data: [], next_cursor: null, has_more: false } } });
  });
});
