// Order writes through the write path (docs/decisions/010-write-path.md): locks, upserts keyed by reference code, nested items replaced by line_reference, lifecycle.
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { recordLifecycle, softDelete as softDeleteRow, transition as applyTransition } from '../database/lifecycle.ts';
import { lockKeys, lockRoots, lockRootsByKey } from '../database/locks.ts';
import { planList } from '../database/nested.ts';
import { write as inTransaction, type Tx } from '../database/transaction.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { checkRequired } from '../schema-helpers/required.ts';
import { writeOrderHandlers } from '../actor/handlers.ts';
import { checkBalances, lockBalances, releaseRemovedLines } from './balance.ts';
import { catalogues, findLive, partKey, type OrderInput, storedLines, type Existing, type OrderBy, validateOrder, type Plan, checkOperation, existingSelect, type OrderKey, validateItems, type ItemInput, type Kind, type Known, type StoredLine, loadKnown, itemsOf } from './validate.ts';
import { insertAll, insertRows, updateRows, type Row } from '../database/set-rows.ts';
import { columnData } from '../schema-helpers/fields.ts';
import { purchaseOrderDates, salesOrderDates } from './catalogue.ts';

/** One list of order lines a write sends: the part it belongs to and how its entries are named. */
interface LineList {
  partId: number;
  items: ItemInput[];
  /** The product each item resolves to (undefined: not sent). */
  products: (number | undefined)[];
  /** The part's stored lines, by line reference. */
  stored: Map<string, StoredLine>;
  /** Whether stored lines left out of the list are removed (a whole list) or kept (one line's route). */
  replace: boolean;
  /** The list's name in errors (`0.purchase_order.items`), and each entry's prefix. */
  name: string;
  at: (index: number) => string;
}

const lineTables = {
  purchase: { table: 'purchase_order_items', parent: 'purchase_order_id' },
  sales: { table: 'sales_order_items', parent: 'sales_order_id' },
} as const;

/**
 * Writes the lines of one kind for a whole batch by set (docs/decisions/010-write-path.md,
 * "Writes by set"): the removed lines in one check and one delete, the kept ones in one update,
 * the new ones in one insert, the foreign operators of those that send them in one delete and
 * one insert. Then every kept line's balance in one check: no stored line may now hold less
 * than what live processes ship of it (docs/orders.md, balance); an entry lowering its quantity
 * below that gets 422 on its `quantity`. The orders' balance locks, taken before, keep
 * shipments out meanwhile.
 */
async function writeLines(db: Tx, companyId: number, kind: Kind, lists: LineList[]): Promise<void> {
  const { table, parent } = lineTables[kind];
  const cat = catalogues[kind];
  const removed = new Map<number, string>();
  const kept = new Map<number, string[]>();
  const updates: Row[] = [];
  const inserts: Row[] = [];
  const links: { row: Row; stored: number | null; actors: number[] }[] = [];
  for (const list of lists) {
    const plan = planList(
      list.items.map((item, i) => ({ item, product: list.products[i], index: i })),
      [...list.stored],
      (s) => s.item.line_reference!,
      ([line]) => line,
    );
    if (list.replace) for (const [, row] of plan.removed) removed.set(row.id, list.name);
    for (const { sent: { item, product, index }, stored: old } of plan.children) {
      const row: Row = { ...columnData(cat, item), line_reference: item.line_reference!, company_id: companyId };
      if (product !== undefined) row.product_id = product;
      if (old) {
        kept.set(old[1].id, [list.at(index)]);
        updates.push({ ...row, id: old[1].id });
      } else inserts.push({ ...row, [parent]: list.partId });
      const actors = kind === 'purchase' ? item.item_foreign_operators : undefined;
      if (actors) links.push({ row: old ? { id: old[1].id } : inserts[inserts.length - 1], stored: old ? old[1].id : null, actors });
    }
  }
  if (removed.size) {
    await releaseRemovedLines(db, companyId, kind, removed);
    await db.$executeRawUnsafe(`DELETE FROM ${table} WHERE company_id = $1 AND id = ANY($2::int[])`, companyId, [...removed.keys()]);
  }
  await updateRows(db, table, updates, { stamp: ['updated_at'] });
  const written = await insertRows(db, table, inserts, [parent, 'line_reference'], { stamp: ['updated_at'] });
  const newIds = new Map(inserts.map((row, i) => [row, written[i].id]));
  if (links.length) {
    const itemIds = links.map((l) => l.stored ?? newIds.get(l.row)!);
    await db.purchaseOrderItemForeignOperator.deleteMany({ where: { company_id: companyId, item_id: { in: itemIds } } });
    const data = links.flatMap((l, i) => [...new Set(l.actors)].map((actor_id) => ({ company_id: companyId, item_id: itemIds[i], actor_id })));
    await insertAll(db, 'purchase_order_item_foreign_operators', data);
  }
  if (kept.size) {
    const errors = new FieldErrors();
    await checkBalances(db, companyId, kind === 'purchase' ? { purchase: kept, sales: new Map() } : { purchase: new Map(), sales: kept }, errors);
    errors.throwIfAny();
  }
}

const orderScalars = ['reference_code', 'external_reference_code', 'observations', 'subsidiary_id'] as const;

/** The order's own columns an entry sends, strings trimmed. */
function orderColumns(params: OrderInput): Row {
  const data: Row = {};
  for (const k of orderScalars) if (params[k] !== undefined) data[k] = typeof params[k] === 'string' ? (params[k] as string).trim() : params[k];
  return data;
}

/** One validated order of a batch. */
interface Validated {
  params: OrderInput;
  existing: Existing | null;
  plan: Plan;
  prefix: string;
}

const partTables = { purchase: 'purchase_orders', sales: 'sales_orders' } as const;

/**
 * Writes validated orders with their parts, lines and handler entries, by set: one statement
 * per table and shape of row whatever the batch size (handler entries, sent rarely, are
 * written order by order).
 */
async function writeOrders(db: Tx, companyId: number, operationId: number, batch: Validated[], known: Known): Promise<OrderKey[]> {
  const fresh = batch.filter((o) => !o.existing);
  const created = await insertRows<OrderKey>(
    db,
    'orders',
    fresh.map((o) => ({ ...orderColumns(o.params), type: o.plan.type, company_id: companyId, operation_id: operationId })),
    ['reference_code'],
    { stamp: ['updated_at'] },
  );
  const createdKeys = new Map(fresh.map((o, i) => [o, created[i]]));
  // Every stored order written is touched, even with no column of its own sent.
  await updateRows(db, 'orders', batch.flatMap((o) => (o.existing ? [{ ...orderColumns(o.params), company_id: companyId, id: o.existing.id }] : [])), { stamp: ['updated_at'] });
  const keys = batch.map((o) => (o.existing ? { id: o.existing.id, reference_code: (orderColumns(o.params).reference_code as string) ?? o.existing.reference_code } : createdKeys.get(o)!));
  for (const kind of ['purchase', 'sales'] as const) {
    const dates = kind === 'purchase' ? purchaseOrderDates : salesOrderDates;
    const sent = batch.flatMap((o, i) => (o.params[partKey[kind]] ? [{ o, key: keys[i], part: o.params[partKey[kind]]! }] : []));
    const row = (s: (typeof sent)[number]): Row => ({ type: s.part.type ?? undefined, ...columnData(dates, s.part), company_id: companyId });
    const stored = sent.filter((s) => known.parts[kind].has(s.key.id));
    await updateRows(db, partTables[kind], stored.map((s) => ({ ...row(s), id: known.parts[kind].get(s.key.id)! })));
    const added = sent.filter((s) => !known.parts[kind].has(s.key.id));
    const written = await insertRows(db, partTables[kind], added.map((s) => ({ ...row(s), order_id: s.key.id })), ['order_id']);
    const partIds = new Map<number, number>([...stored.map((s) => [s.key.id, known.parts[kind].get(s.key.id)!] as const), ...added.map((s, i) => [s.key.id, written[i].id] as const)]);
    const lists: LineList[] = sent.flatMap(({ o, key, part }) =>
      part.items
        ? [{
            partId: partIds.get(key.id)!,
            items: part.items,
            products: o.plan.products[kind],
            stored: storedLines(known, kind, o.existing?.id ?? null),
            replace: true,
            name: `${o.prefix}${partKey[kind]}.items`,
            at: (i: number) => `${o.prefix}${partKey[kind]}.items.${i}.`,
          }]
        : [],
    );
    await writeLines(db, companyId, kind, lists);
  }
  for (const [i, o] of batch.entries()) if (o.plan.handlers) await writeOrderHandlers(db, companyId, keys[i].id, o.plan.handlers);
  return keys;
}

/** The advisory-lock keys of orders: a reference code is unique within its operation. */
const orderKeys = (operationId: number, codes: readonly string[]) => codes.map((c) => `${operationId}:${c}`);

/** Updates one live order found `by` id or reference code: key lock of a new code, row lock, then reads and writes. */
export async function updateOne(ctx: Context, info: GraphQLResolveInfo, operationId: number, params: OrderInput, by: OrderBy): Promise<OrderKey> {
  const companyId = ctx.company.id;
  await referenceCodes();
  return inTransaction(
    async (db) => {
      await checkOperation(db, companyId, operationId);
      const code = params.reference_code;
      if (code) await lockKeys(db, companyId, 'order', orderKeys(operationId, [code]));
      if (!(await lockRoots(db.order, { company_id: companyId, operation_id: operationId, ...by }))) throw new NotFoundError();
      const existing = await findLive(db, companyId, operationId, by);
      await lockBalances(db, companyId, [existing.id]);
      const known = await loadKnown(db, companyId, itemsOf(params), [params], [existing.id]);
      const errors = new FieldErrors();
      const plan = await validateOrder(db, info, companyId, operationId, existing, params, known, errors);
      errors.throwIfAny();
      return (await writeOrders(db, companyId, operationId, [{ params, existing, plan, prefix: '' }], known))[0];
    },
    { uniqueField: 'reference_code' },
  );
}

/**
 * Creates or updates orders keyed by reference code within the operation, all or nothing:
 * a POST is a batch of one (prefix ''), a PUT a list (prefixes `0.`, `1.` ...). The codes'
 * key locks come first, in one sorted statement, then the rows that exist.
 */
export async function upsertMany(
  ctx: Context,
  info: GraphQLResolveInfo,
  operationId: number,
  list: OrderInput[],
  prefixOf: (i: number) => string,
): Promise<OrderKey[]> {
  const companyId = ctx.company.id;
  await referenceCodes();
  return inTransaction(
    async (db) => {
      await checkOperation(db, companyId, operationId);
      const codes = list.map((p) => p.reference_code).filter((c): c is string => !!c);
      await lockKeys(db, companyId, 'order', orderKeys(operationId, codes));
      const live = { company_id: companyId, operation_id: operationId, reference_code: { in: codes } };
      await lockRootsByKey(db, 'orders', 'reference_code', { company_id: companyId, operation_id: operationId }, codes);
      const found = codes.length ? await db.order.findMany({ where: { ...live, deleted_at: null }, select: existingSelect }) : [];
      const byCode = new Map(found.map((o) => [o.reference_code, o]));
      // Balance locks before any line is written, all at once in key order (see writeLines).
      await lockBalances(db, companyId, found.map((o) => o.id));
      const known = await loadKnown(db, companyId, list.flatMap(itemsOf), list, found.map((o) => o.id));
      const errors = new FieldErrors();
      const seen = new Set<string>();
      const batch: Validated[] = [];
      for (const [i, params] of list.entries()) {
        // Without a code the entry is validated as a new order, so every problem is answered at once.
        const code = params.reference_code;
        if (code && seen.has(code)) errors.add(`${prefixOf(i)}reference_code`, fieldMessages.taken);
        if (code) seen.add(code);
        const existing = (code && byCode.get(code)) || null;
        const plan = await validateOrder(db, info, companyId, operationId, existing, params, known, errors, prefixOf(i), false);
        batch.push({ params, existing, plan, prefix: prefixOf(i) });
      }
      errors.throwIfAny();
      return writeOrders(db, companyId, operationId, batch, known);
    },
    { uniqueField: 'reference_code', timeout: 120_000 },
  );
}

export type ItemRoute = { operation_id: number; reference_code: string; line_reference: string; params: ItemInput };

/** Updates one line of an order's purchase or sales order, found by the order's reference code and the line reference. */
export async function updateItem(ctx: Context, info: GraphQLResolveInfo, kind: Kind, args: ItemRoute): Promise<OrderKey> {
  const companyId = ctx.company.id;
  await referenceCodes();
  return inTransaction(async (db) => {
    await checkOperation(db, companyId, args.operation_id);
    const by = { reference_code: args.reference_code };
    if (!(await lockRoots(db.order, { company_id: companyId, operation_id: args.operation_id, ...by }))) throw new NotFoundError();
    const order = await findLive(db, companyId, args.operation_id, by);
    await lockBalances(db, companyId, [order.id]);
    const known = await loadKnown(db, companyId, [args.params], [], [order.id]);
    const partId = known.parts[kind].get(order.id);
    const stored = storedLines(known, kind, order.id);
    const line = stored.get(args.line_reference);
    if (partId === undefined || !line) throw new NotFoundError();
    const errors = new FieldErrors();
    checkRequired(info.schema, kind === 'purchase' ? 'PurchaseOrderItemParams' : 'SalesOrderItemParams', args.params, errors);
    const newLine = args.params.line_reference;
    if (newLine && newLine !== args.line_reference && stored.has(newLine)) errors.add('line_reference', fieldMessages.taken);
    const products = validateItems(known, kind, [args.params], new Map([[newLine ?? '', { product_id: line.product_id }]]), await referenceCodes(), errors, '');
    // Item routes name fields without an index.
    const fields = errors.list.map((f) => ({ ...f, name: f.name.replace(/^0\./, '') }));
    errors.list.splice(0, errors.list.length, ...fields);
    errors.throwIfAny();
    await writeLines(db, companyId, kind, [
      { partId, items: [args.params], products, stored: new Map([[newLine!, line]]), replace: false, name: '', at: () => '' },
    ]);
    await updateRows(db, 'orders', [{ company_id: companyId, id: order.id }], { stamp: ['updated_at'] });
    return { id: order.id, reference_code: order.reference_code };
  });
}

export type Action = 'finish' | 'cancel' | 'uncancel';

/** Applies a lifecycle action (docs/decisions/010-write-path.md) with one conditional update: of concurrent callers exactly one wins. */
export async function transition(ctx: Context, operationId: number, by: OrderBy, action: Action): Promise<OrderKey> {
  const companyId = ctx.company.id;
  return inTransaction(async (db) => {
    await checkOperation(db, companyId, operationId);
    const where = { company_id: companyId, operation_id: operationId, ...by };
    await applyTransition(db.order, recordLifecycle, action, where);
    return findLive(db, companyId, operationId, by);
  });
}

/** Soft-deletes an order with one conditional update; a second caller gets 404. */
export async function softDelete(ctx: Context, operationId: number, by: OrderBy): Promise<OrderKey> {
  const companyId = ctx.company.id;
  return inTransaction(async (db) => {
    await checkOperation(db, companyId, operationId);
    const order = await findLive(db, companyId, operationId, by);
    await softDeleteRow(db.order, { company_id: companyId, id: order.id });
    return { id: order.id, reference_code: order.reference_code };
  });
}

/** Reads the written order back with the selection of the GraphQL query (deleted ones too: a delete answers the deleted row). */
export function readBack(query: object, ctx: Context, key: OrderKey) {
  return prisma().order.findUniqueOrThrow({ ...query, where: { company_id_id: { company_id: ctx.company.id, id: key.id } } });
}
