// GraphQL subscriptions over Server-Sent Events (docs/graphql.md, "Subscriptions"): a change
// arrives within a second of its commit, a rolled-back change never does, and a company sees
// only its own events; an unknown process is NOT_FOUND. On a PostgreSQL server, a change made
// by one app process reaches the subscribers of another.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppServer, type AppServer } from './setup/app-server.ts';
import { baseUrl, client, newCompany, uniq, type TestCompany } from './helpers.ts';
import { subscribe as subscribeOver, type Subscription } from './setup/sse.ts';

const open: Subscription[] = [];

/** Subscribes with the company's key (tests/setup/sse.ts) and keeps the stream to close after the test. */
async function subscribe(key: string, query: string, variables: Record<string, unknown>, base = baseUrl()): Promise<Subscription> {
  const stream = await subscribeOver(base, key, query, variables);
  open.push(stream);
  // The server holds the subscriber once the stream has started.
  await stream.opened;
  return stream;
}

const PROCESS_CHANGED = 'subscription ($op: Int!, $id: Int!) { processChanged(operation_id: $op, id: $id) { id type created_at data previous } }';
const BOARD = 'subscription ($op: Int!, $filters: ProcessesChangedFilters) { processesChanged(operation_id: $op, filters: $filters) { id type resource_id resource_reference_code } }';
const TRACKING = 'subscription ($op: Int!) { shipmentTracking(operation_id: $op) { id type data shipment previous } }';

describe('subscriptions', () => {
  let a: TestCompany;
  let b: TestCompany;
  let A: ReturnType<typeof client>;
  let B: ReturnType<typeof client>;
  beforeAll(async () => {
    [a, b] = await Promise.all([newCompany(), newCompany()]);
    A = client(a.api_key);
    B = client(b.api_key);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  const newProcess = async (C: ReturnType<typeof client>, co: TestCompany) => {
    const res = await C.post(`/operations/${co.operation.id}/processes`, { reference_code: uniq('PRC-'), foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', eta: '2026-05-10T00:00:00Z' } });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };

  it("delivers a process's events within a second of the commit, and none of a rolled-back change", async () => {
    const id = await newProcess(A, a);
    const stream = await subscribe(a.api_key, PROCESS_CHANGED, { op: a.operation.id, id });
    // A change refused by its rules rolls back: nothing to deliver.
    expect((await A.put(`/operations/${a.operation.id}/processes/${id}`, { reference_code: '' })).status).toBe(422);
    expect((await A.put(`/operations/${a.operation.id}/processes/${id}`, { alert_level: 'DANGER', foreign_trade_shipment: { eta: '2026-05-14T00:00:00Z' } })).status).toBe(200);
    // Within a second of the commit (docs/graphql.md): counted from the write's answer, so a slow write does not count.
    const sent = Date.now();
    const events = await stream.until((list) => list.some((e) => e.type === 'shipment.eta_changed') && list.some((e) => e.type === 'process.updated'));
    const updated = events.find((e) => e.type === 'process.updated');
    expect(updated.data).toMatchObject({ id, alert_level: 'DANGER' });
    expect(updated.received_at - sent).toBeLessThan(1_000);
    expect(events.find((e) => e.type === 'shipment.eta_changed').previous).toEqual({ eta: '2026-05-10T00:00:00Z' });
    // Events of another process of the company are not this subscription's.
    const other = await newProcess(A, a);
    await A.put(`/operations/${a.operation.id}/processes/${other}/finish`);
    await A.put(`/operations/${a.operation.id}/processes/${id}/finish`);
    await stream.until((list) => list.some((e) => e.type === 'process.finished'));
    expect(stream.events.every((e) => e.data.id === id)).toBe(true);
    expect(stream.events.map((e) => e.type)).toEqual(['process.updated', 'shipment.eta_changed', 'process.finished']);
    expect(stream.errors).toEqual([]);
  });

  it("never delivers another company's events, and answers NOT_FOUND for another company's process", async () => {
    const mine = await newProcess(B, b);
    const theirs = await newProcess(A, a);
    const streamA = await subscribe(a.api_key, TRACKING, { op: a.operation.id });
    const streamB = await subscribe(b.api_key, TRACKING, { op: b.operation.id });
    const mineB = await subscribe(b.api_key, PROCESS_CHANGED, { op: b.operation.id, id: mine });
    // The other company's change reaches its own stream first; this company's, made after it,
    // reaches ours after anything of theirs that leaked (a stream keeps the order of publishing).
    expect((await A.put(`/operations/${a.operation.id}/processes/${theirs}`, { foreign_trade_shipment: { eta: '2026-06-01T00:00:00Z' } })).status).toBe(200);
    await streamA.until((list) => list.some((e) => e.type === 'shipment.eta_changed' && e.data.id === theirs));
    expect((await B.put(`/operations/${b.operation.id}/processes/${mine}`, { foreign_trade_shipment: { eta: '2026-06-02T00:00:00Z' } })).status).toBe(200);
    await streamB.until((list) => list.length >= 1);
    await mineB.until((list) => list.some((e) => e.type === 'shipment.eta_changed'));
    expect(streamB.events.map((e) => [e.type, e.data.id])).toEqual([['shipment.eta_changed', mine]]);
    expect(mineB.events.every((e) => e.data.id === mine)).toBe(true);

    const res = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: { 'api-key': b.api_key, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: PROCESS_CHANGED, variables: { op: a.operation.id, id: theirs } }),
    });
    const text = await res.text();
    expect(text).toContain('NOT_FOUND');
  });

  it("tells a board when one of its processes is deleted, with the process's id and code, and never another company's deletion", async () => {
    const [mine, theirs] = [await newProcess(A, a), await newProcess(B, b)];
    const code = (await A.get(`/operations/${a.operation.id}/processes/${mine}`)).body.data.reference_code;
    const board = await subscribe(a.api_key, BOARD, { op: a.operation.id, filters: { types: ['process.deleted'] } });
    const bBoard = await subscribe(b.api_key, BOARD, { op: b.operation.id, filters: { types: ['process.deleted'] } });
    expect((await B.del(`/operations/${b.operation.id}/processes/${theirs}`)).status).toBe(200);
    // The other company's deletion reached its own board first, so a leak would be in ours by now.
    await bBoard.until((list) => list.some((e) => e.resource_id === theirs));
    expect((await A.del(`/operations/${a.operation.id}/processes/${mine}`)).status).toBe(200);
    await board.until((list) => list.some((e) => e.resource_id === mine));
    expect(board.events.map((e) => [e.type, e.resource_id, e.resource_reference_code])).toEqual([['process.deleted', mine, code]]);
    expect([board, bBoard].flatMap((x) => x.errors)).toEqual([]);
  });

  it("sends a board the events of every process of its operation, narrowed by its filters, and never another company's", async () => {
    const [first, second, theirs, probe] = [await newProcess(A, a), await newProcess(A, a), await newProcess(B, b), await newProcess(B, b)];
    const board = await subscribe(a.api_key, BOARD, { op: a.operation.id, filters: { types: ['shipment.eta_changed', 'process.finished'] } });
    const code = (await A.get(`/operations/${a.operation.id}/processes/${second}`)).body.data.reference_code;
    const one = await subscribe(a.api_key, BOARD, { op: a.operation.id, filters: { reference_codes: [code] } });
    const bBoard = await subscribe(b.api_key, BOARD, { op: b.operation.id });
    // The other company's change reaches its board first, so anything of it that leaked reaches
    // ours before this company's changes.
    expect((await B.put(`/operations/${b.operation.id}/processes/${theirs}`, { foreign_trade_shipment: { eta: '2026-07-01T00:00:00Z' } })).status).toBe(200);
    await bBoard.until((list) => list.length >= 2);
    expect((await A.put(`/operations/${a.operation.id}/processes/${first}`, { alert_level: 'WARNING', foreign_trade_shipment: { eta: '2026-07-02T00:00:00Z' } })).status).toBe(200);
    expect((await A.put(`/operations/${a.operation.id}/processes/${second}`, { foreign_trade_shipment: { eta: '2026-07-03T00:00:00Z' } })).status).toBe(200);
    expect((await A.put(`/operations/${a.operation.id}/processes/${second}/finish`)).status).toBe(200);
    // This company's last change reached its boards, after all its earlier ones; a probe of the
    // other company's made after it reaches their board after anything of ours that leaked.
    await board.until((list) => list.some((e) => e.type === 'process.finished'));
    await one.until((list) => list.some((e) => e.type === 'process.finished'));
    expect((await B.put(`/operations/${b.operation.id}/processes/${probe}`, { foreign_trade_shipment: { eta: '2026-07-04T00:00:00Z' } })).status).toBe(200);
    await bBoard.until((list) => list.some((e) => e.resource_id === probe && e.type === 'shipment.eta_changed'));
    expect(board.events.map((e) => [e.type, e.resource_id])).toEqual([
      ['shipment.eta_changed', first],
      ['shipment.eta_changed', second],
      ['process.finished', second],
    ]);
    expect(one.events.map((e) => [e.type, e.resource_reference_code])).toEqual([
      ['process.updated', code],
      ['shipment.eta_changed', code],
      ['process.finished', code],
    ]);
    expect(bBoard.events.filter((e) => e.resource_id !== probe).map((e) => [e.type, e.resource_id])).toEqual([
      ['process.updated', theirs],
      ['shipment.eta_changed', theirs],
    ]);
    expect([board, one, bBoard].flatMap((x) => x.errors)).toEqual([]);

    const refused = async (key: string, variables: Record<string, unknown>) => {
      const res = await fetch(`${baseUrl()}/graphql`, { method: 'POST', headers: { 'api-key': key, 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ query: BOARD, variables }) });
      return res.text();
    };
    expect(await refused(b.api_key, { op: a.operation.id })).toContain('NOT_FOUND');
    expect(await refused(a.api_key, { op: a.operation.id, filters: { types: ['order.created'] } })).toContain('BAD_REQUEST');
  });
});

describe('subscriptions across app processes', () => {
  // Several processes need a PostgreSQL server: the embedded database serves one.
  const onServer = inject('databaseKind') === 'postgres';
  const adminToken = randomBytes(16).toString('hex');
  let app: AppServer | undefined;
  beforeAll(async () => {
    if (onServer) app = await startAppServer({ serverUrl: process.env.DATABASE_URL, adminToken, settings: { NODE_ENV: 'production', WEB_CONCURRENCY: '2' } });
  });
  afterAll(async () => {
    for (const s of open.splice(0)) s.close();
    await app?.stop();
  });

  it.runIf(onServer)('delivers the events of changes that the other worker process committed', async () => {
    const base = app!.baseUrl;
    const made = await fetch(`${base}/admin/companies`, { method: 'POST', headers: { 'admin-token': adminToken, 'content-type': 'application/json' }, body: JSON.stringify({ name: uniq('Workers ') }) });
    const co = (await made.json()) as TestCompany;
    // Each call on a connection of its own: the supervisor hands new connections to its workers in turn.
    const call = async (method: string, path: string, params?: unknown) => {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: { 'api-key': co.api_key, 'content-type': 'application/json', connection: 'close' },
        body: params === undefined ? undefined : JSON.stringify({ params }),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const created = await call('POST', `/operations/${co.operation.id}/processes`, { reference_code: uniq('PRC-'), foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', eta: '2026-05-10T00:00:00Z' } });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const stream = await subscribe(co.api_key, PROCESS_CHANGED, { op: co.operation.id, id }, base);
    const days = [11, 12, 13, 14, 15, 16];
    for (const day of days) {
      expect((await call('PUT', `/operations/${co.operation.id}/processes/${id}`, { foreign_trade_shipment: { eta: `2026-05-${day}T00:00:00Z` } })).status).toBe(200);
      const sent = Date.now();
      const events = await stream.until((list) => list.some((e) => e.type === 'shipment.eta_changed' && e.data.foreign_trade_shipment?.eta === `2026-05-${day}T00:00:00Z`));
      expect(events.at(-1).received_at - sent).toBeLessThan(1_000);
    }
    expect(stream.events.filter((e) => e.type === 'shipment.eta_changed')).toHaveLength(days.length);
    expect(stream.errors).toEqual([]);
  });
});
