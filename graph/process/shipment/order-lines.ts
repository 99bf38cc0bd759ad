// The order lines a process ships (docs/processes/foreign_trade_shipment.md, "Shipment items
// and order lines"): every shipment item ships a line of an order linked to the process, named
// by id or found by its line reference, and the lines never ship more than their quantity.
import type { Tx } from '../../kit/transaction.ts';
import { FieldErrors, fieldMessages } from '../../errors.ts';
import { lockBalances, type ShippedPlan } from '../../order/balance.ts';

type Params = Record<string, unknown>;

/** The shipment items one process write sends, and the orders it links. */
export interface ShippedLines {
  /** Prefix of the process's fields in error names (`''`, or `0.` in a batch). */
  prefix: string;
  /** The stored process, or null for a new one. */
  processId: number | null;
  /** The orders the write links; undefined keeps the stored links. */
  orderIds: number[] | undefined;
  /** `foreign_trade_shipment.items` as sent (undefined keeps the stored items). */
  items: Params[] | null | undefined;
}

type Line = { id: number; line_reference: string; order_id: number; order_reference_code: string };
type OrderOfLine = { order_id: number; order: { reference_code: string } };

const purchaseLine = (r: { id: number; line_reference: string; purchase_order: OrderOfLine }): Line => ({
  id: r.id,
  line_reference: r.line_reference,
  order_id: r.purchase_order.order_id,
  order_reference_code: r.purchase_order.order.reference_code,
});
const salesLine = (r: { id: number; line_reference: string; sales_order: OrderOfLine }): Line => ({
  id: r.id,
  line_reference: r.line_reference,
  order_id: r.sales_order.order_id,
  order_reference_code: r.sales_order.order.reference_code,
});
const orderOfLine = { select: { order_id: true, order: { select: { reference_code: true } } } } as const;

/**
 * Checks the order line of every shipment item sent and links the entries sent with only a
 * `line_reference` to their line (the entries are completed in place). Takes the balance lock
 * of every order shipped from, so `checkBalances` after the write sees every other writer's
 * shipments. Problems go to `errors`.
 */
export async function resolveOrderLines(db: Tx, companyId: number, writes: ShippedLines[], errors: FieldErrors): Promise<ShippedPlan> {
  const plan: ShippedPlan = { purchase: new Map(), sales: new Map() };
  const sending = writes.filter((w) => w.items?.length);
  if (!sending.length) return plan;
  const where = { company_id: companyId };
  // The orders each process links once written.
  const storedLinks = sending.filter((w) => w.orderIds === undefined && w.processId !== null).map((w) => w.processId!);
  const linkRows = storedLinks.length
    ? await db.processOrder.findMany({ where: { ...where, process_id: { in: storedLinks } }, select: { process_id: true, order_id: true } })
    : [];
  const linked = sending.map((w) => new Set(w.orderIds ?? linkRows.filter((r) => r.process_id === w.processId).map((r) => r.order_id)));
  // Stored entries kept by id keep their line unless another is sent.
  const keptIds = sending.flatMap((w) => w.items!.map((e) => e.id).filter((id): id is number => typeof id === 'number'));
  const kept = new Map(
    (keptIds.length
      ? await db.shipmentItem.findMany({ where: { ...where, id: { in: keptIds } }, select: { id: true, purchase_order_item_id: true, sales_order_item_id: true } })
      : []
    ).map((r) => [r.id, r]),
  );
  const lineOf = (e: Params, key: 'purchase_order_item_id' | 'sales_order_item_id'): number | null => {
    if (e[key] !== undefined) return (e[key] as number | null) ?? null;
    return (typeof e.id === 'number' ? kept.get(e.id)?.[key] : null) ?? null;
  };
  const entries = sending.flatMap((w, k) =>
    w.items!.map((e, i) => ({ e, at: `${w.prefix}foreign_trade_shipment.items.${i}.`, orders: linked[k], po: lineOf(e, 'purchase_order_item_id'), so: lineOf(e, 'sales_order_item_id') })),
  );
  const poIds = [...new Set(entries.map((x) => x.po).filter((x): x is number => x !== null))];
  const soIds = [...new Set(entries.map((x) => x.so).filter((x): x is number => x !== null))];
  const byReference = [...new Set(entries.filter((x) => x.po === null && x.so === null && typeof x.e.line_reference === 'string').map((x) => x.e.line_reference as string))];
  const allLinked = [...new Set(linked.flatMap((s) => [...s]))];
  const lineSelect = { id: true, line_reference: true } as const;
  // NOTE: sequential on purpose: an embedded database has one connection per transaction.
  const poLines = new Map(
    (poIds.length ? await db.purchaseOrderItem.findMany({ where: { ...where, id: { in: poIds } }, select: { ...lineSelect, purchase_order: orderOfLine } }) : [])
      .map(purchaseLine)
      .map((l) => [l.id, l]),
  );
  const soLines = new Map(
    (soIds.length ? await db.salesOrderItem.findMany({ where: { ...where, id: { in: soIds } }, select: { ...lineSelect, sales_order: orderOfLine } }) : [])
      .map(salesLine)
      .map((l) => [l.id, l]),
  );
  const referenced =
    byReference.length && allLinked.length
      ? [
          ...(await db.purchaseOrderItem.findMany({
            where: { ...where, line_reference: { in: byReference }, purchase_order: { order_id: { in: allLinked } } },
            select: { ...lineSelect, purchase_order: orderOfLine },
          })).map((r) => ({ ...purchaseLine(r), kind: 'purchase' as const })),
          ...(await db.salesOrderItem.findMany({
            where: { ...where, line_reference: { in: byReference }, sales_order: { order_id: { in: allLinked } } },
            select: { ...lineSelect, sales_order: orderOfLine },
          })).map((r) => ({ ...salesLine(r), kind: 'sales' as const })),
        ]
      : [];
  const ship = (kind: 'purchase' | 'sales', id: number, at: string) => plan[kind].set(id, [...(plan[kind].get(id) ?? []), at]);
  const check = (kind: 'purchase' | 'sales', line: Line | undefined, x: (typeof entries)[number], field: string) => {
    if (!line) errors.add(`${x.at}${field}`, fieldMessages.missing);
    else if (!x.orders.has(line.order_id)) errors.add(`${x.at}${field}`, fieldMessages.notLinked);
    else if (typeof x.e.line_reference === 'string' && x.e.line_reference !== line.line_reference) errors.add(`${x.at}line_reference`, fieldMessages.invalid);
    else ship(kind, line.id, x.at);
  };
  for (const x of entries) {
    if (x.po !== null) check('purchase', poLines.get(x.po), x, 'purchase_order_item_id');
    if (x.so !== null) check('sales', soLines.get(x.so), x, 'sales_order_item_id');
    if (x.po !== null || x.so !== null || typeof x.e.line_reference !== 'string') continue;
    const order = typeof x.e.order_reference_code === 'string' ? x.e.order_reference_code : null;
    const matches = referenced.filter((l) => l.line_reference === x.e.line_reference && x.orders.has(l.order_id) && (order === null || l.order_reference_code === order));
    if (matches.length === 0) errors.add(`${x.at}line_reference`, fieldMessages.missing);
    else if (matches.length > 1) errors.add(`${x.at}line_reference`, fieldMessages.ambiguous);
    else {
      const [line] = matches;
      x.e[line.kind === 'purchase' ? 'purchase_order_item_id' : 'sales_order_item_id'] = line.id;
      ship(line.kind, line.id, x.at);
    }
  }
  const orders = new Set<number>();
  for (const [kind, lines] of [['purchase', poLines], ['sales', soLines]] as const) {
    for (const id of plan[kind].keys()) orders.add((lines.get(id) ?? referenced.find((l) => l.kind === kind && l.id === id))!.order_id);
  }
  await lockBalances(db, companyId, orders);
  return plan;
}
