// Benchmark of the REST facade against Prisma called directly, and of the GraphQL executors
// against each other (`npm run bench`).
//
// One run, no input: creates a throwaway PostgreSQL database, migrates it, creates a
// company, writes 10,000 products through the REST batch upsert (timed), then 100 orders of 10
// lines and 100 processes linked to them (scripts/bench-domain.ts). The app runs as child
// processes (SQL_STATS=1), one per GraphQL executor (GRAPHQL_EXECUTOR, graph/env.ts), all on
// that database; in this process a minimal
// node:http server ("direct") answers the two product GETs with Prisma. autocannon measures
// each request on every server in turn, round after round, from a worker thread so the load
// generator does not share an event loop with the direct server. The figures are printed and
// written to docs/benchmarks.md (the sections other bench scripts write and "Recorded comparisons" are kept). The database is
// dropped at the end, also on failure.
//
// Optional environment: BENCH_DATABASE_URL (server to create the database on),
// BENCH_DURATION (seconds per measurement, default 10), BENCH_ROUNDS (default 3),
// BENCH_EXECUTORS (comma-separated executors to run, the first serves the writes; default
// every one graph/env.ts accepts), BENCH_BASELINE (comma-separated folders of other checkouts
// of the project, each with its node_modules: each one's app joins the run under the folder's
// name, on the same database),
// BENCH_PROCESSES (serving processes of a scale-out app that joins the run, the first executor
// with WEB_CONCURRENCY at that number behind one port; default 2, 1 leaves it out),
// BENCH_WRITE_BUDGET (seconds of REST writes before the rest is bulk-loaded, default 35),
// BENCH_CPU_PROF=1 (run the apps with --cpu-prof; profiles are written to
// $TMPDIR/tradetrack-bench-prof/<server>/ when they stop).
import { productParams as productFor } from '../graph/seed/factories.ts';
import { graphqlExecutors } from '../graph/env.ts';
import { freePort, withDatabase } from './local-net.ts';
import { startDirect, startPostGraphile, startRawPg, stopProcess, type Peer } from './bench-peers.ts';
import { ORDER_LINES, SHIPPED_LINES } from './bench-domain.ts';
import { spawn, execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
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
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
/** Serving processes of the scale-out app (BENCH_PROCESSES; 1 leaves it out). */
const PROCESSES = Number(process.env.BENCH_PROCESSES || 2);
const EXECUTORS = (process.env.BENCH_EXECUTORS || graphqlExecutors.join(','))
  .split(',')
  .map((e) => e.trim())
  .filter(Boolean);
const BASELINES = (process.env.BENCH_BASELINE || '')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean)
  .map((d) => ({ name: path.basename(path.resolve(d)), dir: path.resolve(d) }));
const LIST_LIMIT = 100;
const TARGET_RATIO = 0.8;
const WRITE_BUDGET_S = Number(process.env.BENCH_WRITE_BUDGET || 35);
const WRITE_DEADLINE_S = 65; // REST writes stop this long after the start of the run at the latest

for (const b of BASELINES) {
  if ((graphqlExecutors as readonly string[]).includes(b.name) || b.name === 'direct') throw new Error(`BENCH_BASELINE: name the folder ${b.dir} otherwise`);
}
for (const e of EXECUTORS) {
  if (!(graphqlExecutors as readonly string[]).includes(e)) throw new Error(`BENCH_EXECUTORS: unknown executor "${e}" (known: ${graphqlExecutors.join(', ')})`);
}

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
  // A list of 100 processes takes seconds on a busy machine: give a request up after 30 s, not
  // autocannon's 10, so slow answers count in the latency instead of as failures.
  timeout: 30,
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
    // A production app is a supervisor and its worker (WEB_CONCURRENCY=1): the worker serves.
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
    return children.reduce((sum, child) => sum + (mainThreadCpuMs(child) ?? 0), own);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------
// The apps under measurement: child processes on the same database, one per GraphQL executor
// of this checkout, and one per checkout BENCH_BASELINE names.

/** How to start one app: its name in the tables, its folder and its extra environment. */
interface AppSpec {
  name: string;
  cwd: string;
  env: Record<string, string>;
}

interface RunningApp extends AppSpec {
  base: string;
  pid: number;
  /** Why the app stopped before the bench stopped it, if it did (its figures from then on are void). */
  exited(): string | undefined;
  stop(): Promise<void>;
}

async function startApp(spec: AppSpec, databaseUrl: string, profDir: string | undefined): Promise<RunningApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The server entry is plain JavaScript; a checkout from before it was keeps a TypeScript one.
  const entry = existsSync(path.join(spec.cwd, 'scripts/serve.mjs')) ? ['scripts/serve.mjs'] : ['--import', 'tsx', 'scripts/serve.ts'];
  const nodeArgs: string[] = [];
  if (profDir) {
    const dir = path.join(profDir, spec.name);
    mkdirSync(dir, { recursive: true });
    nodeArgs.push('--cpu-prof', '--cpu-prof-dir', dir);
  }
  const proc = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: spec.cwd,
    // Rate limits off: the load generator is one client asking far more than a key's share (their cost is measured by scripts/bench-limits.ts).
    env: { ...process.env, ...spec.env, DATABASE_URL: databaseUrl, PORT: String(port), SKIP_DEMO: '1', NODE_ENV: 'production', SQL_STATS: '1', RATE_LIMITS: '0', WEB_CONCURRENCY: '1', ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => {
    output += d;
    process.stderr.write(`[${spec.name}] ${d}`);
  });
  let stopping = false;
  let exitedEarly: string | undefined;
  proc.once('exit', (code, signal) => {
    if (stopping) return;
    exitedEarly = signal ? `killed by ${signal}` : `exited with code ${code}`;
    console.warn(`WARNING: app ${spec.name} ${exitedEarly}${output ? `; its last output:\n${output.slice(-2000)}` : ''}`);
  });
  const stop = async () => {
    stopping = true;
    await stopProcess(proc);
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`app ${spec.name} exited early:\n${output}`);
    try {
      const res = await fetch(`${base}/openapi.json`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`app ${spec.name} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { ...spec, base, pid: proc.pid!, exited: () => exitedEarly, stop };
}

/**
 * The subject line of the commit checked out in `dir`, marked when the checkout has uncommitted
 * changes outside docs/ (a bench run rewrites docs/benchmarks.md of its own checkout).
 */
function commitOf(dir: string): string {
  try {
    const subject = execSync('git log -1 --format=%s', { cwd: dir, encoding: 'utf8' }).trim();
    const dirty = execSync("git status --porcelain --untracked-files=no -- . ':!docs'", { cwd: dir, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${subject} (with uncommitted changes)` : subject;
  } catch {
    return 'unknown';
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

/** PostGraphile answers other names: its list and by-code rows are compared by id, code and count. */
async function compareGraphile(
  graphile: Peer,
  direct: Peer,
  listPath: string,
  code: string,
  getJson: (base: string, p: string) => Promise<{ body: unknown }>,
): Promise<string[]> {
  type Products = { data: { allProducts: { totalCount?: number; nodes: { rowId: number; code: string; productInternalCodesByCompanyIdAndProductId: { nodes: unknown[] } }[] } } };
  type Rest = { data: { id: number; code: string; internal_codes: unknown[] }[] | { id: number; code: string; internal_codes: unknown[] }; total_count?: number };
  const rows = (x: Products) => JSON.stringify(x.data.allProducts.nodes.map((n) => [n.rowId, n.code, n.productInternalCodesByCompanyIdAndProductId.nodes.length]));
  const rest = (x: Rest) => JSON.stringify((Array.isArray(x.data) ? x.data : [x.data]).map((n) => [n.id, n.code, n.internal_codes.length]));
  const notes: string[] = [];
  const list = (await getJson(graphile.base, graphile.listPath!)).body as Products;
  const directList = (await getJson(direct.base, listPath)).body as Rest;
  if (rows(list) !== rest(directList) || list.data.allProducts.totalCount !== directList.total_count) notes.push('postgraphile list: rows or count differ');
  const one = (await getJson(graphile.base, graphile.codePath!(code))).body as Products;
  if (rows(one) !== rest((await getJson(direct.base, `/api/products-by-code/${encodeURIComponent(code)}`)).body as Rest)) notes.push('postgraphile by code: row differs');
  return notes;
}

// ---------------------------------------------------------------------------------------

/** The headings of the sections this script writes; the others are kept as they are. */
const OWN_HEADINGS = new Set(['Machine', 'Method', 'Read throughput and latency', 'SQL statements per request', 'Write throughput', 'Orders and processes', 'Logistics']);

/**
 * What this run keeps of `file`, with a blank line before it: from the first section another
 * script wrote (scripts/bench-section.ts) or the hand-written "Recorded comparisons", to the end.
 */
function keptSection(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  const first = [...text.matchAll(/^## (.+)$/gm)].find((m) => !OWN_HEADINGS.has(m[1]));
  return first ? `\n${text.slice(first.index)}` : '';
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const started = Date.now();
  const cleanups: (() => Promise<void>)[] = [];
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
    // Production on a PostgreSQL server needs the carrier secrets key (docs/tracking.md,
    // "Settings"): a throwaway one for this run's database, inherited by every app it starts.
    process.env.CARRIER_SECRETS_KEY ??= randomBytes(32).toString('base64');
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

    // 3. The apps as child processes. The first executor's app serves the writes; the others
    // start after them, on the same database, so the writes run as in a single-app run.
    const profDir = process.env.BENCH_CPU_PROF === '1' ? path.join(os.tmpdir(), 'tradetrack-bench-prof') : undefined;
    if (profDir) log(`the apps run with --cpu-prof; profiles (one folder per app) and phases.json in ${profDir}`);
    const specs: AppSpec[] = EXECUTORS.map((e) => ({ name: e, cwd: ROOT, env: { GRAPHQL_EXECUTOR: e } }));
    for (const b of BASELINES) {
      execSync('node scripts/ensure-build.mjs', { cwd: b.dir, stdio: 'inherit' });
      specs.push({ name: b.name, cwd: b.dir, env: {} });
    }
    // Scale-out: the first executor again as 2 serving processes behind one port (its "against" table shows the gain).
    if (PROCESSES > 1) specs.push({ name: `${EXECUTORS[0]} ×${PROCESSES}`, cwd: ROOT, env: { GRAPHQL_EXECUTOR: EXECUTORS[0], WEB_CONCURRENCY: String(PROCESSES) } });
    const primary = await startApp(specs[0], databaseUrl, profDir);
    cleanups.push(primary.stop);
    const facadeBase = primary.base;
    log(`app ${primary.name} listening on ${facadeBase}`);

    // Write path: products through PUT /api/products in batches of 500, for at most
    // WRITE_BUDGET_S seconds and no later than WRITE_DEADLINE_S after the start (the run
    // must stay short, also on a busy machine); products not written by then are
    // bulk-loaded with Prisma createMany so the read tests see 10,000.
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

    // 4. Orders and processes through the first app, then the other apps.
    const { writeDomain } = await import('./bench-domain.ts');
    const domain = await writeDomain({ base: facadeBase, headers, operationId: company.operation.id, productCode, log });
    await prisma().$executeRawUnsafe('ANALYZE');
    const apps = [primary];
    for (const spec of specs.slice(1)) {
      const app = await startApp(spec, databaseUrl, profDir);
      cleanups.push(app.stop);
      apps.push(app);
      log(`app ${app.name} listening on ${app.base}`);
    }

    // 5. The peers (scripts/bench-peers.ts), and checks that every server answers the same.
    const direct = await startDirect();
    cleanups.push(direct.stop);
    const rawPg = await startRawPg(databaseUrl);
    cleanups.push(rawPg.stop);
    const graphile = await startPostGraphile(databaseUrl, company.company.id);
    if (typeof graphile === 'string') console.warn(`WARNING: PostGraphile left out: ${graphile}`);
    else cleanups.push(graphile.stop);
    const peers: Peer[] = [direct, rawPg, ...(typeof graphile === 'string' ? [] : [graphile])];
    const listPath = `/api/products?limit=${LIST_LIMIT}`;
    const codes = Array.from({ length: CODE_SAMPLE }, (_, k) => productCode(Math.floor((k * PRODUCTS) / CODE_SAMPLE) + 7));
    const codePaths = codes.map((c) => `/api/products-by-code/${encodeURIComponent(c)}`);
    const getJson = async (base: string, p: string) => {
      const res = await fetch(base + p, { headers });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET ${base}${p} answered ${res.status}: ${text.slice(0, 300)}`);
      return { body: JSON.parse(text) as unknown, text, statements: Number(res.headers.get('x-sql-statements')), bytes: text.length };
    };
    const checks: string[] = [];
    for (const app of apps) {
      for (const [label, p] of [['list', listPath], ['by code', codePaths[0]], ['by code (last)', codePaths.at(-1)!]] as const) {
        checks.push(...compareAnswers(`${app.name} ${label}`, (await getJson(app.base, p)).body, (await getJson(direct.base, p)).body));
      }
    }
    for (const [label, p] of [['list', listPath], ['by code', codePaths[0]]] as const) {
      checks.push(...compareAnswers(`raw pg ${label}`, (await getJson(rawPg.base, p)).body, (await getJson(direct.base, p)).body));
    }
    if (typeof graphile !== 'string') checks.push(...(await compareGraphile(graphile, direct, listPath, codes[0], getJson)));
    const domainPaths = domain.lists.map((l) => ({ ...l, page: `${l.path}?limit=${LIST_LIMIT}` }));
    const domainBytes = new Map<string, number>();
    for (const l of domainPaths) {
      const first = await getJson(primary.base, l.page);
      domainBytes.set(l.name, first.bytes);
      for (const app of apps.slice(1)) {
        if ((await getJson(app.base, l.page)).text !== first.text) checks.push(`${app.name} ${l.name}: the answer differs from ${primary.name}'s`);
      }
      // The floor's text is PostgreSQL's (other spacing): compared parsed.
      for (const peer of peers.filter((p) => p.pages?.includes(l.name))) {
        if (!isDeepStrictEqual((await getJson(peer.base, l.page)).body, first.body)) checks.push(`${peer.name} ${l.name}: the answer differs from ${primary.name}'s`);
      }
    }
    for (const w of checks) console.warn(`WARNING: ${w}`);
    if (!checks.length) log('every server answers the same (product list and by code against direct; order and process lists against each other)');
    const listBytes = (await getJson(facadeBase, listPath)).bytes;

    // 6. SQL statements per request, on every server.
    const sqlRequests = [
      ...[1, 10, 50, 100].map((limit) => ({ request: `GET /api/products?limit=${limit}`, path: `/api/products?limit=${limit}`, direct: true })),
      { request: 'GET /api/products-by-code/{code}', path: codePaths[1], direct: true },
      ...domain.lists.flatMap((l) => [1, 10, 100].map((limit) => ({ request: `GET ${l.path}?limit=${limit}`, path: `${l.path}?limit=${limit}`, direct: false }))),
    ];
    const sql = new Map<string, number>();
    for (const r of sqlRequests) {
      for (const app of apps) sql.set(`${r.request}|${app.name}`, (await getJson(app.base, r.path)).statements);
      if (r.direct) sql.set(`${r.request}|direct`, (await getJson(direct.base, r.path)).statements);
      log(`SQL statements ${r.request}: ${[...apps.map((a) => a.name), ...(r.direct ? ['direct'] : [])].map((n) => `${n} ${sql.get(`${r.request}|${n}`)}`).join(', ')}`);
    }
    const listCounts = (server: string) => [1, 10, 50, 100].map((limit) => sql.get(`GET /api/products?limit=${limit}|${server}`)!);
    const sqlConstant = apps.every((a) => new Set(listCounts(a.name)).size === 1);

    // 7. Load, interleaved: each request on every server in turn, the order rotated each round.
    interface Server {
      name: string;
      base: string;
      pid: number;
      paths?: string[];
    }
    const appServers: Server[] = apps.map((a) => ({ name: a.name, base: a.base, pid: a.pid }));
    // A peer asked otherwise than REST (PostGraphile) gets its own paths for the same rows.
    const peerServers = (paths: (peer: Peer) => string[] | undefined): Server[] => peers.map((peer) => ({ name: peer.name, base: peer.base, pid: peer.pid, paths: paths(peer) }));
    const requests = [
      { request: `GET ${listPath}`, paths: [listPath], servers: [...appServers, ...peerServers((peer) => (peer.listPath ? [peer.listPath] : undefined))] },
      { request: 'GET /api/products-by-code/{code}', paths: codePaths, servers: [...appServers, ...peerServers((peer) => peer.codePath && codes.map(peer.codePath))] },
      ...domainPaths.map((l) => ({ request: `GET ${l.page}`, paths: [l.page], servers: [...appServers, ...peers.filter((p) => p.pages?.includes(l.name)).map((p): Server => ({ name: p.name, base: p.base, pid: p.pid }))] })),
    ];
    const rotate = <T>(xs: T[], k: number) => xs.map((_, i) => xs[(i + k) % xs.length]);
    const loadBefore = os.loadavg()[0];
    const runs = new Map<string, { load: Load; cpu: number | undefined }[]>();
    // Monotonic microseconds, the clock of --cpu-prof profiles: lets a profile be cut per phase.
    const phases: { name: string; fromUs: string; toUs: string }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const q of requests) {
        for (const s of rotate(q.servers, round - 1)) {
          const from = process.hrtime.bigint() / 1000n;
          const cpu0 = mainThreadCpuMs(s.pid);
          const r = await runLoad(s.base, s.paths ?? q.paths, headers);
          const cpu1 = mainThreadCpuMs(s.pid);
          const cpu = cpu0 !== undefined && cpu1 !== undefined && r.withWarmup > 0 ? (cpu1 - cpu0) / r.withWarmup : undefined;
          phases.push({ name: `round ${round} ${s.name} ${q.request}`, fromUs: String(from), toUs: String(process.hrtime.bigint() / 1000n) });
          const key = `${q.request}|${s.name}`;
          runs.set(key, [...(runs.get(key) ?? []), { load: r, cpu }]);
          const dead = apps.filter((a) => a.exited());
          if (dead.length) throw new Error(`app ${dead.map((a) => `${a.name} ${a.exited()}`).join(', ')} during the measurements; no figures written`);
          const failed = r.non2xx || r.errors || r.timeouts;
          log(`round ${round} ${s.name.padEnd(8)} ${q.request}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, server CPU ${cpu === undefined ? 'n/a' : fmt(cpu, 2)} ms/req${failed ? ` (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})` : ''}`);
          if (failed) console.warn(`WARNING: ${s.name} ${q.request} had non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`);
        }
      }
    }
    const loadAfter = os.loadavg()[0];
    if (profDir) writeFileSync(path.join(profDir, 'phases.json'), JSON.stringify(phases, null, 2));
    const summary = (request: string, server: string) => {
      const rs = runs.get(`${request}|${server}`)!;
      const cpus = rs.map((r) => r.cpu);
      return {
        rps: mean(rs.map((r) => r.load.rps)),
        p50: mean(rs.map((r) => r.load.p50)),
        p99: mean(rs.map((r) => r.load.p99)),
        rounds: rs.map((r) => r.load.rps),
        cpu: cpus.every((x) => x !== undefined) ? mean(cpus as number[]) : undefined,
        failures: rs.reduce((a, r) => a + r.load.non2xx + r.load.errors + r.load.timeouts, 0),
      };
    };
    /** Throughput of `a` over `b`: of the means, and per round (the two measured minutes apart at most). */
    const ratio = (request: string, a: string, b: string) => {
      const x = summary(request, a);
      const y = summary(request, b);
      return {
        rps: x.rps / y.rps,
        rounds: x.rounds.map((v, i) => v / y.rounds[i]),
        cpu: x.cpu !== undefined && y.cpu !== undefined ? x.cpu / y.cpu : undefined,
      };
    };

    // 8. Logistics reads on the first app.
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

    // 9. Report.
    const cpus = os.cpus();
    const machine = {
      cpu: cpus[0]?.model ?? 'unknown',
      cores: cpus.length,
      memory: `${fmt(os.totalmem() / 1024 ** 3, 1)} GiB`,
      node: process.version,
      os: `${os.type()} ${os.release()} (${os.arch()})`,
      postgres: pgVersion,
    };
    const perRound = (xs: number[], digits: number) => xs.map((v) => fmt(v, digits)).join(' / ');
    const loadTable = [
      '| Request | Server | req/s (mean) | req/s per round | p50 ms | p99 ms | server CPU ms/req | SQL statements |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
      ...requests.flatMap((q) =>
        q.servers.map((s) => {
          const x = summary(q.request, s.name);
          const failed = x.failures ? ` (${fmt(x.failures)} failed)` : '';
          return `| ${q.request} | ${s.name} | ${fmt(x.rps)}${failed} | ${perRound(x.rounds, 0)} | ${fmt(x.p50, 1)} | ${fmt(x.p99, 1)} | ${x.cpu === undefined ? 'n/a' : fmt(x.cpu, 2)} | ${sql.get(`${q.request}|${s.name}`) ?? ''} |`;
        }),
      ),
    ].join('\n');
    const others = apps.slice(1);
    const executorTable = others.length
      ? [
          `| Request | Server | req/s ÷ ${primary.name}'s | per round | server CPU ms/req ÷ ${primary.name}'s |`,
          '|---|---|---:|---:|---:|',
          ...requests.flatMap((q) =>
            others.map((a) => {
              const r = ratio(q.request, a.name, primary.name);
              return `| ${q.request} | ${a.name} | ${fmt(r.rps, 3)} | ${perRound(r.rounds, 3)} | ${r.cpu === undefined ? 'n/a' : fmt(r.cpu, 3)} |`;
            }),
          ),
        ].join('\n')
      : '';
    const productRequests = requests.slice(0, 2).map((q) => q.request);
    const directResults = productRequests.flatMap((request) => apps.map((a) => ({ request, app: a.name, ...ratio(request, a.name, 'direct') })));
    const directTable = [
      '| Request | Server | facade / direct throughput | per round | Target | Met | direct / facade server CPU per request |',
      '|---|---|---:|---:|---:|---|---:|',
      ...directResults.map(
        (r) =>
          `| ${r.request} | ${r.app} | ${fmt(r.rps, 3)} | ${perRound(r.rounds, 3)} | >= ${TARGET_RATIO} | ${r.rps >= TARGET_RATIO ? 'yes' : 'no'} | ${r.cpu === undefined ? 'n/a' : fmt(1 / r.cpu, 3)} |`,
      ),
    ].join('\n');
    // Every product server over the raw pg handler, the floor of a Node.js service on this database.
    const RAW_TARGET = 0.5;
    const againstRaw = productRequests.flatMap((request) =>
      [...apps.map((a) => a.name), ...peers.filter((p) => p.name !== 'raw pg').map((p) => p.name)].map((server) => ({ request, server, ...ratio(request, server, 'raw pg') })),
    );
    const rawTable = [
      '| Request | Server | req/s ÷ raw pg | per round | server CPU ms/req ÷ raw pg |',
      '|---|---|---:|---:|---:|',
      ...againstRaw.map((r) => `| ${r.request} | ${r.server} | ${fmt(r.rps, 3)} | ${perRound(r.rounds, 3)} | ${r.cpu === undefined ? 'n/a' : fmt(r.cpu, 3)} |`),
    ].join('\n');
    // The operation pages over their floor: PostgreSQL building the same answer in one statement.
    const floorRequests = domainPaths.filter((l) => peers.some((p) => p.pages?.includes(l.name))).map((l) => `GET ${l.page}`);
    const floorTable = floorRequests.length
      ? [
          '| Request | Server | req/s ÷ raw pg | per round | server CPU ms/req ÷ raw pg |',
          '|---|---|---:|---:|---:|',
          ...floorRequests.flatMap((request) =>
            apps.map((a) => {
              const r = ratio(request, a.name, 'raw pg');
              return `| ${request} | ${a.name} | ${fmt(r.rps, 3)} | ${perRound(r.rounds, 3)} | ${r.cpu === undefined ? 'n/a' : fmt(r.cpu, 3)} |`;
            }),
          ),
        ].join('\n')
      : '';
    const rawMet = againstRaw.filter((r) => r.server === primary.name).map((r) => `${r.request}: ${fmt(r.rps, 2)} (${r.rps >= RAW_TARGET ? 'met' : 'not met'})`);
    const aheadOfGraphile =
      typeof graphile === 'string' ? `PostGraphile was left out of this run: ${graphile}.` : (() => {
        const r = ratio(`GET ${listPath}`, primary.name, 'postgraphile');
        return `On the list, ${primary.name} ÷ PostGraphile = ${fmt(r.rps, 2)} (per round ${perRound(r.rounds, 2)}): ${r.rps >= 1 ? 'ahead, met' : 'behind, not met'}.`;
      })();
    const sqlTable = [
      `| Request | direct | ${apps.map((a) => a.name).join(' | ')} |`,
      `|---|---:|${apps.map(() => '---:').join('|')}|`,
      ...sqlRequests.map((r) => `| ${r.request} | ${r.direct ? sql.get(`${r.request}|direct`) : ''} | ${apps.map((a) => sql.get(`${r.request}|${a.name}`)).join(' | ')} |`),
    ].join('\n');
    const writeTable = [
      '| Products written through PUT /api/products | Batch size | Total s | Products/s | Mean ms per batch | SQL statements per product |',
      '|---:|---:|---:|---:|---:|---:|',
      `| ${fmt(write.products)} | ${BATCH} | ${fmt(write.seconds, 1)} | ${fmt(write.perSecond)} | ${fmt(write.batchMeanMs)} | ${fmt(write.statementsPerProduct, 1)} |`,
    ].join('\n');

    log('');
    log(loadTable);
    log('');
    if (executorTable) {
      log(executorTable);
      log('');
    }
    log(directTable);
    log('');
    log(rawTable);
    log('');
    log(sqlTable);
    log('');
    log(writeTable);
    log('');

    const date = new Date().toISOString();
    const primaryMet = directResults.filter((r) => r.app === primary.name).every((r) => r.rps >= TARGET_RATIO);
    const serverList = [
      ...EXECUTORS.map((e) => `\`${e}\`: this checkout with \`GRAPHQL_EXECUTOR=${e}\``),
      ...BASELINES.map((b) => `\`${b.name}\`: the checkout in ${b.dir} (\`BENCH_BASELINE\`) at commit "${commitOf(b.dir)}", with its own build`),
    ];
    const doc = `# Benchmarks

Figures of the last run of \`npm run bench\` (scripts/bench.ts). Run the command again to replace them;
the sections the other bench scripts write, and "Recorded comparisons" at the end, are kept as they are.

## Machine

- CPU: ${machine.cpu}, ${machine.cores} cores
- Memory: ${machine.memory}
- OS: ${machine.os}
- Node: ${machine.node}
- PostgreSQL: ${machine.postgres}
- Date: ${date}
- Commit: ${commitOf(ROOT)}
- Command: \`${[process.env.BENCH_EXECUTORS ? `BENCH_EXECUTORS=${process.env.BENCH_EXECUTORS}` : '', BASELINES.length ? `BENCH_BASELINE=${BASELINES.map((b) => b.dir).join(',')}` : '', process.env.BENCH_ROUNDS ? `BENCH_ROUNDS=${ROUNDS}` : '', process.env.BENCH_DURATION ? `BENCH_DURATION=${DURATION}` : '', 'npm run bench'].filter(Boolean).join(' ')}\`

The load generator, every server and PostgreSQL run on this one machine and share its cores.
Load average (1 min) of the machine: ${fmt(loadBefore, 2)} before the read measurements, ${fmt(loadAfter, 2)} after them
(this run's own processes included); other work on the machine makes the figures vary between rounds and runs.
Ratios of two servers measured in the same round are steadier than the req/s figures themselves.

## Method

- A throwaway PostgreSQL database (\`bench_<timestamp>\`) is created, migrated and dropped at the end.${schemaDrift ? ' In this run prisma/schema had changes without a migration; they were pushed on top of the migrations, as the tests do outside CI.' : ''}
- One company with ${fmt(PRODUCTS)} products, each with one internal code, written through the REST batch upsert \`PUT /api/products\` in batches of ${BATCH}, one batch at a time${write.bulk ? ` (${fmt(viaRest)} of them; see Write throughput)` : ''}; then 100 orders of ${ORDER_LINES} lines and 100 processes with a full maritime tree, each linked to one of the orders and shipping ${SHIPPED_LINES} of its lines, through their batch upserts (see Orders and processes); then ANALYZE.
- Facade: the app (\`node scripts/serve.mjs\`, NODE_ENV=production, SQL_STATS=1, WEB_CONCURRENCY=1: one serving process under its supervisor; RATE_LIMITS=0: the load generator is one client asking far more than one key's share, see "Rate limits and idempotency") as a child process: REST route, GraphQL execution (Pothos, graphql-yoga), Prisma, and an ETag on each answer. One app per server below, all on the same database${PROCESSES > 1 ? `; \`${EXECUTORS[0]} ×${PROCESSES}\` is the same app with WEB_CONCURRENCY=${PROCESSES}: ${PROCESSES} serving processes behind one port, the scale-out of docs/decisions/014-scale-out.md` : ''}; the first serves the writes, the others start after them. The load generator sends no \`Accept-Encoding\`, so answers go uncompressed on every side.
- Servers: ${serverList.join('; ')}; \`direct\`: a minimal \`node:http\` server in the bench process that authenticates the \`api-key\` with the same query (graph/company/auth.ts), then calls Prisma with the same where, order and take (company_id, deleted_at null, id ascending, internal codes by id, foreign operator links), outside any transaction, and answers the same JSON (products only).
- Peers (scripts/bench-peers.ts): \`raw pg\`: a \`node:http\` server in the bench process, the same key check, then one SQL statement per request through a plain \`pg\` pool of the same size (the nested lists' JSON built by PostgreSQL, the list's count in the same statement), answering the same JSON: the floor of any Node.js service on this database; it answers the order and process pages too, one prepared statement each in which PostgreSQL builds the whole answer (every field, the lines' balances, \`total_count\`, \`next_cursor\`; scripts/bench-floor-orders.ts, scripts/bench-floor-processes.ts), sent as PostgreSQL wrote it; \`postgraphile\`: PostGraphile ${'5'} (scripts/peers/postgraphile, Amber preset, conditions on every column, its own process, one pool of the same size; it asks for Node.js 22 and runs on ${process.version} with \`Promise.withResolvers\` supplied) asked over GraphQL \`GET\` for the same rows: \`allProducts(first: 100, orderBy: PRIMARY_KEY_ASC, condition: {companyId, deletedAt: null}) { totalCount nodes { ... } }\` and \`query ($code: String!) { allProducts(first: 1, condition: {companyId, deletedAt: null, code: $code}) ... }\` (the code a variable: one document serves every code, as a client would send it), with every product column and both nested lists.
- Before measuring, the answers are compared: each app's product list and by-code answers against direct's, and each app's order and process lists of ${LIST_LIMIT} against ${primary.name}'s, byte for byte, and raw pg's order page against ${primary.name}'s, parsed: ${checks.length ? `they differ: ${checks.join('; ')}` : 'they are identical'}.
- Every server uses a pool of ${process.env.DATABASE_POOL_SIZE ?? 10} PostgreSQL connections.
- Load: autocannon (programmatic, in a worker thread of the bench process), ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s of measurement per server and request. Each request is measured on every server in turn, then the next request; the order of the servers rotates by one each round; ${ROUNDS} rounds. Figures are the mean of the rounds. By code picks a random code from a fixed list of ${CODE_SAMPLE} codes for each request. A request unanswered after 30 s counts as failed.
- Server CPU ms/req: CPU time of the server's main thread (Linux /proc: the app's process; for direct, the bench process's main thread, without the load generator's thread) over warm-up and measurement, divided by the requests answered. Garbage-collector helper threads are not counted. It depends less on other load on the machine than req/s.
- SQL statements: of one request, read from the \`x-sql-statements\` header (SQL_STATS=1); the direct server counts the same way.
- Answer sizes at limit=${LIST_LIMIT}: products ${fmt(listBytes / 1024, 1)} KiB, ${domainPaths.map((l) => `${l.name} ${fmt(domainBytes.get(l.name)! / 1024, 1)} KiB`).join(', ')} of JSON.

## Read throughput and latency

${loadTable}
${executorTable ? `\n### Each app against ${primary.name}\n\nEach server's figures over ${primary.name}'s, in the same run; per round, the two were measured minutes apart at most. Above 1 in the req/s column, or below 1 in the CPU column, the server is faster than ${primary.name}.\n\n${executorTable}\n` : ''}
### Facade against direct (products)

${directTable}

Target: facade throughput at least ${TARGET_RATIO} x direct for both product requests. ${primaryMet ? `Met by ${primary.name}.` : `Not met by ${primary.name}.`} The last column divides the direct server's CPU time per request by the facade's: below ${TARGET_RATIO}, the facade spends more than ${fmt(1 / TARGET_RATIO, 2)} x the direct server's CPU on each request.

### Against the raw pg handler and PostGraphile (products)

${rawTable}

Targets: the facade at least ${RAW_TARGET} x raw pg on the list and by code (${primary.name}: ${rawMet.join('; ')}), and ahead of PostGraphile on the same list. ${aheadOfGraphile} PostGraphile and raw pg do not authenticate the same way: raw pg uses the facade's key check (cached), PostGraphile checks no key and is given the company as a condition; raw pg answers the same JSON, PostGraphile its own (the same rows, fields and nested lists, under its own names, with \`totalCount\`).

${floorTable ? `\n### Against the floor (operation pages)\n\nThe app's pages over raw pg's, whose one statement has PostgreSQL build the whole answer's JSON (scripts/bench-floor-orders.ts, written by hand; scripts/bench-floor-processes.ts, the statement the app's compiler writes for the route; each answer equals the app's, parsed). Target: the app within 3 x the floor (req/s ÷ raw pg at least 0.33).\n\n${floorTable}\n` : ''}
## SQL statements per request

${sqlTable}

Target: the count does not depend on the page size. ${sqlConstant ? `Met for the product list on every app.` : `Not met for the product list: ${apps.map((a) => `${a.name} ${listCounts(a.name).join(', ')}`).join('; ')} for limit 1, 10, 50, 100.`}

## Write throughput

${writeTable}

Products/s counts the whole REST write phase, one batch in flight at a time. ${write.bulk ? `The write phase is capped at ${WRITE_BUDGET_S} s, ending ${WRITE_DEADLINE_S} s after the start of the run at the latest, to keep the run short; the cap was reached, so the other ${fmt(write.bulk)} products were loaded with Prisma createMany (${fmt(write.bulkSeconds, 1)} s) and are not part of these figures. ` : `All ${fmt(PRODUCTS)} products went through the REST batch upsert (the phase is capped at ${WRITE_BUDGET_S} s, ending ${WRITE_DEADLINE_S} s after the start of the run at the latest; products left at the cap would be loaded with Prisma createMany). `}${write.failedAttempts.length ? `Batches sent again after a failure: ${write.failedAttempts.length} (${write.failedAttempts.join('; ')}); the failed attempts are included in the total time and excluded from the mean per batch and the SQL count.` : 'No batch failed.'}

## Orders and processes

Batch upserts of 100 rows through the REST API on ${primary.name} (one request each: create, then the same batch again as an update). The lists' reads are in the tables above.

${domain.table}

## Logistics

On ${primary.name}.

${logisticsTable}
`;
    const docPath = path.join(ROOT, 'docs', 'benchmarks.md');
    writeFileSync(docPath, doc + keptSection(docPath));
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
