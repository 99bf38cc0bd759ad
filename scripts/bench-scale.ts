// Scale part of `npm run bench` (`npm run bench-scale` alone): how product reads follow the size
// of one company. On a PostgreSQL server, one app (SQL_STATS, rate limits off); one company grown
// to each size in turn (1,000, 100,000 and 1,000,000 products by default, each with one internal
// code) by set-based SQL in the app's database; at each size, the same requests:
// - one request at a time (20, median and max): a product by code, the list with limit=1 and
//   limit=100, and the last page of the list (offset near the end);
// - 10 connections for BENCH_SECONDS (default 8): by code and the list with limit=100;
// - 64 connections: by code, p50 and p99 (target p99 < 100 ms);
// - batch writes through the REST batch upserts, each once the events of the one before are
//   relayed: 100 orders of 5 lines, 100 processes with a full maritime shipment and 1,000
//   products, created and then sent again as updates (targets < 300, < 500 and < 400 ms).
// Writes docs/benchmarks.md, section "Scale: one company from 1,000 to 1,000,000 products".
//
// Optional environment: BENCH_DATABASE_URL (PostgreSQL server), BENCH_SCALE_SIZES (comma list),
// BENCH_SECONDS.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { startAppServer } from '../tests/setup/app-server.ts';
import { machineLine, writeSection } from './bench-section.ts';
import { relayed, timeBatch, timedBatches } from './bench-domain.ts';

/** autocannon's programmatic API (the package has no types of its own). */
type Autocannon = (options: object) => Promise<{ requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const SIZES = (process.env.BENCH_SCALE_SIZES || '1000,100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const HEADING = '## Scale: one company from 1,000 to 1,000,000 products';

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const code = (n: number) => `SC-${String(n).padStart(7, '0')}`;

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const adminToken = randomBytes(16).toString('hex');
const app = await startAppServer({ serverUrl: SERVER_URL, adminToken, settings: { RATE_LIMITS: '0', SQL_STATS: '1' } });
const db = new pg.Client({ connectionString: app.databaseUrl });
await db.connect();

/** Requests one path `times` times in a row: median and max ms, the statements of the last. */
async function oneAtATime(path: string, headers: Record<string, string>, times = 20) {
  const ms: number[] = [];
  let statements = 0;
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    const res = await fetch(`${app.baseUrl}${path}`, { headers });
    const text = await res.text();
    if (res.status !== 200 || text.startsWith('{"errors"')) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
    ms.push(performance.now() - t);
    statements = Number(res.headers.get('x-sql-statements'));
  }
  return { median: median(ms), max: Math.max(...ms), statements };
}

/** Load on `paths` (one picked per request, in turn) from `connections` at once. */
async function load(paths: string[], headers: Record<string, string>, connections: number) {
  let i = 0;
  const run = (duration: number) =>
    autocannon({ url: app.baseUrl, connections, duration, headers, requests: [{ setupRequest: (req: object) => ({ ...req, path: paths[i++ % paths.length] }) }] });
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

/** Grows the company's orders (purchase orders of 2 lines) and processes (with a shipment) to ids `from`..`to` by SQL. */
async function growOrdersAndProcesses(companyId: number, operationId: number, from: number, to: number) {
  const tables = ['orders', 'purchase_orders', 'purchase_order_items', 'processes', 'foreign_trade_shipments'];
  for (const t of tables) await db.query(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
  await db.query(
    `INSERT INTO orders (company_id, operation_id, type, reference_code, updated_at)
     SELECT $1, $2, 'PURCHASE', 'SO-' || lpad(g::text, 7, '0'), now() FROM generate_series($3::int, $4::int) AS g`,
    [companyId, operationId, from, to],
  );
  await db.query(
    `INSERT INTO purchase_orders (company_id, order_id, type)
     SELECT company_id, id, 'DIRECT' FROM orders WHERE company_id = $1 AND reference_code >= $2`,
    [companyId, `SO-${String(from).padStart(7, '0')}`],
  );
  await db.query(
    `INSERT INTO purchase_order_items (company_id, purchase_order_id, line_reference, line_number, product_id, quantity, order_unit_value, order_currency_code, updated_at)
     SELECT po.company_id, po.id, l * 10 || '', l, (SELECT min(id) FROM products WHERE company_id = $1) + (po.id * 2 + l) % $3, '10.0000', '2.5000', 'USD', now()
     FROM purchase_orders po CROSS JOIN generate_series(1, 2) AS l
     WHERE po.company_id = $1 AND po.id >= (SELECT min(id) FROM orders WHERE company_id = $1 AND reference_code >= $2)`,
    [companyId, `SO-${String(from).padStart(7, '0')}`, to],
  );
  await db.query(
    `INSERT INTO processes (company_id, operation_id, reference_code, updated_at)
     SELECT $1, $2, 'SP-' || lpad(g::text, 7, '0'), now() FROM generate_series($3::int, $4::int) AS g`,
    [companyId, operationId, from, to],
  );
  await db.query(
    `INSERT INTO foreign_trade_shipments (company_id, process_id, type, etd, eta)
     SELECT company_id, id, 'MARITIME_TRANSPORT', now() - interval '10 days', now() + (id % 30) * interval '1 day'
     FROM processes WHERE company_id = $1 AND reference_code >= $2`,
    [companyId, `SP-${String(from).padStart(7, '0')}`],
  );
  for (const t of tables) await db.query(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
  for (const t of tables) await db.query(`VACUUM ANALYZE ${t}`);
}

/** One request at a time on the orders and processes of a company of `size` rows each. */
async function domainRequests(op: number, size: number, headers: Record<string, string>) {
  const mid = String(Math.ceil(size / 2)).padStart(7, '0');
  const orderNode = 'id reference_code purchase_order { items { line_reference quantity product { code } } }';
  const processNode = 'id reference_code foreign_trade_shipment { etd eta }';
  return {
    [`GET /api/operations/{op}/orders-by-reference-code/{code}`]: await oneAtATime(`/api/operations/${op}/orders-by-reference-code/SO-${mid}`, headers),
    'GET /api/operations/{op}/orders?limit=1': await oneAtATime(`/api/operations/${op}/orders?limit=1`, headers),
    'GET /api/operations/{op}/orders?limit=100': await oneAtATime(`/api/operations/${op}/orders?limit=100`, headers),
    'GraphQL ordersConnection(first: 100)': await oneAtATime(graphqlPath(`{ ordersConnection(operation_id: ${op}, first: 100) { edges { node { ${orderNode} } } pageInfo { endCursor } } }`), headers),
    [`GET /api/operations/{op}/processes-by-reference-code/{code}`]: await oneAtATime(`/api/operations/${op}/processes-by-reference-code/SP-${mid}`, headers),
    'GET /api/operations/{op}/processes?limit=1': await oneAtATime(`/api/operations/${op}/processes?limit=1`, headers),
    'GET /api/operations/{op}/processes?limit=100': await oneAtATime(`/api/operations/${op}/processes?limit=100`, headers),
    'GraphQL processesConnection(first: 100)': await oneAtATime(graphqlPath(`{ processesConnection(operation_id: ${op}, first: 100) { edges { node { ${processNode} } } pageInfo { endCursor } } }`), headers),
    'GraphQL productsConnection(first: 100)': await oneAtATime(graphqlPath('{ productsConnection(first: 100) { edges { node { id code internal_codes { code } } } pageInfo { endCursor } } }'), headers),
  };
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
  const domainRows: string[] = [];
  const wide: string[] = [];
  const writeRows: string[] = [];
  const operationId = (created_json as { operation: { id: number } }).operation.id;
  let size = 0;
  for (const target of SIZES) {
    const t = performance.now();
    // The events capture is for API writes; rows made here by SQL are not events.
    await db.query('ALTER TABLE products DISABLE TRIGGER USER');
    await db.query('ALTER TABLE product_internal_codes DISABLE TRIGGER USER');
    await db.query(
      `INSERT INTO products (company_id, code, description, family, updated_at)
       SELECT $1, 'SC-' || lpad(g::text, 7, '0'), 'Scale valve ' || g, CASE WHEN g % 3 = 0 THEN NULL ELSE 'F' || (g % 50) END, now()
       FROM generate_series($2::int, $3::int) AS g`,
      [company.id, size + 1, target],
    );
    await db.query(
      `INSERT INTO product_internal_codes (company_id, product_id, code, label)
       SELECT company_id, id, 'ERP-' || id, 'erp' FROM products WHERE company_id = $1 AND code > $2`,
      [company.id, code(size)],
    );
    await db.query('ALTER TABLE products ENABLE TRIGGER USER');
    await db.query('ALTER TABLE product_internal_codes ENABLE TRIGGER USER');
    await db.query('VACUUM ANALYZE products');
    await db.query('VACUUM ANALYZE product_internal_codes');
    await growOrdersAndProcesses(company.id, operationId, size + 1, target);
    const madeS = (performance.now() - t) / 1000;
    size = target;
    console.log(`${fmt(size)} products (made in ${fmt(madeS, 1)} s)`);
    const codes = Array.from({ length: 200 }, (_, k) => code(1 + Math.floor(((k + 0.5) * size) / 200)));
    const single = {
      'GET /api/products-by-code/{code}': await oneAtATime(`/api/products-by-code/${codes[137]}`, headers),
      'GET /api/products?limit=1': await oneAtATime('/api/products?limit=1', headers),
      'GET /api/products?limit=100': await oneAtATime('/api/products?limit=100', headers),
      'GET /api/products?limit=100&offset=size−100': await oneAtATime(`/api/products?limit=100&offset=${size - 100}`, headers),
      'GET /api/products?limit=100&order_by=family': await oneAtATime('/api/products?limit=100&order_by=family', headers),
    };
    for (const [request, r] of Object.entries(single)) {
      console.log(`  ${request}: median ${fmt(r.median, 1)} ms, max ${fmt(r.max, 1)} ms, ${r.statements} statements`);
      rows.push(`| ${fmt(size)} | ${request} | ${fmt(r.median, 1)} | ${fmt(r.max, 1)} | ${r.statements} |`);
    }
    for (const [request, r] of Object.entries(await domainRequests(operationId, size, headers))) {
      console.log(`  ${request}: median ${fmt(r.median, 1)} ms, max ${fmt(r.max, 1)} ms, ${r.statements} statements`);
      domainRows.push(`| ${fmt(size)} | ${request} | ${fmt(r.median, 1)} | ${fmt(r.max, 1)} | ${r.statements} |`);
    }
    for (const [what, r] of Object.entries(await batchWrites(operationId, size, api_key))) {
      const target = writeTarget(what);
      console.log(`  PUT ${what}: ${fmt(r.ms)} ms, ${r.statements} statements (target < ${target} ms)`);
      writeRows.push(`| ${fmt(size)} | ${what} | ${fmt(r.ms)} | ${r.statements} | < ${target} | ${r.ms < target ? 'yes' : 'no'} |`);
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

One app on PostgreSQL (one process, SQL_STATS=1, rate limits off) and the load generator in the bench process, on the same
2 cores. One company grown to each size in turn by set-based SQL (\`INSERT ... SELECT FROM generate_series\`, a third of
the products without a family, one internal code each), then VACUUM ANALYZE. A page is ordered and limited before its
rows' nested lists are read (docs/decisions/009-relation-loading.md), so its time should not follow the company's size.

One request at a time, 20 times each (ms):

| Products in the company | Request | Median | Max | SQL statements |
|---:|---|---:|---:|---:|
${rows.join('\n')}

Orders and processes, grown to the same sizes in the same company (each order a purchase order with 2 lines, each
process with its shipment). The REST lists answer the whole tree of each row and \`total_count\`; the GraphQL connections
ask for the first 100 rows by keyset, a smaller tree and no \`totalCount\` (docs/graphql.md, "Cursor pagination"):

| Rows in the company | Request | Median | Max | SQL statements |
|---:|---|---:|---:|---:|
${domainRows.join('\n')}

Under load, ${SECONDS} s each after 2 s of warm-up at the same connections (req/s; p50 / p99 ms). By code picks one of 200 codes spread over the company:

| Products | Made in | By code, 10 connections | p50 / p99 | List of 100, 10 connections | p50 / p99 | By code, 64 connections | p50 / p99 | p99 < 100 ms |
|---:|---:|---:|---:|---:|---:|---:|---:|---|
${wide.join('\n')}

Batch writes through the REST batch upserts at each size (PUT, one request; ms), each started once the events
of the writes before it are relayed (no \`event_changes\` left), so it is measured alone. Each is a create, then
the same batch sent again as an update; at the first size each create is the app's first write of its kind
(its statements planned and its code compiled then). Orders name products spread over the company; processes carry the
full maritime tree of \`scripts/bench-domain.ts\`:

| Rows in the company | Batch | ms | SQL statements | Target | Met |
|---:|---|---:|---:|---:|---|
${writeRows.join('\n')}
`;
  writeSection(HEADING, section);
  console.log(section);
} finally {
  await db.end();
  await app.stop();
}
