// Carrier tracking part of `npm run bench` (`npm run bench-tracking` alone): on a PostgreSQL
// server, one app (its own poller idle: a long interval), the DCSA stub carrier of the tests
// (tests/carriers/dcsa-stub.ts) and a webhook receiver in this process. A fresh company
// connects the carrier and tracks 200 sea shipments (each with its bill of lading and one
// container; the carrier knows a departure, an estimated arrival and two container milestones).
// 1. One polling round of all 200 by one `npm run worker` process (docs/tracking.md, Settings):
//    from the poll's start (the worker's start plus one interval) to the last shipment
//    written, and the carrier requests' span. Target under 10 s.
// 2. Pushed notifications: signed pushes (Notification-Signature, sha256 HMAC of the raw body
//    keyed with the base64-decoded secret), each moving one shipment's ETA, sent at a steady
//    pace; the delay from sending the POST to the receiver getting the shipment's
//    `shipment.eta_changed`, p50 and p99. Target p99 under 2 s.
// Writes docs/benchmarks.md, section "Carrier tracking".
//
// Optional environment: BENCH_DATABASE_URL (PostgreSQL server, else DATABASE_URL),
// BENCH_SHIPMENTS (default 200), BENCH_PUSHES (default 60), BENCH_PUSH_RATE (a second, default 5).
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { carrierKey, startAppServer } from '../tests/setup/app-server.ts';
import { equipmentEvent, startDcsaStub, transportEvent } from '../tests/carriers/dcsa-stub.ts';
import { machineLine, writeSection } from './bench-section.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS || 200);
const PUSHES = Number(process.env.BENCH_PUSHES || 60);
const PUSH_RATE = Number(process.env.BENCH_PUSH_RATE || 5);
/** The worker's poll interval: its first poll starts this long after it started. */
const WORKER_INTERVAL_S = 30;
const HEADING = '## Carrier tracking';
const SECRET = randomBytes(32).toString('base64');

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const adminToken = randomBytes(16).toString('hex');
const app = await startAppServer({ serverUrl: SERVER_URL, adminToken, settings: { TRACKING_POLL_INTERVAL_SECONDS: '3600' } });
const db = new pg.Client({ connectionString: app.databaseUrl });
await db.connect();
const stub = await startDcsaStub();

/** When the receiver got each process's `shipment.eta_changed`, by the ETA it carries. */
const arrivals = new Map<string, number>();
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = performance.now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { reference_code: string }; shipment?: { eta: string } };
    if (body.type === 'shipment.eta_changed') arrivals.set(`${body.data.reference_code} ${body.shipment?.eta}`, at);
    res.statusCode = 204;
    res.end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const until = async (ready: () => Promise<boolean> | boolean, timeoutMs: number, what: string) => {
  const deadline = performance.now() + timeoutMs;
  while (!(await ready())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A container code of `serial` with its ISO 6346 check digit. */
function containerCode(serial: number): string {
  const owner = 'BNCU';
  const digits = String(serial).padStart(6, '0');
  const value = (ch: string) => (/\d/.test(ch) ? Number(ch) : [10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 34, 35, 36, 37, 38][ch.charCodeAt(0) - 65]);
  const sum = [...owner + digits].reduce((s, ch, i) => s + value(ch) * 2 ** i, 0);
  return `${owner}${digits}${(sum % 11) % 10}`;
}

/** CPU time (user and system) a process has used, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const worker = { child: undefined as ReturnType<typeof spawn> | undefined };
try {
  const created = await fetch(`${app.baseUrl}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench tracking' }),
  });
  const company = (await created.json()) as { api_key: string; operation: { id: number } };
  const call = async (method: string, path: string, params?: unknown) => {
    const res = await fetch(`${app.baseUrl}/api${path}`, {
      method,
      headers: { 'api-key': company.api_key, 'content-type': 'application/json' },
      body: params === undefined ? undefined : JSON.stringify({ params }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as { data: any };
  };
  const connection = (await call('PUT', '/carrier-connections/MSCU', { protocol: 'DCSA_TNT_2', base_url: stub.url, auth_header: 'API-Key', auth_value: 'bench-key', notification_secret: SECRET })).data;
  if (connection.subscription_status !== 'SUBSCRIBED') throw new Error(`subscription: ${connection.subscription_status}`);

  const bl = (i: number) => `BENCHBL${String(i).padStart(5, '0')}`;
  const code = (i: number) => `TRK-${String(i).padStart(5, '0')}`;
  for (let i = 0; i < SHIPMENTS; i++) {
    const container = containerCode(i);
    stub.events.set(bl(i), [
      transportEvent('DEPA', 'ACT', '2026-03-01T10:00:00Z', 'CNSGH'),
      transportEvent('ARRI', 'EST', '2026-04-03T08:00:00Z', 'BRSSZ'),
      equipmentEvent('GTIN', 'ACT', '2026-02-27T09:00:00Z', container, 'CNSGH'),
      equipmentEvent('LOAD', 'ACT', '2026-02-28T09:00:00Z', container, 'CNSGH'),
    ]);
  }
  const processes = `/operations/${company.operation.id}/processes`;
  for (let from = 0; from < SHIPMENTS; from += 100) {
    await call('PUT', processes, Array.from({ length: Math.min(100, SHIPMENTS - from) }, (_, k) => ({
      reference_code: code(from + k),
      foreign_trade_shipment: {
        type: 'MARITIME_TRANSPORT',
        automatic_tracking_enabled: true,
        maritime_transport_shipment: { sealine_code: 'MSCU', tracking_key: 'BILL_OF_LADING', bl: bl(from + k) },
        transportables: [{ type: 'CONTAINER', container: { code: containerCode(from + k) } }],
      },
    })));
  }
  await db.query('VACUUM (ANALYZE)');

  // 1. One polling round by one worker.
  const checked = async () => Number((await db.query('SELECT count(*) FROM foreign_trade_shipments WHERE tracking_checked_at IS NOT NULL')).rows[0].count);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    env: { ...process.env, DATABASE_URL: app.databaseUrl, NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', CARRIER_SECRETS_KEY: carrierKey, TRACKING_POLL_INTERVAL_SECONDS: String(WORKER_INTERVAL_S) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  worker.child = child;
  const startedAt = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('started')) resolve(performance.now());
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before starting: ${output}`)));
  });
  const pollStart = startedAt + WORKER_INTERVAL_S * 1000;
  const cpuBefore = cpuMs(child.pid!);
  const asked = () => stub.requests.filter((r) => r.path === '/v2/events');
  await until(async () => (await checked()) === SHIPMENTS, 300_000, 'the polling round');
  const roundEnd = performance.now();
  const cpuRound = cpuMs(child.pid!) - cpuBefore;
  const requests = asked();
  const requestSpan = Math.max(...requests.map((r) => r.at)) - Math.min(...requests.map((r) => r.at));
  const found = Number((await db.query(`SELECT count(*) FROM foreign_trade_shipments WHERE status_response = 'FOUND' AND eta_source = 'CARRIER_ESTIMATED'`)).rows[0].count);
  const milestones = Number((await db.query('SELECT count(*) FROM container_events')).rows[0].count);
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  worker.child = undefined;

  // 2. Pushed notifications moving ETAs, delivered as shipment.eta_changed.
  await call('POST', '/webhooks', { url: receiverUrl, events: ['shipment.eta_changed'] });
  const sent = new Map<string, number>();
  const answers: number[] = [];
  const pushStart = performance.now();
  const posts: Promise<void>[] = [];
  for (let k = 0; k < PUSHES; k++) {
    const i = k % SHIPMENTS;
    const eta = new Date(Date.UTC(2026, 4, 1 + Math.floor(k / SHIPMENTS), 0, k % 60)).toISOString().replace('.000Z', 'Z');
    const event = { ...transportEvent('ARRI', 'EST', eta, 'BRSSZ'), documentReferences: [{ documentReferenceType: 'TRD', documentReferenceValue: bl(i) }] };
    const body = JSON.stringify([event]);
    const signature = `sha256=${createHmac('sha256', Buffer.from(SECRET, 'base64')).update(body).digest('hex')}`;
    const at = performance.now();
    sent.set(`${code(i)} ${eta}`, at);
    posts.push(
      fetch(connection.notification_url, { method: 'POST', headers: { 'content-type': 'application/json', 'notification-signature': signature }, body }).then((res) => {
        answers.push(res.status);
        return res.arrayBuffer().then(() => undefined);
      }),
    );
    await new Promise((r) => setTimeout(r, Math.max(0, pushStart + ((k + 1) * 1000) / PUSH_RATE - performance.now())));
  }
  await Promise.all(posts);
  await until(() => [...sent.keys()].every((k) => arrivals.has(k)), 60_000, 'the deliveries');
  const delays = [...sent].map(([k, at]) => arrivals.get(k)! - at);
  const refused = answers.filter((s) => s !== 204).length;

  const section = [
    HEADING,
    '',
    machineLine('npm run bench-tracking'),
    '',
    `One app on PostgreSQL (its own poller idle: TRACKING_POLL_INTERVAL_SECONDS=3600; its in-app delivery worker), the DCSA Track & Trace stub carrier of the tests (every answer validated against the DCSA 2.3 description) and a webhook receiver answering 204, all in the bench process or beside it on this machine. A fresh company connects the carrier (subscribed, with a notification secret) and tracks ${SHIPMENTS} sea shipments by bill of lading, each with one container; for each the carrier knows a departure (ACT), an estimated arrival (EST) and two container milestones, so a first lookup writes the status, the dates, the ports, the voyage and two container events, and makes their events.`,
    '',
    '| Polling round (one `npm run worker`, NODE_ENV=production) | Figure |',
    '|---|---:|',
    `| Shipments looked up in the round | ${fmt(SHIPMENTS)} |`,
    `| Wall time, from the poll's start to the last shipment written | ${fmt(roundEnd - pollStart)} ms |`,
    `| The worker's CPU time (user and system) from its start-up's end to the round's end (it idles until the poll) | ${fmt(cpuRound)} ms |`,
    `| Carrier requests: from the first to the last | ${fmt(requests.length)}: ${fmt(requestSpan)} ms |`,
    `| Shipments FOUND with the carrier's ETA / container events written | ${fmt(found)} / ${fmt(milestones)} |`,
    '',
    `| Pushed notifications (${PUSHES} pushes, ${PUSH_RATE} a second, each moving one shipment's ETA) | Figure |`,
    '|---|---:|',
    `| Answered 204 | ${fmt(PUSHES - refused)} of ${fmt(PUSHES)} |`,
    `| From the POST to the receiver getting \`shipment.eta_changed\`, p50 | ${fmt(percentile(delays, 50))} ms |`,
    `| p99 | ${fmt(percentile(delays, 99))} ms |`,
    `| max | ${fmt(Math.max(...delays))} ms |`,
    '',
    'Targets: one worker looks 200 shipments up in under 10 s; a push reaches the webhook receivers as `shipment.eta_changed` within 2 s (p99).',
    '',
  ].join('\n');
  console.log(section);
  writeSection(HEADING, section);
} finally {
  if (worker.child) worker.child.kill('SIGTERM');
  receiver.closeAllConnections();
  receiver.close();
  await stub.close();
  await db.end();
  await app.stop();
}
