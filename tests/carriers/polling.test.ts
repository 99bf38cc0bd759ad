// The tracking poller on a server of its own with a short interval (docs/tracking.md, How often).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startAppServer, type AppServer } from '../setup/app-server.ts';
import { equipmentEvent, startDcsaStub, transportEvent, type DcsaStub } from './dcsa-stub.ts';

let app: AppServer;
let stub: DcsaStub;
const adminToken = randomBytes(16).toString('hex');
beforeAll(async () => {
  stub = await startDcsaStub();
  app = await startAppServer({ serverUrl: inject('databaseKind') === 'postgres' ? process.env.DATABASE_URL : undefined, adminToken, settings: { TRACKING_POLL_INTERVAL_SECONDS: '0.5' } });
});
afterAll(async () => {
  await app?.stop();
  await stub?.close();
});

async function call(key: string, method: string, path: string, params?: unknown) {
  const res = await fetch(`${app.baseUrl}/api${path}`, { method, headers: { 'api-key': key, 'content-type': 'application/json' }, body: params === undefined ? undefined : JSON.stringify({ params }) });
  return { status: res.status, body: await res.json() };
}

describe('polling', () => {
  it('looks tracked shipments up on schedule, and stops for a finished process', async () => {
    const created = await fetch(`${app.baseUrl}/admin/companies`, { method: 'POST', headers: { 'admin-token': adminToken, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Poller Co' }) });
    const co = await created.json();
    const key = co.api_key as string;
    expect((await call(key, 'PUT', '/carrier-connections/MSCU', { protocol: 'DCSA_TNT_2', base_url: stub.url })).status).toBe(201);
    stub.events.set('POLLBL0001', [transportEvent('ARRI', 'EST', '2026-04-01T00:00:00Z', 'BRSSZ')]);
    const processes = `/operations/${co.operation.id}/processes`;
    const p = await call(key, 'POST', processes, { reference_code: 'POLL-1', foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', maritime_transport_shipment: { sealine_code: 'MSCU', tracking_key: 'BILL_OF_LADING', bl: 'POLLBL0001' } } });
    expect(p.status).toBe(201);
    const shipment = async () => (await call(key, 'GET', `${processes}/${p.body.data.id}`)).body.data.foreign_trade_shipment;
    let s = await shipment();
    for (const until = Date.now() + 20_000; s.status_response !== 'FOUND' && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 100));
      s = await shipment();
    }
    expect(s).toMatchObject({ status_response: 'FOUND', eta: '2026-04-01T00:00:00Z' });
    // The next polls pick up what the carrier says later.
    stub.events.get('POLLBL0001')!.push(transportEvent('ARRI', 'ACT', '2026-03-30T00:00:00Z', 'BRSSZ'));
    for (const until = Date.now() + 20_000; s.ata !== '2026-03-30T00:00:00Z' && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 100));
      s = await shipment();
    }
    expect(s).toMatchObject({ eta: '2026-03-30T00:00:00Z', ata: '2026-03-30T00:00:00Z' });
    // A finished process is no longer asked about.
    expect((await call(key, 'PUT', `${processes}/${p.body.data.id}/finish`)).status).toBe(200);
    const asked = () => stub.requests.filter((r) => r.query.transportDocumentReference === 'POLLBL0001').length;
    // Three intervals with no lookup, measured against a second, live shipment that keeps being asked.
    stub.events.set('POLLBL0002', [equipmentEvent('GTIN', 'ACT', '2026-02-01T00:00:00Z', 'MSCU1234565', 'CNSGH')]);
    await call(key, 'POST', processes, { reference_code: 'POLL-2', foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', maritime_transport_shipment: { sealine_code: 'MSCU', tracking_key: 'BILL_OF_LADING', bl: 'POLLBL0002' } } });
    const other = () => stub.requests.filter((r) => r.query.transportDocumentReference === 'POLLBL0002').length;
    const polls = async (n: number) => {
      for (const until = Date.now() + 20_000; other() < n && Date.now() < until; ) await new Promise((r) => setTimeout(r, 100));
      expect(other()).toBeGreaterThanOrEqual(n);
    };
    // A poll that claimed the finished process before it finished is over once the other shipment was asked.
    await polls(1);
    const before = asked();
    await polls(other() + 3);
    expect(asked()).toBe(before);
    expect(stub.problems).toEqual([]);
  });
});
