// The order lines a process ships (docs/processes/foreign_trade_shipment.md, "Shipment items
// and order lines"): every shipment item ships a line of an order linked to the process, named
// by id or found by its line reference, and the lines never ship more than their quantity.
import type { Tx } from '../../database/transaction.ts';
import { FieldErrors, fieldMessages } from '../../errors.ts';
import { lockBalances, type ShippedPlan } from '../../order/balance.ts';
import { lockRoots } from '../../database/locks.ts';

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

/** A stored shipment item with the order lines it ships and their orders. */
export const shippedItemSelect = {
  id: true,
  purchase_order_item: { select: { id: true, purchase_order: { select: { order_id: true } } } },
  sales_order_item: { select: { id: true, sales_order: { select: { order_id: true } } } },
} as const;

/** A row read with `shippedItemSelect`. */
export type ShippedItem = {
  id: number;
  purchase_order_item: { id: number; purchase_order: { order_id: number } } | null;
  sales_order_item: { id: number; sales_order: { order_id: number } } | null;
};

/** The order lines stored items ship, and the orders of those lines (whose balance locks a write of them takes). */
export interface StoredShipping {
  lines: { purchase: number[]; sales: number[] };
  orders: number[];
}

/**
 * The order lines `items` ship (in their order, each line once), and those lines' orders: the
 * lines whose shipped quantity a write replacing, dropping, deleting or canceling them changes.
 */
export function shippingOf(items: readonly ShippedItem[]): StoredShipping {
  const purchase = new Set<number>();
  const sales = new Set<number>();
  const orders = new Set<number>();
  for (const item of items) {
    if (item.purchase_order_item) {
      purchase.add(item.purchase_order_item.id);
      orders.add(item.purchase_order_item.purchase_order.order_id);
    }
    if (item.sales_order_item) {
      sales.add(item.sales_order_item.id);
      orders.add(item.sales_order_item.sales_order.order_id);
    }
  }
  return { lines: { purchase: [...purchase], sales: [...sales] }, orders: [...orders] };
}

/** A plan that ships no line. */
export const emptyPlan = (): ShippedPlan => ({ purchase: new Map(), sales: new Map() });

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

/** A shipment item sent: where its errors go, the orders its process links, and the lines it names by id. */
interface SentEntry {
  e: Params;
  at: string;
  orders: Set<number>;
  po: number | null;
  so: number | null;
}

/** An order line found by its line reference, with the kind of order it belongs to. */
type ReferencedLine = Line & { kind: 'purchase' | 'sales' };

/** The order lines the entries name: by id, and by line reference among the linked orders. */
interface LinesOfEntries {
  poLines: Map<number, Line>;
  soLines: Map<number, Line>;
  referenced: ReferencedLine[];
}

type Where = { company_id: number };

/** The orders each process links once written: those sent, or the stored links. */
async function linkedOrders(db: Tx, where: Where, sending: ShippedLines[]): Promise<Set<number>[]> {
  const storedLinks = sending.filter((w) => w.orderIds === undefined && w.processId !== null).map((w) => w.processId!);
  const linkRows = storedLinks.length
    ? await db.processOrder.findMany({ where: { ...where, process_id: { in: storedLinks } }, select: { process_id: true, order_id: true } })
    : [];
  return sending.map((w) => new Set(w.orderIds ?? linkRows.filter((r) => r.process_id === w.processId).map((r) => r.order_id)));
}

/** Every item sent with the lines it ships: stored entries kept by id keep their line unless another is sent. */
async function sentEntries(db: Tx, where: Where, sending: ShippedLines[], linked: Set<number>[]): Promise<SentEntry[]> {
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
  return sending.flatMap((w, k) =>
    w.items!.map((e, i) => ({ e, at: `${w.prefix}foreign_trade_shipment.items.${i}.`, orders: linked[k], po: lineOf(e, 'purchase_order_item_id'), so: lineOf(e, 'sales_order_item_id') })),
  );
}

/** Reads the order lines the entries name by id, and the lines of the linked orders with the line references sent alone. */
async function readLines(db: Tx, where: Where, entries: SentEntry[], linked: Set<number>[]): Promise<LinesOfEntries> {
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
  return { poLines, soLines, referenced };
}

/**
 * Checks each entry's line (it exists, its order is linked, the line reference sent agrees) and
 * links the entries sent with only a `line_reference` to the one line of that reference; the
 * lines that pass are planned, each with the entries that ship it.
 */
function planLines(entries: SentEntry[], { poLines, soLines, referenced }: LinesOfEntries, errors: FieldErrors): ShippedPlan {
  const plan = emptyPlan();
  const ship = (kind: 'purchase' | 'sales', id: number, at: string) => plan[kind].set(id, [...(plan[kind].get(id) ?? []), at]);
  const check = (kind: 'purchase' | 'sales', line: Line | undefined, x: SentEntry, field: string) => {
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
  return plan;
}

/** The orders of the planned lines, and those of the stored lines the writes release. */
function ordersOfPlan(plan: ShippedPlan, { poLines, soLines, referenced }: LinesOfEntries, released: StoredShipping): Set<number> {
  const orders = new Set<number>(released.orders);
  for (const [kind, lines] of [['purchase', poLines], ['sales', soLines]] as const) {
    for (const id of plan[kind].keys()) orders.add((lines.get(id) ?? referenced.find((l) => l.kind === kind && l.id === id))!.order_id);
  }
  return orders;
}

/**
 * Checks the order line of every shipment item sent and links the entries sent with only a
 * `line_reference` to their line (the entries are completed in place). Takes the balance lock
 * of every order shipped from, and of the orders of the stored items the writes replace
 * (`released`), in one statement, so `shipLines` after the write sees every other writer's
 * shipments of those lines. Problems go to `errors`.
 */
export async function resolveOrderLines(db: Tx, companyId: number, writes: ShippedLines[], errors: FieldErrors, released: StoredShipping): Promise<ShippedPlan> {
  const sending = writes.filter((w) => w.items?.length);
  if (!sending.length) {
    if (released.orders.length) await lockBalances(db, companyId, released.orders);
    return emptyPlan();
  }
  const where = { company_id: companyId };
  const linked = await linkedOrders(db, where, sending);
  const entries = await sentEntries(db, where, sending, linked);
  const lines = await readLines(db, where, entries, linked);
  const plan = planLines(entries, lines, errors);
  await lockBalances(db, companyId, ordersOfPlan(plan, lines, released));
  return plan;
}

/**
 * Locks a live process (its row lock first, then its orders' balance locks: the order every
 * process write takes them in) and answers its id and the order lines its items ship, named by
 * item (`plan`) and as a whole (`lines`); null when no live process matches.
 */
export async function lockShipping(db: Tx, companyId: number, operationId: number, by: { id: number } | { reference_code: string }): Promise<({ id: number; plan: ShippedPlan } & StoredShipping) | null> {
  const where = { company_id: companyId, operation_id: operationId, ...by };
  if (!(await lockRoots(db.process, where))) return null;
  const process = await db.process.findFirst({
    where: { ...where, deleted_at: null },
    select: { id: true, foreign_trade_shipment: { select: { items: { select: shippedItemSelect, orderBy: { id: 'asc' } } } } },
  });
  if (!process) return null;
  const items: ShippedItem[] = process.foreign_trade_shipment?.items ?? [];
  const plan = emptyPlan();
  for (const [i, item] of items.entries()) {
    const at = `foreign_trade_shipment.items.${i}.`;
    if (item.purchase_order_item) plan.purchase.set(item.purchase_order_item.id, [...(plan.purchase.get(item.purchase_order_item.id) ?? []), at]);
    if (item.sales_order_item) plan.sales.set(item.sales_order_item.id, [...(plan.sales.get(item.sales_order_item.id) ?? []), at]);
  }
  const shipping = shippingOf(items);
  if (shipping.orders.length) await lockBalances(db, companyId, shipping.orders);
  return { id: process.id, plan, ...shipping };
}
