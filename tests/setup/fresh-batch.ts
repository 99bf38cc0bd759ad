// A company filled by batch writes a moment ago, and its pages read over HTTP
// (docs/decisions/015-fresh-statistics.md): 100 products, 100 orders of 10 lines and 100
// processes shipping 5 lines of each order, written through the batch upserts of an app on a
// database of its own. Used by tests/fresh-statistics.test.ts (the statistics are renewed) and
// by scripts/bench-fresh.ts (what the pages cost before and after ANALYZE).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../../prisma/database.ts';
import type { AppServer } from './app-server.ts';
import { readEventsFeed } from './events-feed.ts';

export const ORDERS = 100;
export const LINES = 10;
export const SHIPPED_LINES = 5;

/** The tables a page of orders or processes joins (their autovacuum settings: migration 20261127054500_fresh_statistics). */
export const PAGE_TABLES = ['orders', 'purchase_orders', 'purchase_order_items', 'process_orders', 'processes', 'foreign_trade_shipments', 'shipment_items', 'products'];

export interface Answer {
  status: number;
  body: any;
  ms: number;
}

export interface FreshCompany {
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  op: number;
  /** The company's API key (for a load generator's headers). */
  apiKey: string;
}

const ref = (i: number) => `FS-${String(i).padStart(3, '0')}`;

/** A client of `app` with `apiKey` (or, without one, the admin token). */
function caller(app: AppServer, adminToken: string, apiKey?: string): FreshCompany['call'] {
  return async (method, route, body) => {
    const started = performance.now();
    const res = await fetch(`${app.baseUrl}${route}`, {
      method,
      headers: { ...(apiKey ? { 'api-key': apiKey } : { 'admin-token': adminToken }), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text), ms: performance.now() - started };
  };
}

const failed = (what: string, res: Answer) => new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);

/** A new company of `app`, filled by the three batches. */
export async function writeFreshCompany(app: AppServer, adminToken: string): Promise<FreshCompany> {
  const admin = caller(app, adminToken);
  const company = await admin('POST', '/admin/companies', { name: `Fresh ${randomBytes(3).toString('hex')}` });
  if (company.status !== 201) throw failed('company', company);
  const call = caller(app, adminToken, company.body.api_key);
  const op: number = company.body.operation.id;
  const products = await call('PUT', '/api/products', { params: Array.from({ length: ORDERS }, (_, i) => ({ code: `FS-P${i}`, description: `Fresh product ${i}` })) });
  if (products.status !== 201) throw failed('products', products);
  const orders = await call('PUT', `/api/operations/${op}/orders`, {
    params: Array.from({ length: ORDERS }, (_, i) => ({
      reference_code: ref(i),
      purchase_order: {
        type: 'DIRECT',
        items: Array.from({ length: LINES }, (_, j) => ({ line_reference: String(j + 1), product_code: `FS-P${(i + j) % ORDERS}`, quantity: '100.0000', order_unit_value: '1.0000', order_currency_code: 'USD' })),
      },
    })),
  });
  if (orders.status !== 200) throw failed('orders', orders);
  // The line ids, read by reference code (one order each: a small read on any plan).
  const lines: number[][] = [];
  for (let i = 0; i < ORDERS; i++) {
    const order = await call('GET', `/api/operations/${op}/orders-by-reference-code/${ref(i)}`);
    lines.push(order.body.data.purchase_order.items.map((l: { id: number }) => l.id));
  }
  const processes = await call('PUT', `/api/operations/${op}/processes`, {
    params: lines.map((ids, i) => ({
      reference_code: `FS-PRC-${i}`,
      order_reference_codes: [ref(i)],
      foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', items: ids.slice(0, SHIPPED_LINES).map((id) => ({ purchase_order_item_id: id, quantity: '10.0000' })) },
    })),
  });
  if (processes.status !== 200) throw failed('processes', processes);
  return { call, op, apiKey: company.body.api_key };
}

/** What is wrong with a page of 100 orders (each with its 10 lines, their balances and its process), or null. */
function wrongOrders(body: any): string | null {
  if (body.data?.length !== ORDERS) return `${body.data?.length} orders`;
  for (const [i, order] of body.data.entries()) {
    if (order.reference_code !== ref(i)) return `order ${i} is ${order.reference_code}`;
    if (order.processes?.length !== 1) return `order ${i} has ${order.processes?.length} processes`;
    // Lines 1 to SHIPPED_LINES have 10 of 100 on the order's process.
    const balances = order.purchase_order.items.map((l: { balance: string }) => l.balance).join(',');
    const expected = Array.from({ length: LINES }, (_, j) => (j < SHIPPED_LINES ? '90.0000' : '100.0000')).join(',');
    if (balances !== expected) return `order ${i} balances ${balances}`;
  }
  return null;
}

/** `reads` reads of the page of 100 orders, then as many of the page of 100 processes: their times, and what was wrong. */
export async function readPages(co: FreshCompany, reads: number): Promise<{ orders: number[]; processes: number[]; wrong: string[] }> {
  const orders: number[] = [];
  const processes: number[] = [];
  const wrong: string[] = [];
  const read = async (route: string, check: (body: any) => string | null, into: number[]) => {
    const res = await co.call('GET', route);
    into.push(res.ms);
    // A read past the statement timeout answers 503.
    const problem = res.status === 200 ? check(res.body) : `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
    if (problem) wrong.push(`${route}: ${problem}`);
  };
  for (let r = 0; r < reads; r++) await read(`/api/operations/${co.op}/orders?limit=${ORDERS}`, wrongOrders, orders);
  for (let r = 0; r < reads; r++) await read(`/api/operations/${co.op}/processes?limit=${ORDERS}`, (b) => (b.data?.length === ORDERS ? null : `${b.data?.length} processes`), processes);
  return { orders, processes, wrong };
}

/** Waits until the events feed holds the same events twice in a row: every event of the batches relayed. */
export async function eventsRelayed(co: FreshCompany, timeoutMs = 120_000): Promise<void> {
  const feedSize = async () => (await readEventsFeed((q) => co.call('GET', `/api/events?${q}`))).events.length;
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  for (;;) {
    const now = await feedSize();
    if (now === last && now > 0) return;
    if (Date.now() > deadline) throw new Error(`the events feed still grows after ${timeoutMs} ms (${now} events)`);
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Runs `work` with a connection to the app's database from outside the app (PGlite: between a stop and a start of the app). */
export async function outside(app: AppServer, work: (query: (text: string) => Promise<Record<string, unknown>[]>) => Promise<void>): Promise<void> {
  if (app.kind === 'postgres') {
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await work(async (text) => (await db.query(text)).rows);
    } finally {
      await db.end();
    }
    return;
  }
  await app.restart('SIGTERM', async () => {
    const db = await PGlite.create(path.join(app.dataDir, 'pglite'), { extensions: await pgliteExtensions() });
    try {
      await work(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
    } finally {
      await db.close();
    }
  });
}

/**
 * The statistics the planner holds of each page table against the table itself: rows counted,
 * rows estimated (`reltuples`, -1 when never analyzed) and pages (8 KiB) now and when analyzed.
 */
export const STATISTICS_OF_PAGE_TABLES = `
  SELECT c.relname AS name, c.reltuples::float8 AS estimated, c.relpages AS analyzed_pages,
         (pg_relation_size(c.oid) / current_setting('block_size')::bigint)::int AS pages
  FROM pg_class c
  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
    AND c.relname IN (${PAGE_TABLES.map((t) => `'${t}'`).join(', ')})
  ORDER BY c.relname`;
