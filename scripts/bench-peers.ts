// The peers the facade is measured against in `npm run bench` (scripts/bench.ts), on the same
// database and data, each answering the two product GETs (a page of products, a product by code):
// - direct: a minimal node:http server in the bench process calling Prisma with the facade's
//   where, order and take, answering the same JSON;
// - raw pg: the same in one SQL statement per request through a plain `pg` pool, the JSON of
//   the nested lists built by PostgreSQL: the floor of any Node.js service on this database; it
//   answers the order and process pages too, PostgreSQL building the whole answer
//   (scripts/bench-floor-orders.ts, scripts/bench-floor-processes.ts);
// - PostGraphile 5 (scripts/peers/postgraphile), the best-known GraphQL engine over PostgreSQL,
//   in a process of its own, asked for the same rows and fields over GraphQL (GET).
// The two in-process servers authenticate the `api-key` header as the facade does (its key
// cache included); PostGraphile is given the company as a condition instead.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './local-net.ts';

/** A peer listening on the loopback address. */
export interface Peer {
  name: string;
  base: string;
  pid: number;
  /** The paths of the list and of each by-code request, when they are not the REST ones. */
  listPath?: string;
  /** The operation pages it answers as the app does (`orders`, `processes`): the floors of scripts/bench-floor-*.ts. */
  pages?: string[];
  codePath?: (code: string) => string;
  stop(): Promise<void>;
}

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

/** Stops a child process: SIGTERM, then SIGKILL after 10 s. */
export async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** How an in-process peer answers the two product requests for a company: [status, body]. */
interface ProductAnswers {
  list(companyId: number, limit: number): Promise<unknown>;
  byCode(companyId: number, code: string): Promise<unknown | null>;
  /** An operation's page of orders or processes, as JSON text built by the database. */
  page?(kind: string, companyId: number, operationId: number, limit: number): Promise<string>;
}

/** An answer's JSON text, sent as it is. */
class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A node:http server in this process answering GET /api/products?limit= and
 * /api/products-by-code/{code} after authenticating the `api-key` header as the facade does
 * (graph/company/auth.ts); `x-sql-statements` counts its statements (prisma/database.ts).
 */
async function listenProducts(name: string, answers: ProductAnswers): Promise<Peer> {
  const { authenticate } = await import('../graph/company/auth.ts');
  const { sqlCounter } = await import('../prisma/database.ts');
  const send = (res: http.ServerResponse, status: number, body: unknown, statements: number) => {
    const text = body instanceof JsonText ? body.text : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'x-sql-statements': String(statements),
    });
    res.end(text);
  };
  const handle = async (req: http.IncomingMessage): Promise<[number, unknown]> => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const header = req.headers['api-key'];
    const company = await authenticate(Array.isArray(header) ? header[0] : header);
    if (!company) return [401, { errors: [{ code: 'UNAUTHORIZED' }] }];
    if (req.method === 'GET' && /^\/api\/products\/?$/.test(url.pathname)) {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return [400, { errors: [{ code: 'BAD_REQUEST' }] }];
      return [200, await answers.list(company.id, limit)];
    }
    const page = /^\/api\/operations\/(\d+)\/(orders|processes)\/?$/.exec(url.pathname);
    if (req.method === 'GET' && page && answers.page) {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return [400, { errors: [{ code: 'BAD_REQUEST' }] }];
      return [200, new JsonText(await answers.page(page[2], company.id, Number(page[1]), limit))];
    }
    const byCode = /^\/api\/products-by-code\/([^/]+)\/?$/.exec(url.pathname);
    if (req.method === 'GET' && byCode) {
      const data = await answers.byCode(company.id, decodeURIComponent(byCode[1]));
      return data ? [200, { data }] : [404, { errors: [{ code: 'NOT_FOUND' }] }];
    }
    return [404, { errors: [{ code: 'NOT_FOUND' }] }];
  };
  const server = http.createServer((req, res) => {
    const counter = { statements: 0 };
    sqlCounter
      .run(counter, () => handle(req))
      .then(([status, body]) => send(res, status, body, counter.statements))
      .catch((e) => {
        console.error(`[${name}] unexpected error`, e);
        send(res, 500, { errors: [{ code: 'INTERNAL_SERVER_ERROR' }] }, counter.statements);
      });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    name,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pid: process.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** direct: Prisma with the facade's where, order and take, outside any transaction. */
export async function startDirect(): Promise<Peer> {
  const { prisma } = await import('../graph/db.ts');
  const where = (companyId: number) => ({ company_id: companyId, deleted_at: null });
  return listenProducts('direct', {
    async list(companyId, limit) {
      const [rows, total] = await Promise.all([
        prisma().product.findMany({ where: where(companyId), orderBy: [{ id: 'asc' }], take: limit, skip: 0, include: productInclude }),
        prisma().product.count({ where: where(companyId) }),
      ]);
      return { data: (rows as ProductRow[]).map(productJson), total_count: total };
    },
    async byCode(companyId, code) {
      const row = await prisma().product.findFirst({ where: { ...where(companyId), code }, include: productInclude });
      return row ? productJson(row as ProductRow) : null;
    },
  });
}

/** The product columns and nested lists as one row each, PostgreSQL building the lists' JSON. */
const RAW_PRODUCTS = `
  SELECT p.*,
    (SELECT coalesce(json_agg(json_build_object('id', c.id, 'code', c.code, 'label', c.label) ORDER BY c.id), '[]')
       FROM product_internal_codes c WHERE c.company_id = p.company_id AND c.product_id = p.id) AS internal_codes,
    (SELECT coalesce(json_agg(f.actor_id ORDER BY f.actor_id), '[]')
       FROM product_foreign_operators f WHERE f.company_id = p.company_id AND f.product_id = p.id) AS operators
  FROM products p WHERE p.company_id = $1 AND p.deleted_at IS NULL`;

/** The floors of the operation pages: each one statement building the whole answer (scripts/bench-floor-*.ts). */
async function floorStatements(): Promise<Record<string, string>> {
  const { BusinessRole } = await import('../prisma/generated/client/enums.ts');
  const { orderPageSql } = await import('./bench-floor-orders.ts');
  const { processPageSql } = await import('./bench-floor-processes.ts');
  const roles = Object.values(BusinessRole);
  return { orders: orderPageSql(roles), processes: processPageSql() };
}

/**
 * raw pg: one statement per request (the list's count in the same one) through a plain pool;
 * the operation pages' floors as prepared statements, PostgreSQL building their whole JSON.
 */
export async function startRawPg(databaseUrl: string): Promise<Peer> {
  const { sqlCounter, SESSION_OPTIONS } = await import('../prisma/database.ts');
  const floors = await floorStatements();
  // The app's session settings (no JIT, docs/decisions/019-assembled-pages.md): the floor is PostgreSQL's own time at its best.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE || 10), options: SESSION_OPTIONS });
  const query = async (text: string, values: unknown[]) => {
    const counter = sqlCounter.getStore();
    if (counter) counter.statements++;
    return (await pool.query(text, values)).rows;
  };
  const json = (row: ProductRow & { operators: number[] }) => productJson({ ...row, foreign_operator_links: row.operators.map((actor_id) => ({ actor_id })) });
  const peer = await listenProducts('raw pg', {
    async list(companyId, limit) {
      const rows = await query(
        `WITH page AS (${RAW_PRODUCTS} ORDER BY p.id LIMIT $2)
         SELECT page.*, (SELECT count(*)::int FROM products WHERE company_id = $1 AND deleted_at IS NULL) AS total FROM page ORDER BY id`,
        [companyId, limit],
      );
      return { data: rows.map(json), total_count: rows[0]?.total ?? 0 };
    },
    async byCode(companyId, code) {
      const [row] = await query(`${RAW_PRODUCTS} AND p.code = $2`, [companyId, code]);
      return row ? json(row) : null;
    },
    async page(kind, companyId, operationId, limit) {
      const counter = sqlCounter.getStore();
      if (counter) counter.statements++;
      const { rows } = await pool.query({ name: `floor-${kind}`, text: floors[kind], values: [companyId, operationId, limit] });
      return rows[0].body as string;
    },
  });
  return { ...peer, pages: Object.keys(floors), stop: async () => (await peer.stop(), await pool.end()) };
}

const POSTGRAPHILE_DIR = path.join(process.cwd(), 'scripts', 'peers', 'postgraphile');

/** The product fields of the REST answer, as PostGraphile names them. */
const GRAPHILE_PRODUCT = `rowId code description category family manufacturer mercosulCode additionalDetails
  packageCode contentCode multipleCode packageType packageMeasurementUnit contentType contentMeasurementUnit
  multiplePackageType multiplePackageMeasurementUnit packageCapacity contentCapacity multiplePackageCapacity
  cubagePerPackage netWeightPerPackage grossWeightPerPackage hasContainerization hasPalletization hasContent
  hasUnitization packagesPerPallet extra translatedDescriptions insertedAt updatedAt
  productInternalCodesByCompanyIdAndProductId(orderBy: PRIMARY_KEY_ASC) { nodes { rowId code label } }
  productForeignOperatorsByCompanyIdAndProductId(orderBy: PRIMARY_KEY_ASC) { nodes { actorId } }`;

/** A GraphQL GET path for PostGraphile. */
const graphilePath = (query: string) => `/graphql?query=${encodeURIComponent(query.replace(/\s+/g, ' '))}`;

/**
 * PostGraphile 5 in a process of its own (its packages installed in scripts/peers/postgraphile
 * from the npm registry on first use), or the reason it could not start.
 */
export async function startPostGraphile(databaseUrl: string, companyId: number): Promise<Peer | string> {
  try {
    if (!existsSync(path.join(POSTGRAPHILE_DIR, 'node_modules', 'postgraphile'))) {
      execSync('npm ci --no-audit --no-fund --loglevel=error', { cwd: POSTGRAPHILE_DIR, stdio: 'inherit' });
    }
  } catch (e) {
    return `its packages could not be installed (${e instanceof Error ? e.message.split('\n')[0] : e})`;
  }
  const port = await freePort();
  const proc = spawn(process.execPath, ['serve.mjs'], {
    cwd: POSTGRAPHILE_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const stop = () => stopProcess(proc);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) return `it exited at start: ${output.slice(-500)}`;
    if (output.includes('listening')) break;
    if (Date.now() > deadline) {
      await stop();
      return `it did not start within 60 s: ${output.slice(-500)}`;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const condition = `companyId: ${companyId}, deletedAt: null`;
  return {
    name: 'postgraphile',
    base,
    pid: proc.pid!,
    listPath: graphilePath(`{ allProducts(first: 100, orderBy: PRIMARY_KEY_ASC, condition: {${condition}}) { totalCount nodes { ${GRAPHILE_PRODUCT} } } }`),
    // One document for every code, the code a variable: PostGraphile plans a document once.
    codePath: (code) =>
      `${graphilePath(`query ($code: String!) { allProducts(first: 1, condition: {${condition}, code: $code}) { nodes { ${GRAPHILE_PRODUCT} } } }`)}&variables=${encodeURIComponent(JSON.stringify({ code }))}`,
    stop,
  };
}
