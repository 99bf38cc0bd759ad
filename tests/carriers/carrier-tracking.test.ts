// Carrier connections and lookups over HTTP against a DCSA Track & Trace stub (docs/tracking.md).
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, newCompany, uniq, type TestCompany } from '../helpers.ts';
import { equipmentEvent, startDcsaStub, transportEvent, type DcsaStub } from './dcsa-stub.ts';

let stub: DcsaStub;
beforeAll(async () => {
  stub = await startDcsaStub();
});
afterAll(async () => stub.close());
afterEach(() => {
  // Every answer the stub gave conformed to the DCSA description.
  expect(stub.problems).toEqual([]);
  stub.mode = 'ok';
});

const SECRET = Buffer.from('a notification secret of the test').toString('base64');

async function connected(): Promise<{ co: TestCompany; C: ReturnType<typeof client> }> {
  const co = await newCompany();
  const C = client(co.api_key);
  const res = await C.put('/carrier-connections/MSCU', { protocol: 'DCSA_TNT_2', base_url: stub.url, auth_header: 'API-Key', auth_value: 'carrier-key-1', notification_secret: SECRET });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { co, C };
}

async function maritimeProcess(C: ReturnType<typeof client>, co: TestCompany, maritime: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const code = uniq('PRC-');
  const res = await C.post(`/operations/${co.operation.id}/processes`, {
    reference_code: code,
    foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', ...extra, maritime_transport_shipment: { sealine_code: 'MSCU', ...maritime } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { code, id: res.body.data.id as number };
}

const refresh = (C: ReturnType<typeof client>, co: TestCompany, code: string) => C.put(`/operations/${co.operation.id}/processes-by-reference-code/${code}/tracking/refresh`);
const shipmentOf = async (C: ReturnType<typeof client>, co: TestCompany, code: string) =>
  (await C.get(`/operations/${co.operation.id}/processes-by-reference-code/${code}`)).body.data.foreign_trade_shipment;

describe('carrier connections', () => {
  it('creates (201), updates (200), lists, reads and deletes a connection, never showing its secrets', async () => {
    const { co, C } = await connected();
    const got = await C.get('/carrier-connections/MSCU');
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ scac: 'MSCU', protocol: 'DCSA_TNT_2', base_url: stub.url, auth_header: 'API-Key', has_auth_value: true, has_notification_secret: true });
    expect(got.body.data.notification_url).toMatch(/^http:\/\/localhost:\d+\/carrier-notifications\/\d+\.[A-Za-z0-9_-]{32}$/);
    const text = JSON.stringify(got.body) + JSON.stringify((await C.get('/carrier-connections')).body);
    expect(text).not.toContain('carrier-key-1');
    expect(text).not.toContain(SECRET);
    const updated = await C.put('/carrier-connections/MSCU', { auth_value: 'carrier-key-2' });
    expect(updated.status).toBe(200);
    expect(JSON.stringify(updated.body)).not.toContain('carrier-key-2');
    expect((await C.get('/carrier-connections')).body.data.map((c: { scac: string }) => c.scac)).toEqual(['MSCU']);
    // Another company sees none of it.
    const other = client((await newCompany()).api_key);
    expect((await other.get('/carrier-connections/MSCU')).status).toBe(404);
    expect((await other.del('/carrier-connections/MSCU')).status).toBe(404);
    expect((await other.get('/carrier-connections')).body.data).toEqual([]);
    expect((await C.del('/carrier-connections/MSCU')).status).toBe(200);
    expect((await C.get('/carrier-connections/MSCU')).status).toBe(404);
    expect(co.operation.id).toBeGreaterThan(0);
  });

  it('subscribes with the carrier, callback and secret as DCSA asks; a carrier without subscriptions leaves polling', async () => {
    const { C } = await connected();
    const conn = (await C.get('/carrier-connections/MSCU')).body.data;
    expect(conn.subscription_status).toBe('SUBSCRIBED');
    expect(stub.subscribed.some((s) => s.body.callbackUrl === conn.notification_url && s.body.secret === SECRET)).toBe(true);
    expect(stub.requests.find((r) => r.method === 'POST')?.headers['api-key']).toBe('carrier-key-1');
    stub.subscriptions = false;
    try {
      const co2 = client((await newCompany()).api_key);
      const res = await co2.put('/carrier-connections/MSCU', { protocol: 'DCSA_TNT_2', base_url: stub.url, notification_secret: SECRET });
      expect(res.status).toBe(201);
      expect(res.body.data.subscription_status).toBe('UNSUPPORTED');
    } finally {
      stub.subscriptions = true;
    }
  });

  it('refuses a bad connection with 422 and stores nothing', async () => {
    const C = client((await newCompany()).api_key);
    const res = await C.put('/carrier-connections/MSCU', { protocol: 'FTP', base_url: 'not a url', notification_secret: '***' });
    expect(res.status).toBe(422);
    expect(res.body.fields.map((f: { name: string }) => f.name).sort()).toEqual(['base_url', 'notification_secret', 'protocol']);
    expect((await C.get('/carrier-connections/MSCU')).status).toBe(404);
    expect((await C.put('/carrier-connections/M$', { protocol: 'DCSA_TNT_2', base_url: stub.url })).status).toBe(404);
  });
});

describe('lookups', () => {
  it('is PENDING until the first lookup, then FOUND with the dates, ports and container milestones of the carrier', async () => {
    const { co, C } = await connected();
    const bl = uniq('MEDU').replace(/[^A-Z0-9]/gi, '').slice(0, 16);
    stub.events.set(bl, [
      transportEvent('DEPA', 'ACT', '2026-03-01T10:00:00Z', 'CNSGH'),
      transportEvent('ARRI', 'EST', '2026-04-01T08:00:00Z', 'BRSSZ', '2026-03-02T00:00:00Z'),
      transportEvent('ARRI', 'EST', '2026-04-03T08:00:00Z', 'BRSSZ', '2026-03-05T00:00:00Z'),
      equipmentEvent('GTIN', 'ACT', '2026-02-27T09:00:00Z', 'MSCU1234565', 'CNSGH'),
      equipmentEvent('LOAD', 'ACT', '2026-02-28T09:00:00Z', 'MSCU1234565', 'CNSGH'),
    ]);
    const p = await maritimeProcess(C, co, { tracking_key: 'BILL_OF_LADING', bl }, {
      eta: '2026-05-01T00:00:00Z',
      transportables: [{ type: 'CONTAINER', container: { code: 'MSCU1234565' } }],
    });
    expect((await shipmentOf(C, co, p.code)).status_response).toBe('PENDING');
    const res = await refresh(C, co, p.code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status_response: 'FOUND', eta: '2026-04-03T08:00:00Z', eta_source: 'CARRIER_ESTIMATED', atd: '2026-03-01T10:00:00Z', etd: '2026-03-01T10:00:00Z', ata: null, tracking_api: 'DCSA_TNT_2:MSCU', tracking_error: null });
    expect(stub.requests.at(-1)).toMatchObject({ path: '/v2/events', query: { transportDocumentReference: bl } });
    expect(stub.requests.at(-1)!.headers['api-key']).toBe('carrier-key-1');
    const s = await shipmentOf(C, co, p.code);
    expect(s.maritime_transport_shipment).toMatchObject({ tracking_loading_port: 'CNSGH', tracking_discharge_port: 'BRSSZ', voyage_number: '2403W' });
    // The process's GET answers where its ETA comes from, as the API reference documents it.
    expect(s).toMatchObject({ eta: '2026-04-03T08:00:00Z', eta_source: 'CARRIER_ESTIMATED' });
    const reference = (await (await fetch(`${baseUrl()}/openapi.json`)).json()) as any;
    expect(JSON.stringify(reference.components.schemas.ForeignTradeShipment.properties.eta_source)).toContain('#/components/schemas/EtaSource');
    expect(reference.components.schemas.EtaSource.enum).toEqual(['SENT', 'TRACKING', 'CARRIER_ESTIMATED', 'CARRIER_ACTUAL']);
    const events = s.transportables[0].container.events;
    expect(events.map((e: { status: string }) => e.status).sort()).toEqual(['GATE_IN', 'LOADED']);
    expect(events[0]).toMatchObject({ estimated: false, place: 'CNSGH', transport: 'MSC TEST', voyage: '2403W' });
    // A second lookup adds no milestone twice; the carrier's ACT arrival then wins.
    stub.events.get(bl)!.push(transportEvent('ARRI', 'ACT', '2026-04-02T20:00:00Z', 'BRSSZ'));
    const again = await refresh(C, co, p.code);
    expect(again.body.data).toMatchObject({ eta: '2026-04-02T20:00:00Z', eta_source: 'CARRIER_ACTUAL', ata: '2026-04-02T20:00:00Z' });
    expect((await shipmentOf(C, co, p.code)).transportables[0].container.events).toHaveLength(2);
    // Each change is an event.
    const types = (await C.get('/events', 'limit=100')).body.data.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['shipment.tracking_status_changed', 'shipment.eta_changed', 'container.event_added']));
    // The carrier's ETA outranks one sent later (a warning says so).
    const put = await C.put(`/operations/${co.operation.id}/processes-by-reference-code/${p.code}`, { foreign_trade_shipment: { eta: '2026-06-01T00:00:00Z' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await shipmentOf(C, co, p.code)).eta).toBe('2026-04-02T20:00:00Z');
  });

  it('asks by booking and by each container code; NOT_FOUND for an empty answer, INVALID for a refused or malformed reference', async () => {
    const { co, C } = await connected();
    const booking = uniq('BK').replace(/[^A-Z0-9]/gi, '').slice(0, 16);
    stub.events.set(booking, [transportEvent('ARRI', 'EST', '2026-04-10T00:00:00Z', 'BRSSZ')]);
    const byBooking = await maritimeProcess(C, co, { tracking_key: 'BOOKING', booking });
    expect((await refresh(C, co, byBooking.code)).body.data).toMatchObject({ status_response: 'FOUND', eta: '2026-04-10T00:00:00Z' });
    expect(stub.requests.at(-1)!.query.carrierBookingReference).toBe(booking);
    stub.events.set('MSKU7654321', [equipmentEvent('GTOT', 'ACT', '2026-02-20T00:00:00Z', 'MSKU7654321', 'CNSGH')]);
    const byContainer = await maritimeProcess(C, co, { tracking_key: 'CONTAINER_CODE' }, { transportables: [{ type: 'CONTAINER', container: { code: 'MSKU7654321' } }] });
    expect((await refresh(C, co, byContainer.code)).body.data.status_response).toBe('FOUND');
    expect(stub.requests.at(-1)!.query.equipmentReference).toBe('MSKU7654321');
    const empty = await maritimeProcess(C, co, { tracking_key: 'BILL_OF_LADING', bl: 'NOSUCHBL001' });
    expect((await refresh(C, co, empty.code)).body.data.status_response).toBe('NOT_FOUND');
    stub.refused.add('REFUSED0001');
    const refused = await maritimeProcess(C, co, { tracking_key: 'HOUSE_BL', hbl: 'REFUSED0001' });
    expect((await refresh(C, co, refused.code)).body.data.status_response).toBe('INVALID');
    const malformed = await maritimeProcess(C, co, { tracking_key: 'BOOKING', booking: '!' });
    const asked = stub.requests.length;
    expect((await refresh(C, co, malformed.code)).body.data.status_response).toBe('INVALID');
    expect(stub.requests.length).toBe(asked);
  });

  it('changes nothing when the carrier answers 500 or times out: the error is recorded, the answer is 200', async () => {
    const { co, C } = await connected();
    const bl = uniq('DOWN').replace(/[^A-Z0-9]/gi, '').slice(0, 16);
    stub.events.set(bl, [transportEvent('ARRI', 'EST', '2026-04-01T08:00:00Z', 'BRSSZ')]);
    const p = await maritimeProcess(C, co, { tracking_key: 'BILL_OF_LADING', bl });
    await refresh(C, co, p.code);
    const before = await shipmentOf(C, co, p.code);
    stub.events.set(bl, []);
    stub.mode = 'down';
    const down = await refresh(C, co, p.code);
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({ status_response: 'FOUND', eta: '2026-04-01T08:00:00Z', tracking_error: 'answered 500' });
    stub.mode = 'slow';
    const slow = await refresh(C, co, p.code);
    expect(slow.status).toBe(200);
    expect(slow.body.data.tracking_error).toMatch(/no answer within/);
    const after = await shipmentOf(C, co, p.code);
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
  });
});

describe('pushed notifications', () => {
  const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', Buffer.from(secret, 'base64')).update(body).digest('hex')}`;
  const push = (url: string, body: string, signature?: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'notification-signature': signature } : {}) }, body });

  it('applies a well-signed push in the background (204) and stores nothing of a push with a bad or missing signature (401)', async () => {
    const { co, C } = await connected();
    const url = (await C.get('/carrier-connections/MSCU')).body.data.notification_url as string;
    const bl = uniq('PUSH').replace(/[^A-Z0-9]/gi, '').slice(0, 16);
    const p = await maritimeProcess(C, co, { tracking_key: 'BILL_OF_LADING', bl }, { transportables: [{ type: 'CONTAINER', container: { code: 'MSCU1234565' } }] });
    const withRef = (e: Record<string, unknown>) => ({ ...e, documentReferences: [{ documentReferenceType: 'TRD', documentReferenceValue: bl }] });
    const forged = JSON.stringify([withRef(equipmentEvent('DISC', 'ACT', '2026-04-03T00:00:00Z', 'MSCU1234565', 'BRSSZ'))]);
    expect((await push(url, forged, sign(forged, Buffer.from('another secret of sixteen').toString('base64')))).status).toBe(401);
    expect((await push(url, forged)).status).toBe(401);
    expect((await push(url, forged, 'sha256=zz')).status).toBe(401);
    const good = JSON.stringify([withRef(equipmentEvent('GTOT', 'ACT', '2026-02-26T00:00:00Z', 'MSCU1234565', 'CNSGH')), withRef(transportEvent('ARRI', 'EST', '2026-04-05T00:00:00Z', 'BRSSZ'))]);
    expect((await push(url, good, sign(good))).status).toBe(204);
    let s = await shipmentOf(C, co, p.code);
    for (const until = Date.now() + 20_000; s.transportables[0].container.events.length === 0 && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 100));
      s = await shipmentOf(C, co, p.code);
    }
    expect(s.transportables[0].container.events.map((e: { status: string }) => e.status)).toEqual(['GATE_OUT']);
    expect(s).toMatchObject({ status_response: 'FOUND', eta: '2026-04-05T00:00:00Z' });
    expect((await fetch(url.replace(/[^/]+$/, 'A'.repeat(32)), { method: 'POST', body: good, headers: { 'notification-signature': sign(good) } })).status).toBe(404);
  });
});
