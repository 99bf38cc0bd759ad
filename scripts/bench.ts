// Benchmark of the REST facade against Prisma called directly (`npm run bench`).
//
// One run, no input: creates a throwaway PostgreSQL database, migrates it, creates a
// company, writes 10,000 products through the REST batch upsert (timed), starts the app
// as a child process (SQL_STATS=1) and, in this process, a minimal node:http server
// ("direct") answering the same two GET requests with Prisma. autocannon measures both
// side by side (A B A B), from a worker thread so the load generator does not share an
// event loop with the direct server. The figures are printed and written to
// docs/benchmarks.md. The database is dropped at the end, also on failure.
//
// Optional environment: BENCH_DATABASE_URL (server to create the database on),
// BENCH_DURATION (seconds per measurement, default 10), BENCH_WRITE_BUDGET (seconds of
// REST writes before the rest is bulk-loaded, default 35), BENCH_CPU_PROF=1 (run the app
// with --cpu-prof; the profile is written to $TMPDIR/tradetrack-bench-prof/ when it stops).
import { productParams as productFor } from '../graph/seed/factories.ts';
import { freePort, withDatabase } from './local-net.ts';
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

const ROOT = process.cwd();
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = 10_000;
const BATCH = 500;
const CODE_SAMPLE = 200;
const CONNECTIONS = 10;
const DURATION = Number(process.env.BENCH_DURATION || 10);
const WARMUP = 2;
const ROUNDS = 2;
const LIST_LIMIT = 100;
const TARGET_RATIO = 0.8;
const WRITE_BUDGET_S = Number(process.env.BENCH_WRITE_BUDGET || 35);
const WRITE_DEADLINE_S = 65; // REST writes stop this long after the start of the run at the latest

const t0 = Date.now();
/** Prints a line, prefixed with the seconds since the bench started. */
const log = (line = '') => console.log(line && !line.startsWith('|') ? `[${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${line}` : line);

async function adminQuery(sql: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------------------------------
// Products written through the facade

const productCode = (i: number) => `BENCH-${String(i + 1).padStart(5, '0')}`;

const productParams = (i: number) => productFor(i, productCode(i));

// ---------------------------------------------------------------------------------------
// The direct server: same where/order/take as the facade, same JSON shape.

type Db = Awaited<ReturnType<typeof import('../graph/db.ts')['connect']>>;

function isoDate(d: Date): string {
  // Same text as the DateTime scalar (graph/scalars.ts): ISO 8601 UTC, no ".000".
  return d.toISOString().replace('.000Z', 'Z');
}

const productInclude = {
  internal_codes: { orderBy: { id: 'asc' as const } },
  foreign_operator_links: { select: { actor_id: true }, orderBy: { actor_id: 'asc' as const } },
};

type ProductRow = Awaited<ReturnType<Db['product']['findMany']>>[number] & {
  internal_codes: { id: number; code: string; label: string | null }[];
  foreign_operator_links: { actor_id: number }[];
};

function productJson(p: ProductRow) {
  return {
    id: p.id,
    code: p.code,
    description: p.description,
    category: p.category,
    family: p.family,
    manufacturer: p.manufacturer,
    mercosul_code: p.mercosul_code,
    additional_details: p.additional_details,
    package_code: p.package_code,
    content_code: p.content_code,
    multiple_code: p.multiple_code,
    package_type: p.package_type,
    package_measurement_unit: p.package_measurement_unit,
    content_type: p.content_type,
    content_measurement_unit: p.content_measurement_unit,
    multiple_package_type: p.multiple_package_type,
    multiple_package_measurement_unit: p.multiple_package_measurement_unit,
    package_capacity: p.package_capacity,
    content_capacity: p.content_capacity,
    multiple_package_capacity: p.multiple_package_capacity,
    cubage_per_package: p.cubage_per_package,
    net_weight_per_package: p.net_weight_per_package,
    gross_weight_per_package: p.gross_weight_per_package,
    has_containerization: p.has_containerization,
    has_palletization: p.has_palletization,
    has_content: p.has_content,
    has_unitization: p.has_unitization,
    packages_per_pallet: p.packages_per_pallet,
    extra: p.extra ?? null,
    translated_descriptions: (p.translated_descriptions as unknown[] | null) ?? [],
    internal_codes: p.internal_codes.map((c) => ({ id: c.id, code: c.code, label: c.label })),
    product_foreign_operators: p.foreign_operator_links.map((l) => l.actor_id),
    inserted_at: isoDate(p.inserted_at),
    updated_at: isoDate(p.updated_at),
  };
}

async function startDirectServer(): Promise<{ server: http.Server; base: string }> {
  const { prisma } = await import('../graph/db.ts');
  const { authenticate } = await import('../graph/company/auth.ts');
  const { sqlCounter } = await import('../prisma/database.ts');
  const send = (res: http.ServerResponse, status: number, body: unknown, statements: number) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'x-sql-statements': String(statements),
    });
    res.end(text);
  };
  const handle = async (req: http.IncomingMessage): Promise<[number, unknown]> => {
    const url = new URL(req.url ?? '/', 'http://direct');
    // Same authentication query as the facade (api-key header -> company).
    const header = req.headers['api-key'];
    const company = await authenticate(Array.isArray(header) ? header[0] : header);
    if (!company) return [401, { errors: [{ code: 'UNAUTHORIZED' }] }];
    const where = { company_id: company.id, deleted_at: null };
    if (req.method === 'GET' && /^\/api\/products\/?$/.test(url.pathname)) {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return [400, { errors: [{ code: 'BAD_REQUEST' }] }];
      const [rows, total] = await Promise.all([
        prisma().product.findMany({ where, orderBy: [{ id: 'asc' }], take: limit, skip: 0, include: productInclude }),
        prisma().product.count({ where }),
      ]);
      return [200, { data: (rows as ProductRow[]).map(productJson), total_count: total }];
    }
    const byCode = /^\/api\/products-by-code\/([^/]+)\/?$/.exec(url.pathname);
    if (req.method === 'GET' && byCode) {
      const row = await prisma().product.findFirst({
        where: { ...where, code: decodeURIComponent(byCode[1]) },
        include: productInclude,
      });
      if (!row) return [404, { errors: [{ code: 'NOT_FOUND' }] }];
      return [200, { data: productJson(row as ProductRow) }];
    }
    return [404, { errors: [{ code: 'NOT_FOUND' }] }];
  };
  const server = http.createServer((req, res) => {
    const counter = { statements: 0 };
    sqlCounter
      .run(counter, () => handle(req))
      .then(([status, body]) => send(res, status, body, counter.statements))
      .catch((e) => {
        console.error('[direct] unexpected error', e);
        send(res, 500, { errors: [{ code: 'INTERNAL_SERVER_ERROR' }] }, counter.statements);
      });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// ---------------------------------------------------------------------------------------
// Load: autocannon in a worker thread (its own event loop, the direct server keeps ours).

const loadWorkerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const autocannon = createRequire(workerData.root + '/package.json')('autocannon');
const { base, headers, paths, connections, duration, warmup } = workerData;
const pick = () => paths[Math.floor(Math.random() * paths.length)];
const opts = {
  url: base + paths[0],
  connections,
  duration,
  headers,
  requests: [{ method: 'GET', setupRequest: (req) => { req.path = pick(); return req; } }],
};
// NOTE: inside a worker thread autocannon returns its raw result (encoded histograms, for
// its own manager to aggregate): aggregateResult decodes the latency histogram; req/s is
// completed requests over the measured duration (the per-second samples are not exported).
const aggregate = (raw) => (raw.latency ? raw : autocannon.aggregateResult([raw], opts));
autocannon({ ...opts, warmup: { connections, duration: warmup } })
  .then((raw) => {
    const r = aggregate(raw);
    parentPort.postMessage({ ok: true, r: {
      rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total,
      withWarmup: r.requests.total + ((raw.warmup && raw.warmup.totalCompletedRequests) || 0),
      non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, bytes: r.throughput.total / r.duration,
    } });
  })
  .catch((e) => parentPort.postMessage({ ok: false, error: String((e && e.stack) || e) }));
`;

interface Load {
  rps: number;
  withWarmup: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytes: number;
}

function runLoad(base: string, paths: string[], headers: Record<string, string>): Promise<Load> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(loadWorkerSource, {
      eval: true,
      workerData: { root: ROOT, base, headers, paths, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP },
    });
    worker.once('message', (m: { ok: boolean; r?: Load; error?: string }) => {
      void worker.terminate();
      if (m.ok) resolve(m.r!);
      else reject(new Error(`autocannon failed: ${m.error}`));
    });
    worker.once('error', (e) => {
      void worker.terminate();
      reject(e);
    });
  });
}

// Main-thread CPU time of a process (Linux /proc; undefined elsewhere). The main thread is
// where each server handles its requests; the bench process also runs the load generator,
// in another thread, which this leaves out.
let clockTicks: number | undefined;
function mainThreadCpuMs(pid: number): number | undefined {
  try {
    clockTicks ??= Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------
// Response comparison

function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.length ? keyPaths(value[0], `${prefix}[]`) : [`${prefix}[]`];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [`${prefix}.${k}`, ...keyPaths(v, `${prefix}.${k}`)]);
  }
  return [];
}

function compareAnswers(label: string, facade: unknown, direct: unknown): string[] {
  const notes: string[] = [];
  const fk = new Set(keyPaths(facade));
  const dk = new Set(keyPaths(direct));
  const onlyF = [...fk].filter((k) => !dk.has(k));
  const onlyD = [...dk].filter((k) => !fk.has(k));
  if (onlyF.length || onlyD.length) {
    notes.push(`${label}: keys differ (facade only: ${onlyF.join(', ') || '-'}; direct only: ${onlyD.join(', ') || '-'})`);
  }
  const ids = (v: unknown) => {
    const data = (v as { data?: unknown }).data;
    return JSON.stringify(Array.isArray(data) ? data.map((p) => p.id) : (data as { id?: number } | undefined)?.id);
  };
  if (ids(facade) !== ids(direct)) notes.push(`${label}: ids differ`);
  if (!notes.length && JSON.stringify(facade) !== JSON.stringify(direct)) {
    notes.push(`${label}: same keys and ids, but some values differ`);
  }
  return notes;
}

// ---------------------------------------------------------------------------------------

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const started = Date.now();
  const cleanups: (() => Promise<void>)[] = [];
  let child: ChildProcess | undefined;
  let childOutput = '';
  let exitCode = 0;
  const cleanup = async () => {
    for (const c of cleanups.reverse()) {
      try {
        await c();
      } catch (e) {
        console.error('[bench] cleanup step failed:', e instanceof Error ? e.message : e);
      }
    }
    cleanups.length = 0;
  };
  const onSignal = () => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
    log('build up to date');

    // 1. Throwaway database.
    const dbName = `bench_${Date.now()}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    cleanups.push(async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      log(`dropped database ${dbName}`);
    });
    const databaseUrl = withDatabase(SERVER_URL, dbName);
    log(`database ${dbName} created`);

    // 2. Migrations and a company, in this process (graph/env.ts reads DATABASE_URL once).
    process.env.DATABASE_URL = databaseUrl;
    process.env.NODE_ENV ??= 'production';
    const { openDatabase } = await import('../prisma/database.ts');
    const { applyMigrations, applySchemaDrift } = await import('../prisma/migrate.ts');
    const migrationDb = await openDatabase({ databaseUrl, dataDir: '' });
    let schemaDrift = false;
    try {
      const applied = await applyMigrations(migrationDb.adapterFactory);
      log(`applied migrations: ${applied.join(', ') || '(none)'}`);
      // As tests/setup/global.ts does outside CI: schema changes without a migration yet
      // are pushed, so the app (which may seed into new tables) starts on work in progress.
      if (!process.env.CI && (await applySchemaDrift(migrationDb.adapterFactory))) {
        schemaDrift = true;
        console.warn('WARNING: prisma/schema has changes without a migration; pushed them for this run');
      }
    } finally {
      await migrationDb.close();
    }
    const { connect, disconnect, prisma } = await import('../graph/db.ts');
    await connect();
    cleanups.push(disconnect);
    const { createCompany } = await import('../graph/company/companies.ts');
    const company = await createCompany('Bench Co.');
    log(`company ${company.company.id} created`);
    // Reference data and a full vessel set: the AIS import rate is measured here, in-process.
    const { seedReferenceData } = await import('../graph/reference/seed.ts');
    await seedReferenceData();
    const logistics = await import('./bench-logistics.ts');
    const logisticsData = await logistics.seedLogisticsBenchData();
    const aisRate = logisticsData.ais.sentences / (logisticsData.ais.elapsed_ms / 1000);
    log(`AIS import: ${fmt(logisticsData.ais.sentences)} sentences in ${fmt(logisticsData.ais.elapsed_ms / 1000, 1)} s = ${fmt(aisRate)} sentences/s`);
    const scheduleRate = logisticsData.schedules.rows / (logisticsData.schedules.elapsed_ms / 1000);
    log(`port schedule import: ${fmt(logisticsData.schedules.rows)} rows in ${fmt(logisticsData.schedules.elapsed_ms / 1000, 1)} s = ${fmt(scheduleRate)} rows/s`);
    const headers = { 'api-key': company.api_key };
    const pgVersion = String(((await prisma().$queryRawUnsafe('select version() as v')) as { v: string }[])[0].v);

    // 3. The app as a child process.
    const port = await freePort();
    const facadeBase = `http://127.0.0.1:${port}`;
    const nodeArgs = ['--import', 'tsx'];
    const profDir = process.env.BENCH_CPU_PROF === '1' ? path.join(os.tmpdir(), 'tradetrack-bench-prof') : undefined;
    if (profDir) {
      mkdirSync(profDir, { recursive: true });
      nodeArgs.push('--cpu-prof', '--cpu-prof-dir', profDir);
      log(`the app runs with --cpu-prof; profile and phases.json in ${profDir}`);
    }
    child = spawn(process.execPath, [...nodeArgs, 'scripts/serve.ts'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), SKIP_DEMO: '1', NODE_ENV: 'production', SQL_STATS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc = child;
    proc.stdout!.on('data', (d) => (childOutput += d));
    proc.stderr!.on('data', (d) => {
      childOutput += d;
      process.stderr.write(`[server] ${d}`);
    });
    cleanups.push(async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited early:\n${childOutput}`);
      try {
        const res = await fetch(`${facadeBase}/openapi.json`);
        await res.arrayBuffer();
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${childOutput}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    log(`app listening on ${facadeBase}`);

    // Write path: products through PUT /api/products in batches of 500, for at most
    // WRITE_BUDGET_S seconds and no later than WRITE_DEADLINE_S after the start (the whole
    // run must stay under 3 minutes, also on a busy machine); products not
    // written by then are bulk-loaded with Prisma createMany so the read tests see 10,000.
    const writeStart = performance.now();
    const batchMs: number[] = [];
    let writeStatements = 0;
    let viaRest = 0;
    const failedAttempts: string[] = [];
    const writeUntil = Math.min(writeStart + WRITE_BUDGET_S * 1000, performance.now() + (t0 + WRITE_DEADLINE_S * 1000 - Date.now()));
    while (viaRest < PRODUCTS && (viaRest === 0 || performance.now() < writeUntil)) {
      const from = viaRest;
      const params = Array.from({ length: Math.min(BATCH, PRODUCTS - from) }, (_, k) => productParams(from + k));
      // A batch is one transaction; when it fails (e.g. it outlives Prisma's 5 s interactive
      // transaction timeout on a busy machine) nothing is written, so it is sent again.
      for (let attempt = 1; ; attempt++) {
        const t0 = performance.now();
        const res = await fetch(`${facadeBase}/api/products`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ params }),
        });
        const text = await res.text();
        const ms = performance.now() - t0;
        if (res.status === 201) {
          batchMs.push(ms);
          writeStatements += Number(res.headers.get('x-sql-statements') ?? 0);
          break;
        }
        const what = `batch at ${from} answered ${res.status} after ${fmt(ms)} ms`;
        if (attempt >= 3) throw new Error(`${what}: ${text.slice(0, 500)}`);
        failedAttempts.push(what);
        console.warn(`WARNING: ${what}; sending it again`);
      }
      viaRest += params.length;
    }
    const writeSeconds = (performance.now() - writeStart) / 1000;
    const write = {
      products: viaRest,
      seconds: writeSeconds,
      perSecond: viaRest / writeSeconds,
      batchMeanMs: mean(batchMs),
      statementsPerProduct: writeStatements / viaRest,
      failedAttempts,
      bulk: 0,
      bulkSeconds: 0,
    };
    log(`wrote ${fmt(viaRest)} products through the REST batch upsert in ${fmt(writeSeconds, 1)} s: ${fmt(write.perSecond)} products/s (batch of ${BATCH}: mean ${fmt(write.batchMeanMs)} ms, ${fmt(write.statementsPerProduct, 1)} SQL statements per product)`);
    if (viaRest < PRODUCTS) {
      const bulkStart = performance.now();
      for (let from = viaRest; from < PRODUCTS; from += 1000) {
        const chunk = Array.from({ length: Math.min(1000, PRODUCTS - from) }, (_, k) => productParams(from + k));
        const rows = await prisma().product.createManyAndReturn({
          data: chunk.map(({ internal_codes: _codes, ...p }) => ({ ...p, company_id: company.company.id }) as never),
          select: { id: true, code: true },
        });
        const codeOf = new Map(chunk.map((p) => [p.code, p.internal_codes[0]]));
        await prisma().productInternalCode.createMany({
          data: rows.map((r) => ({ company_id: company.company.id, product_id: r.id, ...codeOf.get(r.code)! })),
        });
      }
      write.bulk = PRODUCTS - viaRest;
      write.bulkSeconds = (performance.now() - bulkStart) / 1000;
      log(`write budget reached: loaded the other ${fmt(write.bulk)} products with Prisma createMany in ${fmt(write.bulkSeconds, 1)} s`);
    }
    await prisma().$executeRawUnsafe('ANALYZE');

    // 4. The direct server, and one check that both answer the same.
    const direct = await startDirectServer();
    const directServer = direct.server;
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          directServer.close(() => resolve());
          directServer.closeAllConnections();
        }),
    );
    const listPath = `/api/products?limit=${LIST_LIMIT}`;
    const codes = Array.from({ length: CODE_SAMPLE }, (_, k) => productCode(Math.floor((k * PRODUCTS) / CODE_SAMPLE) + 7));
    const codePaths = codes.map((c) => `/api/products-by-code/${encodeURIComponent(c)}`);
    const getJson = async (base: string, p: string) => {
      const res = await fetch(base + p, { headers });
      const body = (await res.json()) as unknown;
      if (res.status !== 200) throw new Error(`GET ${base}${p} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return { body, statements: Number(res.headers.get('x-sql-statements')), bytes: JSON.stringify(body).length };
    };
    const checks = [
      ...compareAnswers('list', (await getJson(facadeBase, listPath)).body, (await getJson(direct.base, listPath)).body),
      ...compareAnswers('by code', (await getJson(facadeBase, codePaths[0])).body, (await getJson(direct.base, codePaths[0])).body),
      ...compareAnswers('by code (last)', (await getJson(facadeBase, codePaths.at(-1)!)).body, (await getJson(direct.base, codePaths.at(-1)!)).body),
    ];
    for (const w of checks) console.warn(`WARNING: ${w}`);
    if (!checks.length) log('facade and direct answers are identical (list and by code)');
    const listBytes = (await getJson(facadeBase, listPath)).bytes;

    // 6. SQL statements per request.
    const sqlRows: { request: string; facade: number; direct: number }[] = [];
    for (const limit of [1, 10, 50, 100]) {
      const p = `/api/products?limit=${limit}`;
      sqlRows.push({ request: `GET ${p}`, facade: (await getJson(facadeBase, p)).statements, direct: (await getJson(direct.base, p)).statements });
    }
    sqlRows.push({
      request: 'GET /api/products-by-code/{code}',
      facade: (await getJson(facadeBase, codePaths[1])).statements,
      direct: (await getJson(direct.base, codePaths[1])).statements,
    });
    const listCounts = sqlRows.slice(0, 4).map((r) => r.facade);
    const sqlConstant = listCounts.every((n) => n === listCounts[0]);
    for (const r of sqlRows) log(`SQL statements ${r.request}: facade ${r.facade}, direct ${r.direct}`);

    // 5. Load, interleaved: A B A B for each request.
    const targets = [
      { request: 'list', server: 'facade', base: facadeBase, paths: [listPath] },
      { request: 'list', server: 'direct', base: direct.base, paths: [listPath] },
      { request: 'by code', server: 'facade', base: facadeBase, paths: codePaths },
      { request: 'by code', server: 'direct', base: direct.base, paths: codePaths },
    ] as const;
    const loadBefore = os.loadavg()[0];
    const runs = new Map<string, Load[]>();
    const cpuRuns = new Map<string, (number | undefined)[]>();
    // Monotonic microseconds, the clock of --cpu-prof profiles: lets a profile be cut per phase.
    const phases: { name: string; fromUs: string; toUs: string }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of targets) {
        const from = process.hrtime.bigint() / 1000n;
        const pid = t.server === 'facade' ? proc.pid! : process.pid;
        const cpu0 = mainThreadCpuMs(pid);
        const r = await runLoad(t.base, [...t.paths], headers);
        const cpu1 = mainThreadCpuMs(pid);
        const cpuMsPerRequest = cpu0 !== undefined && cpu1 !== undefined ? (cpu1 - cpu0) / r.withWarmup : undefined;
        cpuRuns.set(`${t.request}|${t.server}`, [...(cpuRuns.get(`${t.request}|${t.server}`) ?? []), cpuMsPerRequest]);
        phases.push({ name: `round ${round} ${t.server} ${t.request}`, fromUs: String(from), toUs: String(process.hrtime.bigint() / 1000n) });
        const key = `${t.request}|${t.server}`;
        runs.set(key, [...(runs.get(key) ?? []), r]);
        log(`round ${round} ${t.server.padEnd(6)} ${t.request.padEnd(7)}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, server CPU ${cpuMsPerRequest === undefined ? 'n/a' : fmt(cpuMsPerRequest, 2)} ms/req${r.non2xx || r.errors || r.timeouts ? ` (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})` : ''}`);
        if (r.non2xx || r.errors || r.timeouts) console.warn(`WARNING: ${t.server} ${t.request} had non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`);
      }
    }
    const loadAfter = os.loadavg()[0];
    if (profDir) writeFileSync(path.join(profDir, 'phases.json'), JSON.stringify(phases, null, 2));
    const summary = (request: string, server: string) => {
      const rs = runs.get(`${request}|${server}`)!;
      return {
        rps: mean(rs.map((r) => r.rps)),
        p50: mean(rs.map((r) => r.p50)),
        p99: mean(rs.map((r) => r.p99)),
        rounds: rs.map((r) => r.rps),
        cpu: (() => {
          const xs = cpuRuns.get(`${request}|${server}`)!;
          return xs.every((x) => x !== undefined) ? mean(xs as number[]) : undefined;
        })(),
        failures: rs.reduce((a, r) => a + r.non2xx + r.errors + r.timeouts, 0),
      };
    };
    const results = (['list', 'by code'] as const).map((request) => {
      const facade = summary(request, 'facade');
      const directR = summary(request, 'direct');
      const cpuRatio = facade.cpu && directR.cpu ? directR.cpu / facade.cpu : undefined;
      return { request, facade, direct: directR, ratio: facade.rps / directR.rps, cpuRatio };
    });

    // 7. Report.
    // 7. Orders, processes and logistics reads on the same app.
    const { benchDomain } = await import('./bench-domain.ts');
    const domainTable = await benchDomain({ base: facadeBase, headers, operationId: company.operation.id, productCode, runLoad, log });
    const vesselSearch = await runLoad(facadeBase, logistics.vesselSearchPaths(), headers);
    log(`vessel search: ${fmt(vesselSearch.rps)} req/s, p50 ${vesselSearch.p50} ms, p99 ${vesselSearch.p99} ms`);
    const scheduleWindow = await runLoad(facadeBase, logistics.portScheduleWindowPaths(), headers);
    log(`port schedule window: ${fmt(scheduleWindow.rps)} req/s, p50 ${scheduleWindow.p50} ms, p99 ${scheduleWindow.p99} ms`);
    const logisticsTable = [
      '| Measurement | Figure |',
      '|---|---|',
      `| AIS import, ${fmt(logisticsData.ais.sentences)} sentences (${fmt(logistics.AIS_VESSELS)} vessels), in-process | ${fmt(aisRate)} sentences/s |`,
      `| GET /api/vessels?search= over ${fmt(logistics.AIS_VESSELS)} vessels | ${fmt(vesselSearch.rps)} req/s, p50 ${vesselSearch.p50} ms, p99 ${vesselSearch.p99} ms |`,
      `| Port schedule import, ${fmt(logisticsData.schedules.rows)} rows (CSV, batches of 500), in-process | ${fmt(scheduleRate)} rows/s |`,
      `| GET /api/port-schedules/{port} 30-day window (${fmt(logisticsData.schedules.rows)} calls stored) | ${fmt(scheduleWindow.rps)} req/s, p50 ${scheduleWindow.p50} ms, p99 ${scheduleWindow.p99} ms |`,
    ].join('\n');

    const cpus = os.cpus();
    const machine = {
      cpu: cpus[0]?.model ?? 'unknown',
      cores: cpus.length,
      memory: `${fmt(os.totalmem() / 1024 ** 3, 1)} GiB`,
      node: process.version,
      os: `${os.type()} ${os.release()} (${os.arch()})`,
      postgres: pgVersion,
    };
    const requestName = (r: string) => (r === 'list' ? `GET ${listPath}` : 'GET /api/products-by-code/{code}');
    const loadTable = [
      '| Request | Server | req/s (mean) | round 1 / round 2 req/s | p50 ms | p99 ms | server CPU ms/req |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...results.flatMap((r) =>
        (['facade', 'direct'] as const).map((s) => {
          const x = r[s];
          return `| ${requestName(r.request)} | ${s} | ${fmt(x.rps)} | ${x.rounds.map((v) => fmt(v)).join(' / ')} | ${fmt(x.p50, 1)} | ${fmt(x.p99, 1)} | ${x.cpu === undefined ? 'n/a' : fmt(x.cpu, 2)} |`;
        }),
      ),
    ].join('\n');
    const ratioTable = [
      '| Request | facade / direct throughput | Target | Met | direct / facade server CPU per request |',
      '|---|---:|---:|---|---:|',
      ...results.map(
        (r) =>
          `| ${requestName(r.request)} | ${fmt(r.ratio, 3)} | >= ${TARGET_RATIO} | ${r.ratio >= TARGET_RATIO ? 'yes' : 'no'} | ${r.cpuRatio === undefined ? 'n/a' : fmt(r.cpuRatio, 3)} |`,
      ),
    ].join('\n');
    const sqlTable = [
      '| Request | SQL statements (facade) | SQL statements (direct) |',
      '|---|---:|---:|',
      ...sqlRows.map((r) => `| ${r.request} | ${r.facade} | ${r.direct} |`),
    ].join('\n');
    const writeTable = [
      '| Products written through PUT /api/products | Batch size | Total s | Products/s | Mean ms per batch | SQL statements per product |',
      '|---:|---:|---:|---:|---:|---:|',
      `| ${fmt(write.products)} | ${BATCH} | ${fmt(write.seconds, 1)} | ${fmt(write.perSecond)} | ${fmt(write.batchMeanMs)} | ${fmt(write.statementsPerProduct, 1)} |`,
    ].join('\n');

    log('');
    log(loadTable);
    log('');
    log(ratioTable);
    log('');
    log(sqlTable);
    log('');
    log(writeTable);
    log('');

    const date = new Date().toISOString();
    const allMet = results.every((r) => r.ratio >= TARGET_RATIO);
    const doc = `# Benchmarks

Figures of the last run of \`npm run bench\` (scripts/bench.ts). Run the command again to replace them.

## Machine

- CPU: ${machine.cpu}, ${machine.cores} cores
- Memory: ${machine.memory}
- OS: ${machine.os}
- Node: ${machine.node}
- PostgreSQL: ${machine.postgres}
- Date: ${date}
- Command: \`npm run bench\`

The load generator, both servers and PostgreSQL run on this one machine and share its cores.
Load average (1 min) of the machine: ${fmt(loadBefore, 2)} before the read measurements, ${fmt(loadAfter, 2)} after them
(this run's own processes included); other work on the machine makes the figures vary between rounds and runs.

## Method

- A throwaway PostgreSQL database (\`bench_<timestamp>\`) is created, migrated and dropped at the end.${schemaDrift ? ' In this run prisma/schema had changes without a migration; they were pushed on top of the migrations, as the tests do outside CI.' : ''}
- One company with ${fmt(PRODUCTS)} products, each with one internal code, written through the REST batch upsert \`PUT /api/products\` in batches of ${BATCH}, one batch at a time${write.bulk ? ` (${fmt(viaRest)} of them; see Write throughput)` : ''}; then ANALYZE.
- Facade: the app (\`node --import tsx scripts/serve.ts\`, NODE_ENV=production, SQL_STATS=1) as a child process: REST route, GraphQL execution (Pothos, graphql-yoga), Prisma, and an ETag on each answer. The load generator sends no \`Accept-Encoding\`, so answers go uncompressed on both sides.
- Direct: a minimal \`node:http\` server in the bench process that authenticates the \`api-key\` with the same query (graph/company/auth.ts), then calls Prisma with the same where, order and take (company_id, deleted_at null, id ascending, internal codes by id, foreign operator links) and answers the same JSON. Before measuring, the answers of both servers are compared: ${checks.length ? `they differ: ${checks.join('; ')}` : 'they are identical for both requests'}.
- Both use a pool of ${process.env.DATABASE_POOL_SIZE ?? 10} PostgreSQL connections.
- Load: autocannon (programmatic, in a worker thread of the bench process), ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s of measurement per target, in the order facade list, direct list, facade by code, direct by code, repeated for ${ROUNDS} rounds. Figures are the mean of the rounds. By code picks a random code from a fixed list of ${CODE_SAMPLE} codes for each request.
- Server CPU ms/req: CPU time of the server's main thread (Linux /proc: the app's process; for direct, the bench process's main thread, without the load generator's thread) over warm-up and measurement, divided by the requests answered. Garbage-collector helper threads are not counted for either. It depends less on other load on the machine than req/s.
- The list answer with limit=${LIST_LIMIT} is ${fmt(listBytes / 1024, 1)} KiB of JSON.

## Read throughput and latency

${loadTable}

${ratioTable}

Target: facade throughput at least ${TARGET_RATIO} x direct for both requests. ${allMet ? 'Met for both requests.' : `Not met for: ${results.filter((r) => r.ratio < TARGET_RATIO).map((r) => requestName(r.request)).join(', ')}.`} The last column divides the direct server's CPU time per request by the facade's: below ${TARGET_RATIO}, the facade spends more than ${fmt(1 / TARGET_RATIO, 2)} x the direct server's CPU on each request.

## SQL statements per request

Read from the \`x-sql-statements\` header (SQL_STATS=1); the direct server counts the same way.

${sqlTable}

Target: the count does not depend on the page size. ${sqlConstant ? `Met: ${listCounts[0]} statements for every page size.` : `Not met: ${listCounts.join(', ')} for limit 1, 10, 50, 100.`}

## Write throughput

${writeTable}

Products/s counts the whole REST write phase, one batch in flight at a time. ${write.bulk ? `The write phase is capped at ${WRITE_BUDGET_S} s, ending ${WRITE_DEADLINE_S} s after the start of the run at the latest, to keep the run short; the cap was reached, so the other ${fmt(write.bulk)} products were loaded with Prisma createMany (${fmt(write.bulkSeconds, 1)} s) and are not part of these figures. ` : `All ${fmt(PRODUCTS)} products went through the REST batch upsert (the phase is capped at ${WRITE_BUDGET_S} s, ending ${WRITE_DEADLINE_S} s after the start of the run at the latest; products left at the cap would be loaded with Prisma createMany). `}${write.failedAttempts.length ? `Batches sent again after a failure: ${write.failedAttempts.length} (${write.failedAttempts.join('; ')}); the failed attempts are included in the total time and excluded from the mean per batch and the SQL count.` : 'No batch failed.'}
`;
    writeFileSync(path.join(ROOT, 'docs', 'benchmarks.md'), `${doc}
## Orders and processes

Batch upserts of ${100} rows through the REST API (one request each: create, then the same batch again as an update), the lists' SQL statements at three page sizes, and each list of 100 under load (${CONNECTIONS} connections, ${DURATION} s).

${domainTable}

## Logistics

${logisticsTable}
`);
    log(`wrote docs/benchmarks.md (run took ${fmt((Date.now() - started) / 1000)} s)`);
  } catch (e) {
    exitCode = 1;
    console.error('[bench] failed:', e instanceof Error ? e.stack ?? e.message : e);
  } finally {
    await cleanup();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  process.exitCode = exitCode;
}

await main();
