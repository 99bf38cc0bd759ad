// The balance of an order line (docs/orders.md, balance): its quantity less what the shipment
// items of live processes ship of it, never below zero. Shipment writes and order-line writes
// both take the order's `order_balance` key lock before writing, then check here.
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { Tx } from '../kit/transaction.ts';
import { FieldErrors, fieldMessages } from '../errors.ts';
import { lockKeys } from '../kit/locks.ts';

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

/**
 * After the write: every order line shipped must still have a balance of zero or more, counting
 * the shipment items of every live process (docs/orders.md, balance). An entry shipping a line
 * past its quantity gets 422 on its `quantity`.
 */
export async function checkBalances(db: Tx, companyId: number, plan: ShippedPlan, errors: FieldErrors): Promise<void> {
  for (const kind of ['purchase', 'sales'] as const) {
    const ids = [...plan[kind].keys()];
    if (!ids.length) continue;
    // Table and column names are constants of this module, never input.
    const [lines, column] = kind === 'purchase' ? ['purchase_order_items', 'purchase_order_item_id'] : ['sales_order_items', 'sales_order_item_id'];
    const over = await db.$queryRaw<{ id: number }[]>(Prisma.sql`
      SELECT l.id FROM ${Prisma.raw(lines)} l
      WHERE l.company_id = ${companyId} AND l.id = ANY(${ids}::int[]) AND l.quantity IS NOT NULL
        AND l.quantity::numeric < (
          SELECT COALESCE(SUM(i.quantity::numeric), 0) FROM shipment_items i
          JOIN foreign_trade_shipments s ON s.company_id = i.company_id AND s.id = i.shipment_id
          JOIN processes p ON p.company_id = s.company_id AND p.id = s.process_id
          WHERE i.company_id = l.company_id AND i.${Prisma.raw(column)} = l.id AND i.quantity IS NOT NULL
            AND p.deleted_at IS NULL AND p.canceled_at IS NULL)`);
    for (const { id } of over) for (const at of plan[kind].get(id)!) errors.add(`${at}quantity`, fieldMessages.overBalance);
  }
}

/**
 * Before lines are removed: a line on a shipment item of a process that is not deleted (a
 * canceled one may come back) cannot be left out of its order (docs/orders.md, balance); the
 * list gets 422 (`listOf` names the list of each removed line). Items of deleted processes let go of the line.
 */
export async function releaseRemovedLines(db: Tx, companyId: number, kind: 'purchase' | 'sales', listOf: Map<number, string>): Promise<void> {
  const lineIds = [...listOf.keys()];
  if (!lineIds.length) return;
  const column = kind === 'purchase' ? 'purchase_order_item_id' : 'sales_order_item_id';
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
