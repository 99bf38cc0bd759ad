// The company `npm run bench-scale` grows (scripts/bench-scale.ts): rows made by set-based SQL
// (`INSERT ... SELECT FROM generate_series`) in the app's database, with the event capture
// switched off while they are written (the capture is for API writes; these rows are not events),
// then VACUUM ANALYZE. The rows are what a company's API writes would leave: every order line's
// `quantity_shipped` is what the live processes' shipment items ship of it (docs/orders.md, balance).
import type pg from 'pg';

/** A product code of the grown company: `SC-0000001` ... */
export const scaleCode = (n: number) => `SC-${String(n).padStart(7, '0')}`;

/** Grown orders' and processes' reference codes (`SO-0000101`, `SP-0000101` ...). */
export const grownOrderCode = (n: number) => `SO-${String(n).padStart(7, '0')}`;
export const grownProcessCode = (n: number) => `SP-${String(n).padStart(7, '0')}`;

/** Of the grown processes, one in DISCHARGE_EVERY discharges at DISCHARGE_PORT; all load at LOADING_PORT. */
export const LOADING_PORT = 'CNSHA';
export const DISCHARGE_PORT = 'BRSSZ';
export const DISCHARGE_EVERY = 10;

async function withoutCapture(db: pg.Client, tables: string[], write: () => Promise<void>): Promise<void> {
  for (const t of tables) await db.query(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
  try {
    await write();
  } finally {
    for (const t of tables) await db.query(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
  }
  for (const t of tables) await db.query(`VACUUM ANALYZE ${t}`);
}

/** Products `from`..`to` (a third without a family, one internal code each). */
export async function growProducts(db: pg.Client, companyId: number, from: number, to: number): Promise<void> {
  await withoutCapture(db, ['products', 'product_internal_codes'], async () => {
    await db.query(
      `INSERT INTO products (company_id, code, description, family, updated_at)
       SELECT $1, 'SC-' || lpad(g::text, 7, '0'), 'Scale valve ' || g, CASE WHEN g % 3 = 0 THEN NULL ELSE 'F' || (g % 50) END, now()
       FROM generate_series($2::int, $3::int) AS g`,
      [companyId, from, to],
    );
    await db.query(
      `INSERT INTO product_internal_codes (company_id, product_id, code, label)
       SELECT company_id, id, 'ERP-' || id, 'erp' FROM products WHERE company_id = $1 AND code >= $2 AND code LIKE 'SC-%'`,
      [companyId, scaleCode(from)],
    );
  });
}

/**
 * Orders `from`..`to` (purchase orders of 2 lines) and as many processes, each with a maritime
 * shipment (loading at LOADING_PORT; one in DISCHARGE_EVERY discharging at DISCHARGE_PORT),
 * linked to the order of the same number and shipping 5 of its first line.
 */
export async function growOrdersAndProcesses(db: pg.Client, companyId: number, operationId: number, from: number, to: number): Promise<void> {
  const tables = ['orders', 'purchase_orders', 'purchase_order_items', 'processes', 'foreign_trade_shipments', 'maritime_transport_shipments', 'process_orders', 'shipment_items'];
  const [firstOrder, firstProcess] = [grownOrderCode(from), grownProcessCode(from)];
  await withoutCapture(db, tables, async () => {
    await db.query(
      `INSERT INTO orders (company_id, operation_id, type, reference_code, updated_at)
       SELECT $1, $2, 'PURCHASE', 'SO-' || lpad(g::text, 7, '0'), now() FROM generate_series($3::int, $4::int) AS g`,
      [companyId, operationId, from, to],
    );
    await db.query(
      `INSERT INTO purchase_orders (company_id, order_id, type)
       SELECT company_id, id, 'DIRECT' FROM orders WHERE company_id = $1 AND reference_code LIKE 'SO-%' AND reference_code >= $2`,
      [companyId, firstOrder],
    );
    await db.query(
      `INSERT INTO purchase_order_items (company_id, purchase_order_id, line_reference, line_number, product_id, quantity, quantity_shipped, order_unit_value, order_currency_code, updated_at)
       SELECT po.company_id, po.id, l * 10 || '', l, (SELECT min(id) FROM products WHERE company_id = $1) + (po.id * 2 + l) % $3,
         '10.0000', CASE WHEN l = 1 THEN '5.0000' ELSE '0' END, '2.5000', 'USD', now()
       FROM purchase_orders po JOIN orders o ON o.company_id = po.company_id AND o.id = po.order_id CROSS JOIN generate_series(1, 2) AS l
       WHERE po.company_id = $1 AND o.reference_code LIKE 'SO-%' AND o.reference_code >= $2`,
      [companyId, firstOrder, to],
    );
    await db.query(
      `INSERT INTO processes (company_id, operation_id, reference_code, updated_at)
       SELECT $1, $2, 'SP-' || lpad(g::text, 7, '0'), now() FROM generate_series($3::int, $4::int) AS g`,
      [companyId, operationId, from, to],
    );
    await db.query(
      `INSERT INTO foreign_trade_shipments (company_id, process_id, type, etd, eta)
       SELECT company_id, id, 'MARITIME_TRANSPORT', now() - interval '10 days', now() + (id % 30) * interval '1 day'
       FROM processes WHERE company_id = $1 AND reference_code LIKE 'SP-%' AND reference_code >= $2`,
      [companyId, firstProcess],
    );
    await db.query(
      `INSERT INTO maritime_transport_shipments (company_id, shipment_id, type, loading_port_id, discharge_port_id)
       SELECT s.company_id, s.id, 'FCL', (SELECT id FROM maritime_ports WHERE unlocode = $3),
         CASE WHEN substr(p.reference_code, 4)::int % $5 = 0 THEN (SELECT id FROM maritime_ports WHERE unlocode = $4) END
       FROM foreign_trade_shipments s JOIN processes p ON p.company_id = s.company_id AND p.id = s.process_id
       WHERE s.company_id = $1 AND p.reference_code LIKE 'SP-%' AND p.reference_code >= $2`,
      [companyId, firstProcess, LOADING_PORT, DISCHARGE_PORT, DISCHARGE_EVERY],
    );
    // Process SP-n is linked to order SO-n and ships 5 of its line 10 (whose quantity_shipped says so).
    const grown = `p.company_id = $1 AND p.reference_code LIKE 'SP-%' AND p.reference_code >= $2`;
    const ofOrder = `JOIN orders o ON o.company_id = p.company_id AND o.reference_code = 'SO-' || substr(p.reference_code, 4)`;
    await db.query(`INSERT INTO process_orders (company_id, process_id, order_id) SELECT p.company_id, p.id, o.id FROM processes p ${ofOrder} WHERE ${grown}`, [companyId, firstProcess]);
    await db.query(
      `INSERT INTO shipment_items (company_id, shipment_id, quantity, purchase_order_item_id, line_reference)
       SELECT p.company_id, s.id, '5.0000', i.id, i.line_reference
       FROM processes p ${ofOrder}
         JOIN foreign_trade_shipments s ON s.company_id = p.company_id AND s.process_id = p.id
         JOIN purchase_orders po ON po.company_id = o.company_id AND po.order_id = o.id
         JOIN purchase_order_items i ON i.company_id = po.company_id AND i.purchase_order_id = po.id AND i.line_number = 1
       WHERE ${grown}`,
      [companyId, firstProcess],
    );
  });
}
