// Orders and processes part of `npm run bench` (called from scripts/bench.ts): a 100-order and
// a 100-process batch upsert (create, then update with the same ids). The lists' SQL statements
// and their load are measured by scripts/bench.ts on every app it runs. Also the batch writes
// that scripts/bench-scale.ts and scripts/bench-writes.ts time, each once the relay has caught up.
import type pg from 'pg';
import { productParams } from '../graph/seed/factories.ts';

/** What the writes need from the bench: where the app is, its key, and the product codes. */
export interface BenchContext {
  base: string;
  headers: Record<string, string>;
  operationId: number;
  productCode: (i: number) => string;
  log: (line: string) => void;
}

/** One list the writes filled: its name in the tables and its path (without the query string). */
export interface DomainList {
  name: string;
  path: string;
}

const BATCH = 100;

/** Lines of each bench order, and how many of them each bench process ships. */
export const ORDER_LINES = 10;
export const SHIPPED_LINES = 5;

/** The bench order `i`'s reference code. */
export const benchOrderCode = (i: number) => `ORC-B${String(i + 1).padStart(3, '0')}`;

export function orderParams(i: number, round: number, productCode: (i: number) => string) {
  return {
    reference_code: benchOrderCode(i),
    observations: `bench round ${round}`,
    purchase_order: {
      type: 'DIRECT',
      items: Array.from({ length: ORDER_LINES }, (_, j) => ({
        line_reference: String((j + 1) * 10),
        product_code: productCode(i * ORDER_LINES + j),
        quantity: `${100 + j + round}.0000`,
        order_unit_value: '12.5000',
        order_currency_code: 'USD',
      })),
    },
  };
}

/**
 * The bench process `i`: a full maritime tree, linked to the order `orderCode` and shipping 10 of
 * each of its first SHIPPED_LINES lines (so the order page's balances have shipments to sum).
 */
export function processParams(i: number, productCode: (i: number) => string, orderCode = benchOrderCode(i)) {
  return {
    reference_code: `PRC-B${String(i + 1).padStart(3, '0')}`,
    alert_level: ['NORMAL', 'WARNING', 'DANGER'][i % 3],
    order_reference_codes: [orderCode],
    extra_fields: { bench: true, n: i },
    audit_items: [{ name: 'Documents checked', checked: i % 2 === 0 }],
    foreign_trade_shipment: {
      type: 'MARITIME_TRANSPORT',
      etd: '2025-04-02T00:00:00Z',
      eta: '2025-05-10T00:00:00Z',
      ata: '2025-05-01T00:00:00Z',
      received_in_warehouse_at: '2025-05-02T00:00:00Z',
      warehouse_free_time_days: 10,
      items: Array.from({ length: SHIPPED_LINES }, (_, j) => ({ line_reference: String((j + 1) * 10), quantity: '10.0000' })),
      maritime_transport_shipment: { type: 'FCL', bl: `MEDU${1000000 + i}`, tracking_key: 'BILL_OF_LADING' },
      transportables: [
        ...[1, 2].map((k) => ({
          type: 'CONTAINER',
          container: {
            code: `MSCU${String(i * 10 + k).padStart(7, '0')}`,
            type: 'DRY',
            size_foot_type: 'STANDARD_40',
            demurrage_free_time_start_at: '2025-05-01T00:00:00Z',
            events: [{ datetime: '2025-04-02T10:00:00Z', place: 'Shanghai', status: 'LOADED' }],
          },
        })),
        { type: 'CARGO', cargo: { quantity: '12', measurement_unit: 'PALLETS' } },
      ],
      invoices: [
        {
          number: `INV-${i}`,
          emitted_at: '2025-03-28T00:00:00Z',
          incoterm: 'FOB',
          currency_code: 'USD',
          items: [{ product_sku: productCode(0), quantity: '10', shipment_quantity: '10', unitary_amount: '35.5000' }],
        },
      ],
      demurrage: { free_time: 14, daily_rate_usd: '150.0000' },
      international_freight: { type: 'PREPAID', freight_cost_prepaid: '2800.0000', currency_code: 'USD' },
      shipment_import_declarations: [{ status: 'AUTHORIZED', import_declaration: { number: `25/${i}`, status: 'CLEARED', channel: 'GREEN' } }],
      shipment_duimps: [{ duimp: { number: `25BR${i}`, status: 'CLEARED_CARGO_DELIVERED' } }],
    },
  };
}

async function upsert(ctx: BenchContext, path: string, params: unknown[]): Promise<{ ms: number; statements: number }> {
  const t = performance.now();
  const res = await fetch(`${ctx.base}${path}`, {
    method: 'PUT',
    headers: { ...ctx.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ params }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`PUT ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return { ms: performance.now() - t, statements: Number(res.headers.get('x-sql-statements')) };
}

/** Writes one resource (orders or processes) as a batch upsert, create then update; returns the table rows. */
async function write(ctx: BenchContext, name: string, path: string, make: (i: number, round: number) => unknown): Promise<string[]> {
  const rows: string[] = [];
  for (const [round, label] of [[1, 'create'], [2, 'update']] as const) {
    const r = await upsert(ctx, path, Array.from({ length: BATCH }, (_, i) => make(i, round)));
    ctx.log(`PUT ${path} (${BATCH} ${name}, ${label}): ${r.ms.toFixed(0)} ms, ${r.statements} SQL statements`);
    rows.push(`| PUT ${path} | ${BATCH} ${name}, ${label} | ${r.ms.toFixed(0)} ms | ${r.statements} |`);
  }
  return rows;
}

/** Runs the order and process batch upserts; returns the markdown table and the two lists they filled. */
export async function writeDomain(ctx: BenchContext): Promise<{ table: string; lists: DomainList[] }> {
  const orders = `/api/operations/${ctx.operationId}/orders`;
  const processes = `/api/operations/${ctx.operationId}/processes`;
  const rows = [
    ...(await write(ctx, `orders (${ORDER_LINES} items each)`, orders, (i, round) => orderParams(i, round, ctx.productCode))),
    ...(await write(ctx, `processes (full maritime shipment each, ${SHIPPED_LINES} lines of its order shipped)`, processes, (i) => processParams(i, ctx.productCode))),
  ];
  return {
    table: ['| Request | What | Time | SQL statements |', '|---|---|---|---:|', ...rows].join('\n'),
    lists: [
      { name: 'orders', path: orders },
      { name: 'processes', path: processes },
    ],
  };
}

/** Waits until the events relay has taken every captured change (docs/webhooks.md), so a write after it is measured alone. */
export async function relayed(db: pg.Client): Promise<void> {
  for (let i = 0; ; i++) {
    const { rows } = await db.query('SELECT EXISTS (SELECT 1 FROM event_changes) AS pending');
    if (!rows[0].pending) return;
    if (i > 600) throw new Error('the events relay did not catch up within a minute');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One timed batch write: what it is, its path under the app, and its `params`. */
export interface TimedBatch {
  what: string;
  path: string;
  params: unknown[];
}

/**
 * The six timed batch writes: 100 orders of ORDER_LINES lines, 100 processes with a full
 * maritime shipment (each linked to one of those orders and shipping SHIPPED_LINES of its lines)
 * and 1,000 products, each created and then sent again as an update; `tag` makes their codes
 * new, the lines name products of `productCode`.
 */
export function timedBatches(operationId: number, tag: string, productCode: (i: number) => string): TimedBatch[] {
  const orders = `/api/operations/${operationId}/orders`;
  const processes = `/api/operations/${operationId}/processes`;
  const trees = Array.from({ length: 100 }, (_, i) => ({ ...processParams(i, productCode, `${tag}-${i}`), reference_code: `${tag}-${i}` }));
  const lines = `${ORDER_LINES} lines each`;
  const products = Array.from({ length: 1000 }, (_, i) => productParams(i, `${tag}-${i}`));
  return [
    { what: `100 orders (${lines}), create`, path: orders, params: Array.from({ length: 100 }, (_, i) => ({ ...orderParams(i, 1, productCode), reference_code: `${tag}-${i}` })) },
    { what: `100 orders (${lines}), update`, path: orders, params: Array.from({ length: 100 }, (_, i) => ({ ...orderParams(i, 2, productCode), reference_code: `${tag}-${i}` })) },
    { what: '100 processes (full maritime shipment, linked), create', path: processes, params: trees },
    { what: '100 processes (full maritime shipment, linked), update', path: processes, params: trees },
    { what: '1,000 products, create', path: '/api/products', params: products },
    { what: '1,000 products, update', path: '/api/products', params: products },
  ];
}

/** Sends one timed batch once the writes before it are relayed: its time in ms and its statements (SQL_STATS). */
export async function timeBatch(db: pg.Client, base: string, key: string, batch: TimedBatch): Promise<{ ms: number; statements: number }> {
  await relayed(db);
  const started = performance.now();
  const res = await fetch(`${base}${batch.path}`, { method: 'PUT', headers: { 'api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ params: batch.params }) });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201) throw new Error(`PUT ${batch.path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { ms: performance.now() - started, statements: Number(res.headers.get('x-sql-statements')) };
}
