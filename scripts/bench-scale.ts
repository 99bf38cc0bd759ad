// Scale part of `npm run bench` (`npm run bench-scale` alone): how reads and writes follow the
// size of one company. On a PostgreSQL server, one app (production, one process, SQL_STATS,
// rate limits off); one company grown to each size in turn (1,000, 100,000 and 1,000,000 rows by
// default) by set-based SQL (scripts/bench-scale-data.ts): products with one internal code each,
// orders of 2 lines and processes with a maritime shipment, each process linked to an order and
// shipping from its lines. Before the first size, the bench's 100 orders of 10 lines and 100
// processes with a full maritime tree, each linked to one of those orders and shipping 5 of its
// lines (scripts/bench-domain.ts), are written through the API: they are the first page of each
// list. At each size, the same requests:
// - one request at a time (20, median and max): a product by code, the lists with limit=1 and
//   limit=100, the last page, a sort, filters with their counts, GraphQL connections and counts;
// - the order page of 100 x 10 lines and the process page of 100 full trees against their floor
//   (the raw pg peer of scripts/bench-peers.ts: one statement in which PostgreSQL builds the same
//   answer), checked equal, then one at a time and at 10 connections (target: within 3 x the floor);
// - 10 connections for BENCH_SECONDS (default 8): by code and the list with limit=100;
// - 64 connections: by code, p50 and p99 (target p99 < 100 ms);
// - batch writes through the REST batch upserts, each once the events of the one before are
//   relayed: 100 orders of 10 lines, 100 linked processes with a full maritime shipment and 1,000
//   products, created and then sent again as updates (targets < 300, < 500 and < 400 ms).
// Writes docs/benchmarks.md, section "Scale: one company from 1,000 to 1,000,000 rows".
//
// Optional environment: BENCH_DATABASE_URL (PostgreSQL server), BENCH_SCALE_SIZES (comma list),
// BENCH_SECONDS.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { startAppServer } from '../tests/setup/app-server.ts';
import { machineLine, writeSection } from './bench-section.ts';
import { relayed, timeBatch, timedBatches, writeDomain, ORDER_LINES } from './bench-domain.ts';
import { DISCHARGE_EVERY, DISCHARGE_PORT, growOrdersAndProcesses, growProducts, grownOrderCode, grownProcessCode, scaleCode as code } from './bench-scale-data.ts';

/** autocannon's programmatic API (the package has no types of its own). */
type Autocannon = (options: object) => Promise<{ requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const SIZES = (process.env.BENCH_SCALE_SIZES || '1000,100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const HEADING = '## Scale: one company from 1,000 to 1,000,000 rows';
/** The bench's full trees written through the API before the first size (scripts/bench-domain.ts). */
const TREES = 100;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const adminToken = randomBytes(16).toString('hex');
// Production settings, as the app is deployed (docs/getting-started.md): one serving process.
const app = await startAppServer({ serverUrl: SERVER_URL, adminToken, production: true, settings: { RATE_LIMITS: '0', SQL_STATS: '1', WEB_CONCURRENCY: '1' } });
const db = new pg.Client({ connectionString: app.databaseUrl });
await db.connect();
// The floor (scripts/bench-peers.ts, raw pg) checks keys with the app's own code, in this process.
process.env.DATABASE_URL = app.databaseUrl;
process.env.NODE_ENV ??= 'production';
process.env.CARRIER_SECRETS_KEY ??= randomBytes(32).toString('base64');
const { connect, disconnect } = await import('../graph/db.ts');
await connect();
const { startRawPg } = await import('./bench-peers.ts');
const floor = await startRawPg(app.databaseUrl);

/** Requests one path `times` times in a row from `base`: median and max ms, the statements of the last. */
async function oneAtATime(path: string, headers: Record<string, string>, times = 20, base = app.baseUrl) {
  const ms: number[] = [];
  let statements = 0;
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const text = await res.text();
    if (res.status !== 200 || text.startsWith('{"errors"')) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
    ms.push(performance.now() - t);
    statements = Number(res.headers.get('x-sql-statements'));
  }
  return { median: median(ms), max: Math.max(...ms), statements };
}

/** Load on `paths` (one picked per request, in turn) from `connections` at once. */
async function load(paths: string[], headers: Record<string, string>, connections: number, base = app.baseUrl) {
  let i = 0;
  const run = (duration: number) =>
    autocannon({ url: base, connections, duration, headers, requests: [{ setupRequest: (req: object) => ({ ...req, path: paths[i++ % paths.length] }) }] });
  // As in bench.ts: 2 s of warm-up at the same number of connections (their sockets opened, the route's code compiled), then the measured seconds.
  await run(2);
  const result = await run(SECONDS);
  if (result.non2xx || result.errors) throw new Error(`${paths[0]}: non-2xx ${result.non2xx}, errors ${result.errors}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The timed batch writes at one size (new codes at each size), in a company of `size` products. */
async function batchWrites(op: number, size: number, key: string) {
  const out: Record<string, { ms: number; statements: number }> = {};
  for (const batch of timedBatches(op, `BW-${size}`, (i) => code(1 + (i % size)))) out[batch.what] = await timeBatch(db, app.baseUrl, key, batch);
  return out;
}

const WRITE_TARGETS: Record<string, number> = { orders: 300, processes: 500, products: 400 };
const writeTarget = (what: string) => WRITE_TARGETS[Object.keys(WRITE_TARGETS).find((k) => what.includes(k))!];

/** A GraphQL query as a GET path (the endpoint takes queries by GET, docs/graphql.md). */
const graphqlPath = (query: string) => `/graphql?query=${encodeURIComponent(query)}`;

/** The requests measured one at a time at each size: products, then orders and processes with their filters and counts. */
function singleRequests(op: number, size: number, codes: string[]): [string, string][] {
  const mid = Math.ceil(size / 2);
  const orderNode = 'id reference_code purchase_order { items { line_reference quantity balance product { code } } }';
  const processNode = 'id reference_code foreign_trade_shipment { etd eta }';
  const ports = `filters[port_unlocodes][]=${DISCHARGE_PORT}`;
  return [
    ['GET /api/products-by-code/{code}', `/api/products-by-code/${codes[137]}`],
    ['GET /api/products?limit=1', '/api/products?limit=1'],
    ['GET /api/products?limit=100', '/api/products?limit=100'],
    ['GET /api/products?limit=100&offset=size−100', `/api/products?limit=100&offset=${size - 100}`],
    ['GET /api/products?limit=100&order_by=family', '/api/products?limit=100&order_by=family'],
    ['GET /api/products?filters[family]=F7&limit=100 (a fiftieth of them)', '/api/products?filters[family]=F7&limit=100'],
    ['GraphQL productsConnection(first: 100)', graphqlPath('{ productsConnection(first: 100) { edges { node { id code internal_codes { code } } } pageInfo { endCursor } } }')],
    ['GraphQL productsConnection { totalCount }', graphqlPath('{ productsConnection(first: 1) { totalCount totalCountExact } }')],
    [`GET /api/operations/{op}/orders-by-reference-code/{code}`, `/api/operations/${op}/orders-by-reference-code/${grownOrderCode(mid)}`],
    ['GET /api/operations/{op}/orders?limit=1', `/api/operations/${op}/orders?limit=1`],
    [`GET /api/operations/{op}/orders?limit=100 (100 x ${ORDER_LINES} lines)`, `/api/operations/${op}/orders?limit=100`],
    ['GET /api/operations/{op}/orders?filters[product_code]={code}&limit=100', `/api/operations/${op}/orders?filters[product_code]=${code(7)}&limit=100`],
    ['GraphQL ordersConnection(first: 100)', graphqlPath(`{ ordersConnection(operation_id: ${op}, first: 100) { edges { node { ${orderNode} } } pageInfo { endCursor } } }`)],
    ['GraphQL ordersConnection { totalCount }', graphqlPath(`{ ordersConnection(operation_id: ${op}, first: 1) { totalCount totalCountExact } }`)],
    [`GET /api/operations/{op}/processes-by-reference-code/{code}`, `/api/operations/${op}/processes-by-reference-code/${grownProcessCode(mid)}`],
    ['GET /api/operations/{op}/processes?limit=1', `/api/operations/${op}/processes?limit=1`],
    ['GET /api/operations/{op}/processes?limit=100 (full trees)', `/api/operations/${op}/processes?limit=100`],
    [`GET /api/operations/{op}/processes?${ports}&limit=100 (a tenth of them)`, `/api/operations/${op}/processes?${ports}&limit=100`],
    ['GraphQL processesConnection(first: 100)', graphqlPath(`{ processesConnection(operation_id: ${op}, first: 100) { edges { node { ${processNode} } } pageInfo { endCursor } } }`)],
    [`GraphQL processesConnection(filters: { port_unlocodes }) { totalCount }`, graphqlPath(`{ processesConnection(operation_id: ${op}, first: 1, filters: { port_unlocodes: ["${DISCHARGE_PORT}"] }) { totalCount totalCountExact } }`)],
  ];
}

/** The order and process pages of 100 against their floor: equal answers, then one at a time and at 10 connections. */
async function againstFloor(op: number, headers: Record<string, string>) {
  const out: { page: string; app: Awaited<ReturnType<typeof oneAtATime>>; floor: Awaited<ReturnType<typeof oneAtATime>>; appLoad: Awaited<ReturnType<typeof load>>; floorLoad: Awaited<ReturnType<typeof load>> }[] = [];
  for (const page of ['orders', 'processes']) {
    const path = `/api/operations/${op}/${page}?limit=100`;
    const [a, f] = await Promise.all([app.baseUrl, floor.base].map(async (base) => (await fetch(base + path, { headers })).json()));
    if (!isDeepStrictEqual(a, f)) throw new Error(`${path}: the floor's answer differs from the app's`);
    const appOne = await oneAtATime(path, headers);
    const floorOne = await oneAtATime(path, headers, 20, floor.base);
    const appLoad = await load([path], headers, 10);
    const floorLoad = await load([path], headers, 10, floor.base);
    out.push({ page, app: appOne, floor: floorOne, appLoad, floorLoad });
  }
  return out;
}

try {
  const created = await fetch(`${app.baseUrl}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Scale Co.' }),
  });
  const created_json = await created.json();
  const { company, api_key } = created_json as { company: { id: number }; api_key: string };
  const headers = { 'api-key': api_key };
  const rows: string[] = [];
  const floorRows: string[] = [];
  const wide: string[] = [];
  const writeRows: string[] = [];
  const operationId = (created_json as { operation: { id: number } }).operation.id;
  let size = 0;
  for (const target of SIZES) {
    const t = performance.now();
    await growProducts(db, company.id, size + 1, target);
    if (size === 0) {
      await writeDomain({ base: app.baseUrl, headers, operationId, productCode: (i) => code(1 + (i % target)), log: (line) => console.log(`  ${line}`) });
      await relayed(db);
    }
    await growOrdersAndProcesses(db, company.id, operationId, Math.max(size, TREES) + 1, target);
    const madeS = (performance.now() - t) / 1000;
    size = target;
    console.log(`${fmt(size)} rows each (made in ${fmt(madeS, 1)} s)`);
    const codes = Array.from({ length: 200 }, (_, k) => code(1 + Math.floor(((k + 0.5) * size) / 200)));
    for (const [request, path] of singleRequests(operationId, size, codes)) {
      const r = await oneAtATime(path, headers);
      console.log(`  ${request}: median ${fmt(r.median, 1)} ms, max ${fmt(r.max, 1)} ms, ${r.statements} statements`);
      rows.push(`| ${fmt(size)} | ${request} | ${fmt(r.median, 1)} | ${fmt(r.max, 1)} | ${r.statements} |`);
    }
    // The writes first, on an app that has served single requests only, each measured alone.
    for (const [what, r] of Object.entries(await batchWrites(operationId, size, api_key))) {
      const target = writeTarget(what);
      console.log(`  PUT ${what}: ${fmt(r.ms)} ms, ${r.statements} statements (target < ${target} ms)`);
      writeRows.push(`| ${fmt(size)} | ${what} | ${fmt(r.ms)} | ${r.statements} | < ${target} | ${r.ms < target ? 'yes' : 'no'} |`);
    }
    await relayed(db);
    for (const r of await againstFloor(operationId, headers)) {
      const ratio = r.floorLoad.rps / r.appLoad.rps;
      console.log(`  ${r.page} page: app ${fmt(r.app.median, 1)} ms, floor ${fmt(r.floor.median, 1)} ms; 10 connections app ${fmt(r.appLoad.rps, 1)} req/s, floor ${fmt(r.floorLoad.rps, 1)} req/s (${fmt(ratio, 2)} x)`);
      floorRows.push(`| ${fmt(size)} | ${r.page} | ${fmt(r.app.median, 1)} | ${fmt(r.floor.median, 1)} | ${fmt(r.app.median / r.floor.median, 2)} | ${fmt(r.appLoad.rps, 1)} | ${fmt(r.floorLoad.rps, 1)} | ${fmt(ratio, 2)} | ${ratio <= 3 ? 'yes' : 'no'} |`);
    }
    await relayed(db);
    const byCode = await load(codes.map((c) => `/api/products-by-code/${c}`), headers, 10);
    const list = await load(['/api/products?limit=100'], headers, 10);
    const crowd = await load(codes.map((c) => `/api/products-by-code/${c}`), headers, 64);
    console.log(`  10 connections: by code ${fmt(byCode.rps)} req/s p99 ${byCode.p99} ms; list ${fmt(list.rps)} req/s p99 ${list.p99} ms; 64 connections by code p50 ${crowd.p50} ms p99 ${crowd.p99} ms`);
    wide.push(`| ${fmt(size)} | ${fmt(madeS, 1)} s | ${fmt(byCode.rps)} | ${byCode.p50} / ${byCode.p99} | ${fmt(list.rps)} | ${list.p50} / ${list.p99} | ${fmt(crowd.rps)} | ${crowd.p50} / ${crowd.p99} | ${crowd.p99 < 100 ? 'yes' : 'no'} |`);
  }
  const section = `${HEADING}

${machineLine('npm run bench-scale')}

One app on PostgreSQL (production settings, one serving process, SQL_STATS=1, rate limits off) and the load generator in
the bench process, on the same 2 cores. One company grown to each size in turn by set-based SQL
(scripts/bench-scale-data.ts, \`INSERT ... SELECT FROM generate_series\`), then VACUUM ANALYZE: that many products (a third
without a family, one internal code each), orders (a purchase order of 2 lines) and processes (a maritime shipment loading
at CNSHA, one in ${DISCHARGE_EVERY} discharging at ${DISCHARGE_PORT}), each process linked to the order of its number and shipping 5 of its first
line. Before the first size, the bench's ${TREES} orders of ${ORDER_LINES} lines and ${TREES} processes with a full maritime tree, each linked to one
of those orders and shipping 5 of its lines (scripts/bench-domain.ts), were written through the API: they are the first
page of each list, so the pages of 100 below are those full trees at every size. A page is ordered and limited before its
rows' nested lists are read (docs/decisions/009-relation-loading.md), and a count stops at 10,000 (docs/limits.md,
"Counts"), so neither should follow the company's size.

One request at a time, 20 times each (ms). The REST lists answer the whole tree of each row and \`total_count\`; the
GraphQL connections ask for the first 100 rows by keyset and a smaller tree, or for their count alone:

| Rows in the company | Request | Median | Max | SQL statements |
|---:|---|---:|---:|---:|
${rows.join('\n')}

The order page (100 orders of ${ORDER_LINES} lines, their balances and linked processes) and the process page (100 full trees) against
their floor: the raw pg peer of scripts/bench-peers.ts, one prepared statement in which PostgreSQL builds the same answer
(scripts/bench-floor-orders.ts, scripts/bench-floor-processes.ts), checked equal to the app's (parsed) at each size. One at a
time (median of 20, ms), then 10 connections (req/s, ${SECONDS} s after 2 s of warm-up). Target: the app within 3 x the floor, and
each page's time at 1,000 and 100,000 rows within 20 % of each other:

| Rows in the company | Page of 100 | App ms | Floor ms | App ÷ floor | App req/s | Floor req/s | Floor ÷ app | Within 3 x |
|---:|---|---:|---:|---:|---:|---:|---:|---|
${floorRows.join('\n')}

Under load, ${SECONDS} s each after 2 s of warm-up at the same connections (req/s; p50 / p99 ms). By code picks one of 200 codes spread over the company:

| Rows | Made in | By code, 10 connections | p50 / p99 | List of 100, 10 connections | p50 / p99 | By code, 64 connections | p50 / p99 | p99 < 100 ms |
|---:|---:|---:|---:|---:|---:|---:|---:|---|
${wide.join('\n')}

Batch writes through the REST batch upserts at each size (PUT, one request; ms), each started once the events
of the writes before it are relayed (no \`event_changes\` left), so it is measured alone. Each is a create, then
the same batch sent again as an update; at the first size each create is the app's first write of its kind
(its statements planned and its code compiled then). Orders name products spread over the company; processes carry the
full maritime tree of \`scripts/bench-domain.ts\`, each linked to one of the batch's orders and shipping 5 of its lines:

| Rows in the company | Batch | ms | SQL statements | Target | Met |
|---:|---|---:|---:|---:|---|
${writeRows.join('\n')}
`;
  writeSection(HEADING, section);
  console.log(section);
} finally {
  await floor.stop();
  await disconnect();
  await db.end();
  await app.stop();
}
