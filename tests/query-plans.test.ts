// No list, connection, lookup, count or filter reads a company table by a sequential scan
// (docs/decisions/018-query-plans.md). The app runs on a PostgreSQL database of its own with
// SQL_CAPTURE (prisma/database.ts), which appends each statement a request runs, with its
// parameters, to a file. One company gets one record of each kind through the API, then its
// tables are grown by SQL (tests/setup/plan-data.ts) to 1,000 and then 100,000 rows of each main
// table, a second company beside it to a tenth of that. Nothing here analyzes: at each size the
// test sends light reads until the app's own check (docs/decisions/015-fresh-statistics.md) has
// analyzed what the SQL filled, as a user's reads would. Then every request of
// tests/setup/plan-requests.ts runs once, and each statement it ran is planned again under
// `EXPLAIN` with the same parameters; a Seq Scan of a company table fails the test.
// The statements the app prepares by name are also checked as a connection of the app keeps
// them: prepared and run while the tables were empty (PostgreSQL may then keep a generic plan),
// their plan after the app's ANALYZE must be a good one; and their generic plan at each size.
// PostgreSQL only: the embedded database plans the same way, but has no second connection to
// explain from while the app holds it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppServer, type AppServer } from './setup/app-server.ts';
import { capturedSince, explain, planned, Prepared, seqScans, type Captured } from './setup/plan-explain.ts';
import { grow, GROWN_TABLES } from './setup/plan-data.ts';
import { graphqlRequests, restRequests, type PlanRequest, type PlanValues } from './setup/plan-requests.ts';
import { seedCompany } from './setup/plan-seed.ts';

/** The statements the app prepares by name: 2,000 characters and more (prisma/database.ts). */
const NAMED_FROM_CHARS = 2_000;

/**
 * Every list answer counts up to COUNT_CAP + 1 matching rows (graph/database/count.ts,
 * docs/decisions/017-capped-counts.md). A table of no more rows than that is read whole in
 * the time of that count: the planner rightly scans such a table of a few pages (a page's 10
 * ids among 1,100 rows), so only the scans of larger tables fail.
 */
const COUNT_READS = 10_001;

/**
 * The plans at 100,000 rows that still read a company table by a sequential scan, by request
 * (docs/decisions/018-query-plans.md, "Known scans"); each is a failure once it is gone from
 * here. A request not listed fails on any such scan.
 */
const KNOWN_SCANS = new Map<string, string>([
  // A substring search (ILIKE '%text%') has no index: it reads the company's rows until a page is found.
  ...[
    'GET /actors?search', 'GET /operations/{operation_id}/orders?search', 'GET /operations/{operation_id}/processes?search',
    'GET /partnerships?search', 'GET /products?search',
  ].map((name) => [name, 'substring search without an index'] as const),
  // A sort key with no index in that direction (the tie-breaker `id ASC` follows every key).
  ...[
    'actors order_by inserted_at', 'actors order_by nickname', 'actors order_by official_name', 'actors order_by trading_name',
    'actors order_by updated_at', 'containers order_by code', 'etaChanges order_by move_minutes', 'etaChanges order_by move_size_minutes',
    'orders order_by canceled_at', 'orders order_by external_reference_code', 'orders order_by finished_at', 'orders order_by type',
    'partnerships order_by inserted_at', 'partnerships order_by nickname', 'partnerships order_by updated_at', 'processes order_by alert_level',
    'processes order_by ata', 'processes order_by atd', 'processes order_by canceled_at', 'processes order_by eta', 'processes order_by etd',
    'processes order_by finished_at', 'processes order_by lead_time_datetime_reference', 'processes order_by updated_at',
    'products order_by category', 'products order_by description', 'products order_by family', 'products order_by inserted_at',
    'products order_by manufacturer', 'products order_by mercosul_code', 'products order_by updated_at',
  ].map((name) => [name, 'sort key without an index'] as const),
  // A filter on a column, or through a child table, that no index serves.
  ...[
    'actors filters.document_type', 'containers filters.discharge_port_unlocodes', 'containers filters.free_time_ends_at_from',
    'containers filters.returned_empty', 'etaChanges filters.changed_at_from', 'orders filters.external_reference_codes',
    'orders filters.subsidiary_id', 'orders filters.type', 'processes filters.actor_role', 'processes filters.ata_from',
    'processes filters.atd_from', 'processes filters.atd_to', 'processes filters.canceled_at_from', 'processes filters.canceled_at_to',
    'processes filters.discharge_port_unlocodes', 'processes filters.eta_changed_at_from', 'processes filters.etd_from',
    'processes filters.finished_at_from', 'processes filters.finished_at_to', 'processes filters.loading_port_unlocodes',
    'processes filters.port_unlocodes', 'processes filters.transport_modes', 'processes filters.updated_at_to', 'products filters.category',
    'products filters.family', 'products filters.manufacturer', 'products filters.mercosul_code',
  ].map((name) => [name, 'filter without an index'] as const),
]);

/** Whether a request's scans are known: a list's cursor twin (`<field>Connection`) reads with the same filter and sort as the list. */
const knownScan = (name: string): boolean => KNOWN_SCANS.has(name) || KNOWN_SCANS.has(name.replace(/^(\w+)Connection /, '$1 '));

const onServer = inject('databaseKind') === 'postgres';

describe.runIf(onServer)('query plans at 1,000 and 100,000 rows', () => {
  let app: AppServer;
  let db: pg.Client;
  /** A connection that prepared the named statements while the tables were empty, as one of the app's does. */
  let held: pg.Client;
  let dir: string;
  let captureFile: string;
  let offset = 0;
  let values: PlanValues;
  let keyA: string;
  let companyTables: Set<string>;
  const grown = new Set<string>(GROWN_TABLES);
  const adminToken = randomBytes(16).toString('hex');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tt-plans-'));
    captureFile = path.join(dir, 'statements.jsonl');
    writeFileSync(captureFile, '');
    app = await startAppServer({ serverUrl: process.env.DATABASE_URL, adminToken, settings: { SQL_CAPTURE: captureFile } });
    db = new pg.Client({ connectionString: app.databaseUrl });
    held = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    await held.connect();
    companyTables = new Set(
      (await db.query(`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'company_id'`)).rows.map((r) => r.table_name as string),
    );
  }, 300_000);
  afterAll(async () => {
    await db?.end();
    await held?.end();
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs one request and answers the statements it ran, with what went wrong, if anything. */
  async function run(request: PlanRequest): Promise<{ statements: Captured[]; problem?: string }> {
    const res =
      'path' in request
        ? await fetch(`${app.baseUrl}/api${request.path}`, { headers: { 'api-key': keyA } })
        : await fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers: { 'api-key': keyA, 'content-type': 'application/json' }, body: JSON.stringify({ query: request.query }) });
    const text = await res.text();
    const { statements, end } = capturedSince(captureFile, offset);
    offset = end;
    const failed = res.status !== 200 || text.startsWith('{"errors"') || text.includes('"errors":[');
    return { statements, problem: failed ? `${request.name}: ${res.status} ${text.slice(0, 300)}` : undefined };
  }

  /** Light reads until the app's check has analyzed every table the SQL grew (none stale by its own rule). */
  async function untilAnalyzed(): Promise<number> {
    const started = performance.now();
    const stale = async () =>
      (await db.query(
        `SELECT c.relname FROM pg_class c WHERE c.relname = ANY($1) AND c.relkind = 'r' AND pg_relation_size(c.oid) >= 8192
           AND (c.reltuples < 0 OR pg_relation_size(c.oid) > 2 * c.relpages * 8192::bigint)`,
        [[...grown]],
      )).rows.map((r) => r.relname as string);
    let left = await stale();
    while (left.length) {
      if (performance.now() - started > 60_000) throw new Error(`the app did not analyze ${left.join(', ')} within 60 s`);
      await run({ name: 'a light read', query: '{ company { id } }' });
      await new Promise((r) => setTimeout(r, 200));
      left = await stale();
    }
    return performance.now() - started;
  }

  /** What is wrong with a plan: its sequential scans of the company tables the test grew or does not know. */
  const badScans = (plan: Parameters<typeof seqScans>[0]) => seqScans(plan).filter((t) => companyTables.has(t) && grown.has(t));

  /** Runs every request and explains every statement; answers the failures. */
  async function checkAll(size: string, prepared: Map<string, Prepared>): Promise<string[]> {
    const failures: string[] = [];
    const known = new Set<string>();
    const seen = new Set<string>();
    const requests = [...restRequests(await (await fetch(`${app.baseUrl}/openapi.json`)).json(), values), ...graphqlRequests(values)];
    let statements = 0;
    const rows = new Map((await db.query(`SELECT relname, reltuples FROM pg_class WHERE relkind = 'r'`)).rows.map((r) => [r.relname as string, Number(r.reltuples)]));
    for (const request of requests) {
      const ran = await run(request);
      if (ran.problem) failures.push(`${size}: ${ran.problem}`);
      for (const s of ran.statements.filter(planned)) {
        const key = s.sql + JSON.stringify(s.args);
        if (seen.has(key)) continue;
        seen.add(key);
        statements += 1;
        const scans = badScans(await explain(db, s)).filter((t) => (rows.get(t) ?? 0) > COUNT_READS);
        if (scans.length && knownScan(request.name)) known.add(request.name);
        else if (scans.length) failures.push(`${size}: ${request.name}: Seq Scan on ${scans.join(', ')} in ${s.sql.slice(0, 400)}`);
        if (s.sql.length >= NAMED_FROM_CHARS && !prepared.has(s.sql)) {
          const p = new Prepared(db, `plan_${size.replace(/\W/g, '')}_${prepared.size}`, s);
          await p.prepare();
          prepared.set(s.sql, p);
          const generic = badScans(await p.genericPlan()).filter((t) => (rows.get(t) ?? 0) > COUNT_READS && !knownScan(request.name));
          if (generic.length) failures.push(`${size}: ${request.name}: generic plan: Seq Scan on ${generic.join(', ')} in ${s.sql.slice(0, 400)}`);
        }
      }
    }
    console.info(`[query plans] ${size}: ${requests.length} requests, ${statements} statements explained, ${known.size} known scans met`);
    return failures;
  }

  it('plans every statement of every list, connection, lookup, count and filter without a sequential scan of a company table', async () => {
    const t0 = performance.now();
    const seeded = await seedCompany(app.baseUrl, adminToken, 'Plans A');
    const other = await seedCompany(app.baseUrl, adminToken, 'Plans B');
    keyA = seeded.key;
    values = seeded.values;

    // While the tables are empty: every named statement prepared on one connection and run 6
    // times, enough for PostgreSQL to make and keep a generic plan.
    const whileEmpty = new Map<string, Prepared>();
    /** The request that first ran each of those statements. */
    const firstRanBy = new Map<string, string>();
    // Only the requests of whole nodes make statements long enough to be named.
    const whole = graphqlRequests(values).filter((r) => r.name.endsWith(' whole'));
    for (const request of [...restRequests(await (await fetch(`${app.baseUrl}/openapi.json`)).json(), values), ...whole]) {
      for (const s of (await run(request)).statements) {
        if (s.sql.length < NAMED_FROM_CHARS || whileEmpty.has(s.sql)) continue;
        const p = new Prepared(held, `empty_${whileEmpty.size}`, s);
        await p.prepare();
        for (let i = 0; i < 6; i++) await p.execute();
        whileEmpty.set(s.sql, p);
        firstRanBy.set(s.sql, request.name);
      }
    }
    const failures: string[] = [];
    console.info(`[query plans] seeded, ${whileEmpty.size} named statements prepared while empty, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const timings: string[] = [`seeded and empty-table statements in ${((performance.now() - t0) / 1000).toFixed(1)} s`];

    for (const [size, from, to] of [['1,000 rows', 1, 1_000], ['100,000 rows', 1_001, 100_000]] as const) {
      const t = performance.now();
      await grow(db, seeded.company, 'QA', from, to);
      await grow(db, other.company, 'QB', Math.ceil(from / 10), to / 10);
      const grewMs = performance.now() - t;
      const analyzedMs = await untilAnalyzed();
      console.info(`[query plans] ${size}: grown in ${(grewMs / 1000).toFixed(1)} s, analyzed by the app ${(analyzedMs / 1000).toFixed(1)} s later`);
      if (size === '100,000 rows') {
        const sizes = new Map((await db.query(`SELECT relname, reltuples FROM pg_class WHERE relkind = 'r'`)).rows.map((r) => [r.relname as string, Number(r.reltuples)]));
        for (const [sql, p] of whileEmpty) {
          // A request whose scans are known (a substring search) scans whatever the plan's age.
          const scans = badScans(await p.plan()).filter((t) => (sizes.get(t) ?? 0) > COUNT_READS && !knownScan(firstRanBy.get(sql)!));
          if (scans.length) failures.push(`${size}: a statement prepared while the tables were empty keeps a plan with a Seq Scan on ${scans.join(', ')} (${firstRanBy.get(sql)}): ${sql.slice(0, 300)}`);
        }
      }
      const c = performance.now();
      failures.push(...(await checkAll(size, new Map())));
      timings.push(`${size}: grown in ${(grewMs / 1000).toFixed(1)} s, analyzed by the app ${(analyzedMs / 1000).toFixed(1)} s later, checked in ${((performance.now() - c) / 1000).toFixed(1)} s`);
    }
    console.info(`[query plans] ${timings.join('; ')}; ${whileEmpty.size} named statements held from the empty tables`);
    expect(failures).toEqual([]);
  }, 600_000);
});
