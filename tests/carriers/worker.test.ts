// Carrier tracking in `npm run worker` processes beside the app (docs/tracking.md, Settings):
// the app and two workers poll the same PostgreSQL database, and no shipment is looked up
// twice in one interval. The embedded database serves one process, so this runs on PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../setup/app-server.ts';
import { appWithCompany } from '../webhooks/own-app.ts';
import { workerProcesses } from '../setup/worker-process.ts';
import { startDcsaStub, transportEvent, type DcsaStub } from './dcsa-stub.ts';

const serverUrl = process.env.DATABASE_URL;
const INTERVAL_SECONDS = 3;
const SHIPMENTS = 40;

describe.skipIf(!serverUrl)('tracking in worker processes', () => {
  let app: AppServer;
  let call: Awaited<ReturnType<typeof appWithCompany>>['call'];
  let operation: number;
  let stub: DcsaStub;

  /** `npm run worker` processes on the app's database. */
  const workers = workerProcesses(() => app.databaseUrl, { TRACKING_POLL_INTERVAL_SECONDS: String(INTERVAL_SECONDS), TRACKING_POLL_BATCH: '20' });
  const startWorker = () => workers.start();

  beforeAll(async () => {
    stub = await startDcsaStub();
    // The app polls too, one shipment a poll: alone it would need SHIPMENTS intervals to look them all up.
    ({ app, call, operation } = await appWithCompany(serverUrl, { TRACKING_POLL_INTERVAL_SECONDS: String(INTERVAL_SECONDS), TRACKING_POLL_BATCH: '1' }));
  }, 300_000);
  afterAll(async () => {
    await workers.stopAll();
    await app?.stop();
    await stub?.close();
  });

  it('looks shipments up in the workers, each once an interval, with the app polling the same rows', async () => {
    expect((await call('PUT', '/carrier-connections/MSCU', { protocol: 'DCSA_TNT_2', base_url: stub.url })).status).toBe(201);
    const bls = Array.from({ length: SHIPMENTS }, (_, i) => `WRKBL${String(i).padStart(5, '0')}`);
    for (const bl of bls) stub.events.set(bl, [transportEvent('ARRI', 'EST', '2026-04-01T00:00:00Z', 'BRSSZ')]);
    await Promise.all([startWorker(), startWorker()]);
    const started = Date.now();
    const written = await call('PUT', `/operations/${operation}/processes`, bls.map((bl) => ({
      reference_code: `WRK-${bl}`,
      foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', automatic_tracking_enabled: true, maritime_transport_shipment: { sealine_code: 'MSCU', tracking_key: 'BILL_OF_LADING', bl } },
    })));
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const found = async () => ((await call('GET', `/operations/${operation}/processes?limit=100`)).body.data as any[]).filter((p) => p.foreign_trade_shipment.status_response === 'FOUND').length;
    for (let n = await found(); n < SHIPMENTS && Date.now() - started < 60_000; n = await found()) await new Promise((r) => setTimeout(r, 100));
    expect(await found()).toBe(SHIPMENTS);
    // The app alone (one an interval) would still be at work: the workers looked most of them up.
    expect(Date.now() - started).toBeLessThan((SHIPMENTS * INTERVAL_SECONDS * 1000) / 2);
    // Three more rounds of every shipment, then the times each was asked.
    const lookups = () => stub.requests.filter((r) => r.path === '/v2/events');
    for (const until = Date.now() + 60_000; lookups().length < SHIPMENTS * 4 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 100));
    expect(lookups().length).toBeGreaterThanOrEqual(SHIPMENTS * 4);
    const times = new Map<string, number[]>();
    for (const r of lookups()) times.set(r.query.transportDocumentReference, [...(times.get(r.query.transportDocumentReference) ?? []), r.at]);
    const gaps = [...times.values()].flatMap((t) => t.slice(1).map((at, i) => at - t[i]));
    // A shipment claimed twice in one interval would be asked twice within milliseconds.
    expect(Math.min(...gaps)).toBeGreaterThan(INTERVAL_SECONDS * 1000 * 0.8);
    expect(stub.problems).toEqual([]);
  });
});
