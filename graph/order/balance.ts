// The balance of an order line (docs/orders.md, balance): its quantity less what the shipment
// items of live processes ship of it (`quantity_shipped`, kept by every write that changes it),
// never below zero. Shipment writes, process lifecycle changes and order-line writes all take the
// order's `order_balance` key lock before writing, then keep and check the line here.
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { Tx } from '../database/transaction.ts';
import { FieldErrors, fieldMessages } from '../errors.ts';
import { lockKeys } from '../database/locks.ts';

/**
 * Takes the balance locks of these orders (ids), in key order: every write that ships from an
 * order or changes its lines takes it before writing and checks the balances after.
 */
export function lockBalances(db: Tx, companyId: number, orderIds: Iterable<number>): Promise<void> {
  return lockKeys(db, companyId, 'order_balance', [...orderIds].map(String));
}

/** The order lines a write ships, each with the names of the entries that ship it. */
export interface ShippedPlan {
  purchase: Map<number, string[]>;
  sales: Map<number, string[]>;
}

/** Order lines by kind. */
export interface LineIds {
  purchase: Iterable<number>;
  sales: Iterable<number>;
}

// Table and column names are constants of this module, never input.
const lineTables = {
  purchase: { lines: 'purchase_order_items', column: 'purchase_order_item_id' },
  sales: { lines: 'sales_order_items', column: 'sales_order_item_id' },
} as const;

/**
 * After a write that changes what ships of order lines (shipment items written or removed, a
 * process deleted, canceled or brought back): sets `quantity_shipped` of every line it ships
 * (`plan`) or stopped shipping (`released`) to what the shipment items of live processes ship
 * of it, summed at the larger scale of their quantities (docs/decisions/001-decimal-strings.md),
 * in one statement per kind over those lines' items alone. The caller holds the lines' orders'
 * balance locks (`lockBalances`), taken before the items were written, so every writer of
 * those lines' items has committed before or waits until after. Then every line shipped must
 * still have a balance of zero or more (docs/orders.md, balance): an entry shipping a line past
 * its quantity gets 422 on its `quantity`.
 */
export async function shipLines(db: Tx, companyId: number, plan: ShippedPlan, errors: FieldErrors, released: LineIds = { purchase: [], sales: [] }): Promise<void> {
  for (const kind of ['purchase', 'sales'] as const) {
    const ids = [...new Set([...plan[kind].keys(), ...released[kind]])];
    if (!ids.length) continue;
    const { lines, column } = lineTables[kind];
    const written = await db.$queryRaw<{ id: number; over: boolean }[]>(Prisma.sql`
      UPDATE ${Prisma.raw(lines)} l SET quantity_shipped = a.shipped
      FROM (
        SELECT x.id, COALESCE(SUM(i.quantity::numeric), 0)::text AS shipped
        FROM unnest(${ids}::int[]) x(id)
        LEFT JOIN (shipment_items i
          JOIN foreign_trade_shipments s ON s.company_id = i.company_id AND s.id = i.shipment_id
          JOIN processes p ON p.company_id = s.company_id AND p.id = s.process_id AND p.deleted_at IS NULL AND p.canceled_at IS NULL)
        ON i.company_id = ${companyId} AND i.${Prisma.raw(column)} = x.id AND i.quantity IS NOT NULL
        GROUP BY x.id
      ) a
      WHERE l.company_id = ${companyId} AND l.id = a.id
      RETURNING l.id, (l.quantity IS NOT NULL AND l.quantity::numeric < a.shipped::numeric) AS over`);
    for (const { id, over } of written) if (over) for (const at of plan[kind].get(id) ?? []) errors.add(`${at}quantity`, fieldMessages.overBalance);
  }
}

/**
 * After an order write changed quantities: every line of `plan` must still hold what live
 * processes ship of it (`quantity_shipped`, kept by `shipLines`; docs/orders.md, balance). An
 * entry lowering its quantity below that gets 422 on its `quantity`.
 */
export async function checkBalances(db: Tx, companyId: number, plan: ShippedPlan, errors: FieldErrors): Promise<void> {
  for (const kind of ['purchase', 'sales'] as const) {
    const ids = [...plan[kind].keys()];
    if (!ids.length) continue;
    const over = await db.$queryRaw<{ id: number }[]>(Prisma.sql`
      SELECT l.id FROM ${Prisma.raw(lineTables[kind].lines)} l
      WHERE l.company_id = ${companyId} AND l.id = ANY(${ids}::int[]) AND l.quantity IS NOT NULL
        AND l.quantity::numeric < l.quantity_shipped::numeric`);
    for (const { id } of over) for (const at of plan[kind].get(id)!) errors.add(`${at}quantity`, fieldMessages.overBalance);
  }
}

/**
 * Before lines are removed: a line on a shipment item of a process that is not deleted (a
 * canceled one may come back) cannot be left out of its order (docs/orders.md, balance); the
 * list gets 422 (`listOf` names the list of each removed line). Items of deleted processes let go of the line:
 * they ship nothing of it (`quantity_shipped` leaves them out), so the line, removed next, ships what it did.
 */
export async function releaseRemovedLines(db: Tx, companyId: number, kind: 'purchase' | 'sales', listOf: Map<number, string>): Promise<void> {
  const lineIds = [...listOf.keys()];
  if (!lineIds.length) return;
  const { column } = lineTables[kind];
  const items = await db.shipmentItem.findMany({
    where: { company_id: companyId, [column]: { in: lineIds } },
    select: { id: true, purchase_order_item_id: true, sales_order_item_id: true, parent: { select: { parent: { select: { deleted_at: true } } } } },
  });
  const errors = new FieldErrors();
  const lists = new Set(items.filter((i) => !i.parent.parent.deleted_at).map((i) => listOf.get(i[column]!)!));
  for (const list of lists) errors.add(list, fieldMessages.lineShipped);
  errors.throwIfAny();
  if (items.length) await db.shipmentItem.updateMany({ where: { company_id: companyId, id: { in: items.map((i) => i.id) } }, data: { [column]: null } });
}
