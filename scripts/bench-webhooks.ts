// Events and webhooks part of `npm run bench` (`npm run bench-webhooks` alone): on a PostgreSQL
// server, one app with its in-app delivery worker and a local receiver in this process.
// 1. What the events outbox costs a batch of 100 orders (10 items each), create and update,
//    measured round by round in three modes on the same app: the capture triggers disabled
//    (no events: what the write costs without the outbox), events without any endpoint, and
//    events with one endpoint subscribed to every type (deliveries made and queued too).
//    Beside the difference of the modes' medians, the outbox's own time: `outbox_ms` of each
//    write in the app's request log, and its capture triggers' time from PostgreSQL's
//    function statistics (track_functions, set on the bench's database). And how long after
//    the write's answer its relay has written the batch's 100 events.
// 2. Deliveries at a steady 200 events a second (a batch of 20 new products every 100 ms):
//    the delay from the write's answer to the delivery's arrival, p50 and p99.
// 3. A burst of 2,000 events made at once: deliveries a second until the last arrives.
// Writes docs/benchmarks.md, section "Events and webhooks". Targets (docs/webhooks.md): the
// outbox adds under 10 % to a 100-order batch; delivery p99 under 1 s at 200 events/s.
//
// Optional environment: BENCH_DATABASE_URL (PostgreSQL server), BENCH_ROUNDS (default 10),
// BENCH_SECONDS (steady-rate seconds, default 15).
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { startAppServer } from '../tests/setup/app-server.ts';
import { machineLine, writeSection } from './bench-section.ts';
import { orderParams, ORDER_LINES } from './bench-domain.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS || 10);
/** Timed batches of each mode in a round, after its untimed one. */
const SAMPLES = 3;
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const RATE = 200;
const TICK_MS = 100;
const BURST = 2_000;
const HEADING = '## Events and webhooks';

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const adminToken = randomBytes(16).toString('hex');
// The app's request log (one JSON line per request with its `duration_ms`) gives each timed
// write's time in the server as well, without the bench process's share of the machine.
const logDir = mkdtempSync(path.join(os.tmpdir(), 'bench-webhooks-'));
const requestLog = path.join(logDir, 'requests.log');
const app = await startAppServer({ serverUrl: SERVER_URL, adminToken, stdoutLog: requestLog });
const db = new pg.Client({ connectionString: app.databaseUrl });
await db.connect();
// The capture triggers run inside the write's own statements: PostgreSQL times them
// (pg_stat_user_functions) once its connections track functions, so the app starts again.
await db.query(`ALTER DATABASE ${pg.escapeIdentifier(db.database!)} SET track_functions = 'pl'`);
await app.restart('SIGTERM');

/** Arrival time of each delivered event, by the product code (or event id) it carries. */
const arrivals = new Map<string, number>();
let delivered = 0;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = performance.now();
    delivered++;
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; data?: { code?: string } };
    arrivals.set(body.data?.code ?? body.id, at);
    res.statusCode = 204;
    res.end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
/** p25–p75 of `xs`. */
const quartiles = (xs: number[], digits = 0) => `${fmt(percentile(xs, 25), digits)}–${fmt(percentile(xs, 75), digits)}`;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

try {
  const created = await fetch(`${app.baseUrl}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench webhooks' }),
  });
  const company = (await created.json()) as { api_key: string; operation: { id: number } };
  const headers = { 'api-key': company.api_key, 'content-type': 'application/json' };
  const call = async (method: string, path: string, params?: unknown, requestId?: string) => {
    const res = await fetch(`${app.baseUrl}/api${path}`, {
      method,
      headers: requestId ? { ...headers, 'x-request-id': requestId } : headers,
      body: params === undefined ? undefined : JSON.stringify({ params }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as { data: any };
  };
  const productCode = (i: number) => `BW-${String(i + 1).padStart(5, '0')}`;
  await call('PUT', '/products', Array.from({ length: 500 }, (_, i) => ({ code: productCode(i), description: 'Bench valve' })));

  // Each part starts on vacuumed tables with fresh statistics: the rows and dead versions one
  // part leaves must not be cleaned up by the autovacuum in the middle of the next one's timings.
  const settle = () => db.query('VACUUM (ANALYZE)');
  await settle();

  // 1. The outbox on a 100-order batch.
  const triggers = (await db.query<{ tgname: string; table: string }>(`SELECT tgname, tgrelid::regclass::text AS table FROM pg_trigger WHERE tgname LIKE '%\\_capture\\_%' AND NOT tgisinternal`)).rows;
  const captureTriggers = async (on: boolean) => {
    for (const t of triggers) await db.query(`ALTER TABLE ${t.table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${t.tgname}`);
  };
  type Mode = 'no events' | 'events' | 'events and an endpoint';
  const modes: Mode[] = ['no events', 'events', 'events and an endpoint'];
  type Kind = 'create' | 'update';
  type Times = Record<Mode, Record<Kind, number[]>>;
  /** Each timed write by mode and kind: as the bench saw it, and its request id in the app's log. */
  const timed: Record<Mode, Record<Kind, { ms: number; id: string }[]>> = Object.fromEntries(modes.map((m) => [m, { create: [], update: [] }])) as never;
  // The events are written by a relay after the write answers (docs/webhooks.md, Payloads):
  // each write is timed alone, then how long after its answer its captured rows are relayed;
  // the next write waits for those and for their deliveries.
  const completion = { create: [] as number[], update: [] as number[] };
  const untilComplete = async () => {
    const answered = performance.now();
    while (Number((await db.query('SELECT count(*) FROM event_changes')).rows[0].count) > 0) await new Promise((r) => setTimeout(r, 2));
    const complete = performance.now() - answered;
    // Deliveries still being made would share the machine with the next timed write.
    while (Number((await db.query(`SELECT count(*) FROM webhook_deliveries WHERE status = 'PENDING'`)).rows[0].count) > 0) await new Promise((r) => setTimeout(r, 5));
    return complete;
  };
  let endpoint: number | undefined;
  const ordersPath = `/operations/${company.operation.id}/orders`;
  let batchNo = 0;
  /** Writes made with the capture triggers on, warm-up and untimed ones included. */
  let capturedWrites = 0;
  /** A new batch of 100 orders written (r = 1), then written again with other quantities (r = 2). */
  const writeBatch = async (prefix: string, mode: Mode) => {
    const batch = batchNo++;
    if (mode !== 'no events') capturedWrites += 2;
    const params = (r: number) => Array.from({ length: 100 }, (_, i) => ({ ...orderParams(i, r, productCode), reference_code: `${prefix}-${batch}-${i}` }));
    const ids = { create: `bench-${batch}-create`, update: `bench-${batch}-update` };
    let t = performance.now();
    await call('PUT', ordersPath, params(1), ids.create);
    const create = performance.now() - t;
    const createCompleted = await untilComplete();
    t = performance.now();
    await call('PUT', ordersPath, params(2), ids.update);
    const update = performance.now() - t;
    const updateCompleted = await untilComplete();
    return { create, update, createCompleted, updateCompleted, ids };
  };
  for (let round = 0; round <= ROUNDS; round++) {
    // The order of the modes turns by one each round; round 0 warms up and is not counted.
    for (let k = 0; k < modes.length; k++) {
      const mode = modes[(k + round) % modes.length];
      await captureTriggers(mode !== 'no events');
      if (mode === 'events and an endpoint') endpoint = (await call('POST', '/webhooks', { url: receiverUrl, events: ['*'] })).data.id;
      // Switching the triggers makes PostgreSQL plan the statements again: an untimed batch first.
      await writeBatch('ORW', mode);
      for (let sample = 0; sample < SAMPLES; sample++) {
        const { create, update, createCompleted, updateCompleted, ids } = await writeBatch('ORB', mode);
        if (round === 0) continue;
        timed[mode].create.push({ ms: create, id: ids.create });
        timed[mode].update.push({ ms: update, id: ids.update });
        if (mode !== 'no events') completion.create.push(createCompleted), completion.update.push(updateCompleted);
      }
      if (endpoint !== undefined) await call('DELETE', `/webhooks/${endpoint}`);
      endpoint = undefined;
    }
    // Statistics taken while the orders' tables were empty would have PostgreSQL check each
    // new item's keys by scanning them, until an autovacuum samples them again in the middle of
    // a timed round: the warm-up fills them first.
    if (round === 0) await settle();
  }
  await captureTriggers(true);
  // The app's connections report their function times to the statistics within 10 s when idle.
  await new Promise((r) => setTimeout(r, 11_000));
  const captureStats = (await db.query<{ ms: number }>(`SELECT coalesce(sum(total_time), 0) AS ms FROM pg_stat_user_functions WHERE funcname = 'capture_event_changes'`)).rows[0];
  const triggerMsPerWrite = Number(captureStats.ms) / capturedWrites;
  const serverMs = new Map<string, number>();
  const outboxMs = new Map<string, number>();
  for (const line of readFileSync(requestLog, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { request_id?: string; duration_ms?: number; outbox_ms?: number };
    if (!entry.request_id?.startsWith('bench-')) continue;
    if (typeof entry.duration_ms === 'number') serverMs.set(entry.request_id, entry.duration_ms);
    if (typeof entry.outbox_ms === 'number') outboxMs.set(entry.request_id, entry.outbox_ms);
  }
  const timesBy = (ms: (write: { ms: number; id: string }) => number | undefined): Times =>
    Object.fromEntries(modes.map((m) => [m, { create: timed[m].create.map(ms), update: timed[m].update.map(ms) }])) as Times;
  const times = timesBy((w) => w.ms);
  const serverTimes = timesBy((w) => serverMs.get(w.id));
  const outboxTimes = timesBy((w) => outboxMs.get(w.id));
  for (const source of [serverTimes, outboxTimes]) {
    if (Object.values(source).some((t) => [...t.create, ...t.update].some((x) => x === undefined))) throw new Error(`a timed write is missing from the request log ${requestLog}`);
  }
  const events = Number((await db.query(`SELECT count(*) FROM events WHERE type LIKE 'order.%'`)).rows[0].count);

  await settle();
  // 2. A steady 200 events a second, each a product.created.
  await call('POST', '/webhooks', { url: receiverUrl, events: ['product.created'] });
  const answered = new Map<string, number>();
  const perTick = (RATE * TICK_MS) / 1000;
  const ticks = (SECONDS * 1000) / TICK_MS;
  const steadyStart = performance.now();
  const writes: Promise<void>[] = [];
  for (let tick = 0; tick < ticks; tick++) {
    const codes = Array.from({ length: perTick }, (_, i) => `BWS-${tick}-${i}`);
    writes.push(
      call('PUT', '/products', codes.map((code) => ({ code, description: 'Steady valve' }))).then(() => {
        const at = performance.now();
        for (const code of codes) answered.set(code, at);
      }),
    );
    const next = steadyStart + (tick + 1) * TICK_MS;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  await Promise.all(writes);
  const steadyDeadline = performance.now() + 60_000;
  while ([...answered.keys()].some((c) => !arrivals.has(c)) && performance.now() < steadyDeadline) await new Promise((r) => setTimeout(r, 50));
  const delays = [...answered].filter(([c]) => arrivals.has(c)).map(([c, at]) => arrivals.get(c)! - at);
  const lost = answered.size - delays.length;
  const achieved = answered.size / ((performance.now() - steadyStart) / 1000);

  await settle();
  // 3. A burst: 2,000 events written at once (10 batches of 200 in parallel), drained.
  const burstCodes = Array.from({ length: BURST }, (_, i) => `BWB-${i}`);
  const before = delivered;
  const burstStart = performance.now();
  await Promise.all(Array.from({ length: 10 }, (_, b) => call('PUT', '/products', burstCodes.slice(b * 200, (b + 1) * 200).map((code) => ({ code, description: 'Burst valve' })))));
  const written = performance.now() - burstStart;
  const burstDeadline = performance.now() + 120_000;
  while (burstCodes.some((c) => !arrivals.has(c)) && performance.now() < burstDeadline) await new Promise((r) => setTimeout(r, 20));
  const lastArrival = Math.max(...burstCodes.map((c) => arrivals.get(c) ?? 0));
  const drained = lastArrival - burstStart;
  const burstDelivered = delivered - before;

  const table = (source: Times) => {
    const m = (mode: Mode, kind: Kind) => median(source[mode][kind]);
    const ratio = (mode: Mode, kind: Kind) => (mode === 'no events' ? '' : fmt(m(mode, kind) / m('no events', kind), 3));
    const cells = (mode: Mode, kind: Kind) => `${fmt(m(mode, kind))} | ${quartiles(source[mode][kind])} | ${ratio(mode, kind)}`;
    return [
      '| Mode | Create ms | p25–p75 | ÷ no events | Update ms | p25–p75 | ÷ no events |',
      '|---|---:|---|---:|---:|---|---:|',
      ...modes.map((mode) => `| ${mode} | ${cells(mode, 'create')} | ${cells(mode, 'update')} |`),
    ];
  };
  // The outbox's own time, against the write without it: no difference of two noisy medians.
  const withoutOutbox = (kind: Kind) => median(serverTimes['no events'][kind]) - median(outboxTimes['no events'][kind]);
  const ownShare = (mode: Mode, kind: Kind) => (median(outboxTimes[mode][kind]) + triggerMsPerWrite) / withoutOutbox(kind);
  const pct = (x: number) => `${fmt(100 * x, 1)} %`;
  const ownTable = [
    '| Mode | Create: outbox_ms | p25–p75 | share | Update: outbox_ms | p25–p75 | share |',
    '|---|---:|---|---:|---:|---|---:|',
    ...modes
      .filter((m) => m !== 'no events')
      .map((mode) => {
        const cells = (kind: Kind) => `${fmt(median(outboxTimes[mode][kind]), 1)} | ${quartiles(outboxTimes[mode][kind], 1)} | ${pct(ownShare(mode, kind))}`;
        return `| ${mode} | ${cells('create')} | ${cells('update')} |`;
      }),
  ];
  const overhead = (source: Times, kind: Kind) => median(source['events'][kind]) - median(source['no events'][kind]);
  const shares = (source: Times) => `${fmt(overhead(source, 'create'))} ms on a create and ${fmt(overhead(source, 'update'))} ms on an update`;
  const section = [
    HEADING,
    '',
    machineLine('npm run bench-webhooks'),
    '',
    `One app on PostgreSQL (its in-app delivery worker, graph/webhooks/workers.ts: 20 attempts at once), a receiver answering 204 in the bench process. The database is vacuumed and analysed before each of the three parts, and after the warm-up round has filled the orders' tables. ${ROUNDS} rounds after a warm-up; in each, every mode in turn (the order turns by one each round): an untimed batch that lets PostgreSQL plan again once the triggers were switched, then ${SAMPLES} timed ones, each a new batch of 100 orders with ${ORDER_LINES} items (create), then the same batch again with other quantities (update); ${ROUNDS * SAMPLES} of each in all. "no events": the capture triggers disabled (the write path still checks its captured rows: one statement that finds none). "events": 100 events a batch, no endpoint. "events and an endpoint": also 100 deliveries, made and queued by the relay in the transaction that writes the events. Medians and quartiles (p25–p75) in ms; ratio of the medians to "no events" in the same rounds.`,
    '',
    'As the bench process sees each write (from sending it to the whole answer read):',
    '',
    ...table(times),
    '',
    "As the app's request log times each one (\`duration_ms\`: from the request's arrival to its answer sent), without the bench process, which shares the machine's 2 cores with the app and PostgreSQL:",
    '',
    ...table(serverTimes),
    '',
    `The outbox's own time, measured where it is spent: \`outbox_ms\` of each timed write in the request log (its one statement before the commit, which checks that no other transaction's captured rows of the same resources wait for the relay), and the capture triggers' time inside the write's statements (the captured rows are the outbox), ${fmt(triggerMsPerWrite, 2)} ms a write (PostgreSQL's function statistics over the ${fmt(capturedWrites)} writes made with them on, warm-up and untimed ones included). Share: both, over the median write of "no events" less its own \`outbox_ms\` (${fmt(withoutOutbox('create'), 1)} ms a create, ${fmt(withoutOutbox('update'), 1)} ms an update; its check finds nothing).`,
    '',
    ...ownTable,
    '',
    `The relay takes the captured rows out, renders each order as its GET answers it and writes the 100 events (and the deliveries) after the write has answered, in a transaction of its own: they were written a median ${fmt(median(completion.create))} ms after the answer of a create (${fmt(100 / (median(completion.create) / 1000))} events a second) and ${fmt(median(completion.update))} ms after that of an update (${fmt(100 / (median(completion.update) / 1000))} events a second). Writes of the same orders meanwhile wait for it; the next write here was sent once they were written and delivered.`,
    '',
    `Events of a batch: 100 written in one statement by its relay; the outbox's share of the median batch is ${shares(times)} as the bench sees it, ${shares(serverTimes)} in the app. ${fmt(events)} order events were written in all.`,
    '',
    '| Delivery | Figure |',
    '|---|---:|',
    `| Steady rate asked / achieved (events/s, ${SECONDS} s) | ${RATE} / ${fmt(achieved)} |`,
    `| Delay from the write's answer to the delivery, p50 | ${fmt(percentile(delays, 50))} ms |`,
    `| Delay, p99 | ${fmt(percentile(delays, 99))} ms |`,
    `| Delay, max | ${fmt(Math.max(...delays))} ms |`,
    `| Events not delivered within 60 s | ${lost} |`,
    `| Burst of ${fmt(BURST)} events: written in | ${fmt(written)} ms |`,
    `| Burst: all delivered ${fmt(drained)} ms after the first write, deliveries a second | ${fmt(burstDelivered / (drained / 1000))} |`,
    '',
    'Targets: the outbox adds under 10 % to a 100-order batch ("events": its own time\'s share above, and against "no events" in the tables before); delivery p99 under 1 s at 200 events/s.',
    '',
  ].join('\n');
  console.log(section);
  writeSection(HEADING, section);
} finally {
  receiver.closeAllConnections();
  receiver.close();
  await db.end();
  await app.stop();
  rmSync(logDir, { recursive: true, force: true });
}
