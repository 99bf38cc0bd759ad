// The data of tests/query-plans.test.ts: a company's records made through the API (one of
// each kind a list reads: products, partners, an order with its lines, a process with its
// shipment tree, a route, a cost model, fleet, a webhook), then its child tables grown by
// set-based SQL (`INSERT ... SELECT FROM generate_series`) to a number of rows each. The SQL
// runs with `session_replication_role = replica`: the events capture and the derived values'
// triggers are for API writes (these rows are not events), and the foreign keys are known
// to hold. Nothing here analyzes: the app's own check does (docs/decisions/015-fresh-statistics.md).
import pg from 'pg';

/** The tables `grow` adds one row of per number: the lists' own rows and the trees they read. */
export const GROWN_TABLES = [
  'products', 'product_internal_codes', 'actors', 'partnerships', 'partnership_roles',
  'orders', 'purchase_orders', 'purchase_order_items', 'order_handlers',
  'processes', 'process_handlers', 'process_orders', 'foreign_trade_shipments', 'maritime_transport_shipments', 'demurrages',
  'transportables', 'containers', 'shipment_items', 'invoices', 'invoice_items', 'shipment_eta_changes', 'events',
];

/** What `grow` needs of a company: its id, operation and handler slots. */
export interface GrownCompany {
  id: number;
  operation: number;
  /** Operation handler slot id by role (SUPPLIER, IMPORTER). */
  slots: Record<string, number>;
}

/** The ports shipments discharge at, one of 8 in turn; all load at Shanghai (CNSGH). */
export const DISCHARGE_PORTS = ['BRSSZ', 'BRRIG', 'BRPNG', 'BRITJ', 'BRSSA', 'BRRIO', 'BRVIX', 'BRMAO'];

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** The largest id of each parent table now: the rows a step adds are those above it. */
async function lastIds(q: Query): Promise<Record<string, number>> {
  const parents = ['products', 'actors', 'partnerships', 'orders', 'purchase_orders', 'purchase_order_items', 'processes', 'foreign_trade_shipments', 'transportables', 'invoices'];
  const ids: Record<string, number> = {};
  for (const t of parents) ids[t] = Number((await q(`SELECT coalesce(max(id), 0) AS id FROM ${t}`)).rows[0].id);
  return ids;
}

/**
 * Adds rows `from`..`to` (numbers in the codes) to every table of GROWN_TABLES: per number a
 * product with an internal code, an actor in a supplier partnership, a purchase order of one
 * line with its supplier, a process of one maritime shipment (from Shanghai, to one of 8
 * ports, ETA within 60 days either way, one container under 7 to 21 days of free time, an
 * invoice of one line, an ETA change) shipping that order line, with its importer and its
 * link to the order, and an event.
 */
export async function grow(db: pg.Client, co: GrownCompany, prefix: string, from: number, to: number): Promise<void> {
  const q: Query = (text, values = []) => db.query(text, values);
  const c = co.id;
  await q('BEGIN');
  await q('SET LOCAL session_replication_role = replica');
  const last = await lastIds(q);
  const range = [from, to];
  // Each step's rows of a table have consecutive ids (one statement, no other writer): the n-th
  // new order's supplier is the n-th new actor, and so on.
  const base = async (t: string) => Number((await q(`SELECT coalesce(min(id), 1) - 1 AS id FROM ${t} WHERE company_id = $1 AND id > $2`, [c, last[t]])).rows[0].id);
  await q(`INSERT INTO products (company_id, code, description, category, manufacturer, mercosul_code, updated_at)
    SELECT $1, $2 || lpad(g::text, 7, '0'), 'Valve ' || g, 'Category ' || g % 50, 'Maker ' || g % 200, lpad((g % 9999)::text, 8, '0'), now()
    FROM generate_series($3::int, $4::int) g`, [c, `${prefix}P`, ...range]);
  await q(`INSERT INTO product_internal_codes (company_id, product_id, code, label)
    SELECT company_id, id, 'ERP-' || id, 'ERP' FROM products WHERE company_id = $1 AND id > $2`, [c, last.products]);
  await q(`INSERT INTO actors (company_id, official_name, trading_name, internal_code, official_document, updated_at)
    SELECT $1, 'Supplier ' || $2 || g, 'Trading ' || g, $2 || 'A' || g, lpad(g::text, 14, '0'), now() FROM generate_series($3::int, $4::int) g`, [c, prefix, ...range]);
  await q(`INSERT INTO partnerships (company_id, actor_id, nickname, internal_code, updated_at)
    SELECT company_id, id, trading_name, internal_code, now() FROM actors WHERE company_id = $1 AND id > $2`, [c, last.actors]);
  await q(`INSERT INTO partnership_roles (company_id, partnership_id, role)
    SELECT company_id, id, 'SUPPLIER' FROM partnerships WHERE company_id = $1 AND id > $2`, [c, last.partnerships]);
  const actors = (await q(`SELECT array_agg(id) AS ids FROM actors WHERE company_id = $1`, [c])).rows[0].ids as number[];
  await q(`INSERT INTO orders (company_id, operation_id, type, reference_code, updated_at, finished_at)
    SELECT $1, $2, 'PURCHASE', $3 || lpad(g::text, 7, '0'), now(), CASE WHEN g % 10 = 0 THEN now() END FROM generate_series($4::int, $5::int) g`,
  [c, co.operation, `${prefix}O`, ...range]);
  await q(`INSERT INTO purchase_orders (company_id, order_id, type) SELECT company_id, id, 'DIRECT' FROM orders WHERE company_id = $1 AND id > $2`, [c, last.orders]);
  await q(`INSERT INTO order_handlers (company_id, order_id, operation_handler_id, role, actor_id)
    SELECT company_id, id, $3, 'SUPPLIER', ($4::int[])[1 + id % cardinality($4::int[])] FROM orders WHERE company_id = $1 AND id > $2`,
  [c, last.orders, co.slots.SUPPLIER, actors]);
  await q(`INSERT INTO purchase_order_items (company_id, purchase_order_id, line_reference, line_number, product_id, quantity, quantity_shipped, order_unit_value, order_value, order_currency_code, updated_at)
    SELECT po.company_id, po.id, '10', 1, $3 + (po.id - $2), '100.0000', '40.0000', '35.5000', '3550.00', 'USD', now()
    FROM purchase_orders po WHERE po.company_id = $1 AND po.id > $2`, [c, await base('purchase_orders'), await base('products')]);
  await q(`INSERT INTO processes (company_id, operation_id, reference_code, updated_at, finished_at, canceled_at)
    SELECT $1, $2, $3 || lpad(g::text, 7, '0'), now(), CASE WHEN g % 10 = 0 THEN now() END, CASE WHEN g % 29 = 0 THEN now() END
    FROM generate_series($4::int, $5::int) g`, [c, co.operation, `${prefix}S`, ...range]);
  await q(`INSERT INTO process_handlers (company_id, process_id, operation_handler_id, role, actor_id)
    SELECT company_id, id, $3, 'IMPORTER', ($4::int[])[1 + id % cardinality($4::int[])] FROM processes WHERE company_id = $1 AND id > $2`,
  [c, last.processes, co.slots.IMPORTER, actors]);
  await q(`INSERT INTO process_orders (company_id, process_id, order_id)
    SELECT company_id, id, $3 + (id - $2) FROM processes WHERE company_id = $1 AND id > $2`, [c, await base('processes'), await base('orders')]);
  await q(`INSERT INTO foreign_trade_shipments (company_id, process_id, type, automatic_tracking_enabled, etd, eta, ata, eta_changed_at)
    SELECT company_id, id, 'MARITIME_TRANSPORT', false, now() - interval '90 days', now() + ((id * 7919) % 2880 - 1440) * interval '1 hour',
      CASE WHEN (id * 7919) % 2880 < 1440 THEN now() + ((id * 7919) % 2880 - 1440) * interval '1 hour' END, now() - (id % 30) * interval '1 day'
    FROM processes WHERE company_id = $1 AND id > $2`, [c, last.processes]);
  const ports = (await q(`SELECT array_agg(id ORDER BY array_position($1::text[], unlocode)) AS ids FROM maritime_ports WHERE unlocode = ANY($1::text[])`, [DISCHARGE_PORTS])).rows[0].ids as number[];
  await q(`INSERT INTO maritime_transport_shipments (company_id, shipment_id, type, loading_port_id, discharge_port_id)
    SELECT s.company_id, s.id, 'FCL', $3, ($4::int[])[1 + s.id % 8] FROM foreign_trade_shipments s WHERE s.company_id = $1 AND s.id > $2`,
  [c, last.foreign_trade_shipments, (await q(`SELECT id FROM maritime_ports WHERE unlocode = 'CNSGH'`)).rows[0].id, ports]);
  await q(`INSERT INTO demurrages (company_id, shipment_id, free_time, daily_rate_usd)
    SELECT company_id, id, (ARRAY[7, 14, 21])[1 + id % 3], '120.0000' FROM foreign_trade_shipments WHERE company_id = $1 AND id > $2`, [c, last.foreign_trade_shipments]);
  await q(`INSERT INTO transportables (company_id, shipment_id, type)
    SELECT company_id, id, 'CONTAINER' FROM foreign_trade_shipments WHERE company_id = $1 AND id > $2`, [c, last.foreign_trade_shipments]);
  await q(`INSERT INTO containers (company_id, transportable_id, code, type, size_foot_type, actual_return_empty_container_at, free_time_ends_at)
    SELECT t.company_id, t.id, 'QPCU' || lpad(t.id::text, 7, '0'), 'DRY', 'STANDARD_40', CASE WHEN t.id % 4 = 0 THEN s.ata + interval '3 days' END,
      s.ata + (7 + t.id % 3 * 7) * interval '24 hours'
    FROM transportables t JOIN foreign_trade_shipments s ON s.company_id = t.company_id AND s.id = t.shipment_id WHERE t.company_id = $1 AND t.id > $2`,
  [c, last.transportables]);
  await q(`INSERT INTO shipment_items (company_id, shipment_id, purchase_order_item_id, line_reference, quantity)
    SELECT s.company_id, s.id, $3 + (s.id - $2), '10', '40.0000' FROM foreign_trade_shipments s WHERE s.company_id = $1 AND s.id > $2`,
  [c, await base('foreign_trade_shipments'), await base('purchase_order_items')]);
  await q(`INSERT INTO invoices (company_id, shipment_id, number, emitted_at, incoterm, currency_code)
    SELECT company_id, id, 'INV-' || id, now() - interval '60 days', 'FOB', 'USD' FROM foreign_trade_shipments WHERE company_id = $1 AND id > $2`, [c, last.foreign_trade_shipments]);
  await q(`INSERT INTO invoice_items (company_id, invoice_id, product_sku, quantity, shipment_quantity, unitary_amount)
    SELECT i.company_id, i.id, p.code, '40.0000', '40.0000', '35.5000' FROM invoices i JOIN products p ON p.company_id = i.company_id AND p.id = $3 + (i.id - $2)
    WHERE i.company_id = $1 AND i.id > $2`, [c, await base('invoices'), await base('products')]);
  await q(`INSERT INTO shipment_eta_changes (company_id, shipment_id, process_id, previous_eta, new_eta, source, move_minutes, move_size_minutes, changed_at, transaction_id)
    SELECT company_id, id, process_id, eta - (id % 2000) * interval '1 minute', eta, 'SENT', id % 2000, id % 2000, now() - (id % 720) * interval '1 hour', 1
    FROM foreign_trade_shipments WHERE company_id = $1 AND id > $2`, [c, last.foreign_trade_shipments]);
  await q(`INSERT INTO events (company_id, id, type, payload, created_at, resource_id, resource_reference_code)
    SELECT $1::int, 'evt_' || substr(md5($1::int || $2 || g), 1, 24), 'process.updated', (SELECT payload FROM events WHERE company_id = $1 ORDER BY seq LIMIT 1), now(), g, $2 || lpad(g::text, 7, '0')
    FROM generate_series($3::int, $4::int) g`, [c, `${prefix}S`, ...range]);
  await q('COMMIT');
}
