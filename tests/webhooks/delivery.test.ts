import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { baseUrl, client, newCompany, uniq, type TestCompany } from '../helpers.ts';
import { startReceiver, type Receiver, type Received } from './receiver.ts';
import { documentedSamples, shapeOf } from './samples.ts';

type Client = ReturnType<typeof client>;

/** The Standard Webhooks headers of a request, as the verifier takes them. */
const signed = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});
const typeOf = (r: Received) => String(r.headers['webhook-event-type']);

describe('webhook deliveries', () => {
  let a: TestCompany;
  let A: Client;
  let op: string;
  let receiver: Receiver;
  beforeAll(async () => {
    a = await newCompany();
    A = client(a.api_key);
    op = `/operations/${a.operation.id}`;
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  /** Registers an endpoint for `events` at the receiver (a path of its own); answers its id, secret and path. */
  async function endpoint(C: Client, events: string[], receiverUrl = receiver.url) {
    const path = `${receiverUrl}/${uniq()}`;
    const res = await C.post('/webhooks', { url: path, events });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.data.id as number, secret: res.body.data.secret as string, path: new URL(path).pathname };
  }

  it('delivers every event type after the change that causes it, each signed as Standard Webhooks says', async () => {
    const hook = await endpoint(A, ['*']);
    // products
    const code = uniq('PRD-');
    const product = (await A.post('/products', { code, description: 'Valve' })).body.data.id;
    await A.put(`/products/${product}`, { description: 'Valve B' });
    // orders
    const order = (await A.post(`${op}/orders`, { reference_code: uniq('ORC-'), purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: code, quantity: '1.0000' }] } })).body.data.id;
    for (const action of ['finish', 'cancel', 'uncancel']) await A.put(`${op}/orders/${order}/${action}`);
    await A.put(`${op}/orders/${order}`, { observations: 'x' });
    await A.del(`${op}/orders/${order}`);
    await A.del(`/products/${product}`);
    // processes, costs, shipment, containers, customs, documents
    const container = { code: 'MSCU1234565', type: 'DRY', size_foot_type: 'STANDARD_40' };
    const created = await A.post(`${op}/processes`, {
      reference_code: uniq('PRC-'),
      foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', eta: '2025-05-10T00:00:00Z', maritime_transport_shipment: {}, transportables: [{ type: 'CONTAINER', container }], shipment_duimps: [{ duimp: { number: '25BR0000012345', status: 'CLEARED_AWAITING_CARGO_DELIVERY' } }] },
    });
    const process = created.body.data.id;
    const stored = (await A.get(`${op}/processes/${process}`)).body.data.foreign_trade_shipment;
    await A.put(`${op}/processes/${process}`, {
      foreign_trade_shipment: {
        eta: '2025-05-14T00:00:00Z',
        maritime_transport_shipment: { tracking_key: 'BILL_OF_LADING', bl: '!' },
        transportables: [{ id: stored.transportables[0].id, type: 'CONTAINER', container: { ...container, events: [{ datetime: '2025-05-01T08:00:00Z', place: 'Santos', status: 'DISCHARGED' }] } }],
        shipment_duimps: [{ id: stored.shipment_duimps[0].id, duimp: { ...stored.shipment_duimps[0].duimp, status: 'CANCELED_BY_CUSTOMS' } }],
      },
    });
    await A.put(`${op}/processes/${process}/costs/close`);
    await A.put(`${op}/processes/${process}/costs/reopen`);
    const form = new FormData();
    form.append('type', 'BILL_OF_LADING');
    form.append('file', new Blob([new TextEncoder().encode('BL')], { type: 'text/plain' }), 'bl.txt');
    const doc = ((await (await fetch(`${baseUrl()}/api${op}/processes/${process}/documents`, { method: 'POST', headers: { 'api-key': a.api_key }, body: form })).json()) as any).data.id;
    await A.del(`${op}/processes/${process}/documents/${doc}`);
    for (const action of ['finish', 'cancel', 'uncancel']) await A.put(`${op}/processes/${process}/${action}`);
    await A.del(`${op}/processes/${process}`);

    const all = [
      'order.created', 'order.updated', 'order.finished', 'order.canceled', 'order.uncanceled', 'order.deleted',
      'process.created', 'process.updated', 'process.finished', 'process.canceled', 'process.uncanceled', 'process.deleted',
      'product.created', 'product.updated', 'product.deleted', 'costs.closed', 'costs.reopened', 'document.uploaded', 'document.deleted',
      'shipment.eta_changed', 'shipment.tracking_status_changed', 'container.event_added', 'customs.status_changed',
    ];
    // The first event of each type, in the order GET /api/events lists them, and its delivery.
    const events = (await A.get('/events', 'limit=100')).body.data as any[];
    const first = new Map(all.map((t) => [t, events.find((e) => e.type === t)?.id as string]));
    const got = await receiver.until((list) => all.every((t) => list.some((r) => r.headers['webhook-id'] === first.get(t))));
    const verifier = new Webhook(hook.secret);
    const received = new Map<string, unknown>();
    for (const type of all) {
      const request = got.find((r) => r.headers['webhook-id'] === first.get(type))!;
      const payload = verifier.verify(request.body, signed(request)) as any;
      expect(payload.type).toBe(type);
      expect(request.headers['webhook-id']).toBe(payload.id);
      expect(request.headers['content-type']).toBe('application/json');
      // The body is the event as GET /api/events answers it.
      const listed = events.find((e) => e.id === payload.id);
      expect(listed).toMatchObject(payload);
      received.set(type, payload);
    }

    // The page's sample payloads are deliveries like these (docs/webhook-events.md); a test
    // ping is no event type, so it has no sample there (docs/webhooks.md, "Testing an endpoint").
    const types = [...all];
    const documented = documentedSamples(types, received);
    expect([...documented.keys()]).toEqual(types);
    for (const type of types) expect(shapeOf(documented.get(type)), type).toEqual(shapeOf(received.get(type)));
  });

  it('retries a receiver that answers 500 until it succeeds, recording every attempt', async () => {
    const own = await startReceiver();
    const hook = await endpoint(A, ['product.created'], own.url);
    own.script.push(500, 500);
    await A.post('/products', { code: uniq('PRD-'), description: 'Retried' });
    await own.until((list) => list.length >= 3);
    const delivery = await vi.waitFor(async () => {
      const first = (await A.get(`/webhooks/${hook.id}/deliveries`)).body.data[0];
      expect(first?.status).toBe('SUCCEEDED');
      return first;
    }, { timeout: 20_000, interval: 50 });
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attempt_count: 3, response_status: 200, next_attempt_at: null });
    expect(delivery.attempts.map((t: any) => t.response_status)).toEqual([500, 500, 200]);
    // Every attempt is the same message: same id, same body.
    expect(new Set(own.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(own.received.map((r) => r.body)).size).toBe(1);
    await own.close();
  });

  it('records why an attempt failed without the address the host resolved to', async () => {
    // Nothing listens on the discard port: the connection is refused ("connect ECONNREFUSED
    // 127.0.0.1:9" in Node's words, which would tell the company the address).
    const hook = (await A.post('/webhooks', { url: 'http://localhost:9/hooks', events: ['*'] })).body.data;
    expect(hook.url).toBe('http://localhost:9/hooks');
    const ping = (await A.post(`/webhooks/${hook.id}/test`, undefined)).body.data;
    const delivery = await vi.waitFor(async () => {
      const found = (await A.get(`/webhooks/${hook.id}/deliveries`)).body.data.find((d: any) => d.id === ping.id);
      expect(found?.attempt_count).toBeGreaterThanOrEqual(1);
      return found;
    }, { timeout: 20_000, interval: 50 });
    // Retries come within milliseconds in tests (WEBHOOKS_RETRY_SCALE): one attempt or more may be recorded by now.
    expect(delivery.attempt_count).toBeGreaterThanOrEqual(1);
    expect(delivery).toMatchObject({ response_status: null, error: 'the connection was refused' });
    for (const attempt of delivery.attempts) expect(attempt.error).toBe('the connection was refused');
    expect(JSON.stringify(delivery)).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('sends a ping, and signs with both secrets for a day after a rotation', async () => {
    const hook = await endpoint(A, ['order.created']);
    const rotated = (await A.post(`/webhooks/${hook.id}/rotate-secret`, undefined)).body.data.secret;
    const before = receiver.received.length;
    const ping = await A.post(`/webhooks/${hook.id}/test`, undefined);
    expect(ping.status).toBe(200);
    const [request] = (await receiver.until((list) => list.slice(before).some((r) => typeOf(r) === 'ping'))).slice(before).filter((r) => typeOf(r) === 'ping');
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [hook.secret, rotated]) expect((new Webhook(secret).verify(request.body, signed(request)) as any).type).toBe('ping');
  });

  it("never delivers company A's events to company B's endpoint", async () => {
    const b = await newCompany();
    const B = client(b.api_key);
    const other = await startReceiver();
    try {
      await endpoint(B, ['*'], other.url);
      const before = receiver.received.length;
      await endpoint(A, ['product.created']);
      await A.post('/products', { code: uniq('PRD-'), description: 'A only' });
      await receiver.until((list) => list.slice(before).some((r) => typeOf(r) === 'product.created'));
      await new Promise((r) => setTimeout(r, 500));
      expect(other.received).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
