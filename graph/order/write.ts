// Order writes through the write path (docs/decisions/010-write-path.md): locks, upserts keyed by reference code, nested items replaced by line_reference, lifecycle.
import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { recordLifecycle, softDelete as softDeleteRow, transition as applyTransition } from '../kit/lifecycle.ts';
import { lockKeys, lockRoots } from '../kit/locks.ts';
import { planList } from '../kit/nested.ts';
import { write as inTransaction, type Tx } from '../kit/transaction.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { checkRequired } from '../kit/required.ts';
import { writeOrderHandlers } from '../actor/handlers.ts';
import { checkBalances, lockBalances, releaseRemovedLines } from './balance.ts';
import { catalogues, findLive, partKey, type OrderInput, storedLines, type Existing, type OrderBy, validateOrder, type Plan, checkOperation, existingSelect, type OrderKey, validateItems, type ItemInput, type Kind } from './validate.ts';
import { columnData } from '../kit/fields.ts';
import { purchaseOrderDates, salesOrderDates } from './catalogue.ts';

async function syncItems(
  db: Tx,
  companyId: number,
  kind: Kind,
  partId: number,
  items: ItemInput[],
  products: (number | undefined)[],
  replace: boolean,
  stored: Map<string, { id: number }>,
  listName = '',
): Promise<Map<number, number>> {
  const cat = catalogues[kind];
  // Stored lines written again, by id, with the index of the entry that wrote them.
  const kept = new Map<number, number>();
  const parent = kind === 'purchase' ? { purchase_order_id: partId } : { sales_order_id: partId };
  const delegate = (kind === 'purchase' ? db.purchaseOrderItem : db.salesOrderItem) as unknown as {
    deleteMany(a: object): Promise<unknown>;
    update(a: object): Promise<{ id: number }>;
    create(a: object): Promise<{ id: number }>;
    createMany(a: object): Promise<unknown>;
  };
  const plan = planList(
    items.map((item, i) => ({ item, product: products[i] })),
    [...stored],
    (s) => s.item.line_reference!.trim(),
    ([line]) => line,
  );
  if (replace && plan.removed.length) {
    await releaseRemovedLines(db, companyId, kind, plan.removed.map(([, row]) => row.id), listName);
    await delegate.deleteMany({ where: { company_id: companyId, id: { in: plan.removed.map(([, row]) => row.id) } } });
  }
  const fresh: Record<string, unknown>[] = [];
  for (const [index, { sent: { item, product }, stored: old }] of plan.children.entries()) {
    if (old) kept.set(old[1].id, index);
    const data: Record<string, unknown> = { ...columnData(cat, item), line_reference: item.line_reference!.trim() };
    if (product !== undefined) data.product_id = product;
    const links = kind === 'purchase' ? item.item_foreign_operators : undefined;
    if (!old && !links) {
      fresh.push({ ...data, company_id: companyId, ...parent });
      continue;
    }
    const { id } = old
      ? await delegate.update({ where: { company_id_id: { company_id: companyId, id: old[1].id } }, data, select: { id: true } })
      : await delegate.create({ data: { ...data, company_id: companyId, ...parent }, select: { id: true } });
    if (links) await writeForeignOperators(db, companyId, id, links);
  }
  if (fresh.length) await delegate.createMany({ data: fresh });
  return kept;
}

/**
 * After lines were written: no stored line may now hold less than what live processes ship
 * of it (docs/orders.md, balance); an entry lowering its quantity below that gets 422 on its
 * `quantity`. The order's balance lock, taken before the write, keeps shipments out meanwhile.
 */
async function checkLineBalances(db: Tx, companyId: number, kind: Kind, kept: Map<number, number>, at: (index: number) => string): Promise<void> {
  const errors = new FieldErrors();
  const lines = new Map([...kept].map(([id, index]) => [id, [at(index)]]));
  await checkBalances(db, companyId, kind === 'purchase' ? { purchase: lines, sales: new Map() } : { purchase: new Map(), sales: lines }, errors);
  errors.throwIfAny();
}

async function writeForeignOperators(db: Tx, companyId: number, itemId: number, actorIds: number[]): Promise<void> {
  await db.purchaseOrderItemForeignOperator.deleteMany({ where: { company_id: companyId, item_id: itemId } });
  const ids = [...new Set(actorIds)];
  if (ids.length) await db.purchaseOrderItemForeignOperator.createMany({ data: ids.map((actor_id) => ({ company_id: companyId, item_id: itemId, actor_id })) });
}

const orderScalars = ['reference_code', 'external_reference_code', 'observations', 'subsidiary_id'] as const;

/** Writes a validated order with its part, items and handler entries. */
async function writeOrder(db: Tx, companyId: number, operationId: number, existing: Existing | null, params: OrderInput, plan: Plan, prefix = ''): Promise<OrderKey> {
  const data: Record<string, unknown> = {};
  for (const k of orderScalars) if (params[k] !== undefined) data[k] = typeof params[k] === 'string' ? (params[k] as string).trim() : params[k];
  const select = { id: true, reference_code: true } as const;
  const key = existing
    ? await db.order.update({ where: { company_id_id: { company_id: companyId, id: existing.id } }, data, select })
    : await db.order.create({
        data: { ...(data as Prisma.OrderUncheckedCreateInput), type: plan.type, company_id: companyId, operation_id: operationId },
        select,
      });
  for (const kind of ['purchase', 'sales'] as const) {
    const part = params[partKey[kind]];
    if (!part) continue;
    const dates = kind === 'purchase' ? purchaseOrderDates : salesOrderDates;
    const fields: Record<string, unknown> = { type: part.type, ...columnData(dates, part) };
    const where = { company_id_order_id: { company_id: companyId, order_id: key.id } };
    const create = { ...fields, company_id: companyId, order_id: key.id };
    const { id: partId } =
      kind === 'purchase'
        ? await db.purchaseOrder.upsert({ where, create: create as Prisma.PurchaseOrderUncheckedCreateInput, update: fields, select: { id: true } })
        : await db.salesOrder.upsert({ where, create: create as Prisma.SalesOrderUncheckedCreateInput, update: fields, select: { id: true } });
    if (part.items) {
      const stored = existing ? await storedLines(db, companyId, kind, key.id) : new Map();
      const kept = await syncItems(db, companyId, kind, partId, part.items, plan.products[kind], true, stored, `${prefix}${partKey[kind]}.items`);
      await checkLineBalances(db, companyId, kind, kept, (i) => `${prefix}${partKey[kind]}.items.${i}.`);
    }
  }
  if (plan.handlers) await writeOrderHandlers(db, companyId, key.id, plan.handlers);
  return key;
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
      const code = params.reference_code?.trim();
      if (code) await lockKeys(db, companyId, 'order', orderKeys(operationId, [code]));
      if (!(await lockRoots(db.order, { company_id: companyId, operation_id: operationId, ...by }))) throw new NotFoundError();
      const existing = await findLive(db, companyId, operationId, by);
      await lockBalances(db, companyId, [existing.id]);
      const errors = new FieldErrors();
      const plan = await validateOrder(db, info, companyId, operationId, existing, params, errors);
      errors.throwIfAny();
      return writeOrder(db, companyId, operationId, existing, params, plan);
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
      const codes = list.map((p) => p.reference_code?.trim()).filter((c): c is string => !!c);
      await lockKeys(db, companyId, 'order', orderKeys(operationId, codes));
      const live = { company_id: companyId, operation_id: operationId, reference_code: { in: codes } };
      if (codes.length) await lockRoots(db.order, live);
      const found = codes.length ? await db.order.findMany({ where: { ...live, deleted_at: null }, select: existingSelect }) : [];
      const byCode = new Map(found.map((o) => [o.reference_code, o]));
      // Balance locks before any line is written, all at once in key order (see checkLineBalances).
      await lockBalances(db, companyId, found.map((o) => o.id));
      const errors = new FieldErrors();
      const seen = new Set<string>();
      const work: { existing: Existing | null; plan: Plan }[] = [];
      for (const [i, params] of list.entries()) {
        // Without a code the entry is validated as a new order, so every problem is answered at once.
        const code = params.reference_code?.trim();
        if (code && seen.has(code)) errors.add(`${prefixOf(i)}reference_code`, fieldMessages.taken);
        if (code) seen.add(code);
        const existing = (code && byCode.get(code)) || null;
        const plan = await validateOrder(db, info, companyId, operationId, existing, params, errors, prefixOf(i), false);
        work.push({ existing, plan });
      }
      errors.throwIfAny();
      const keys: OrderKey[] = [];
      for (const [i, params] of list.entries()) keys.push(await writeOrder(db, companyId, operationId, work[i].existing, params, work[i].plan, prefixOf(i)));
      return keys;
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
    const part =
      kind === 'purchase'
        ? await db.purchaseOrder.findUnique({ where: { company_id_order_id: { company_id: companyId, order_id: order.id } }, select: { id: true } })
        : await db.salesOrder.findUnique({ where: { company_id_order_id: { company_id: companyId, order_id: order.id } }, select: { id: true } });
    const stored = await storedLines(db, companyId, kind, order.id);
    const line = stored.get(args.line_reference);
    if (!part || !line) throw new NotFoundError();
    const errors = new FieldErrors();
    checkRequired(info.schema, kind === 'purchase' ? 'PurchaseOrderItemParams' : 'SalesOrderItemParams', args.params, errors);
    const newLine = args.params.line_reference?.trim();
    if (newLine && newLine !== args.line_reference && stored.has(newLine)) errors.add('line_reference', fieldMessages.taken);
    const products = await validateItems(db, companyId, kind, [args.params], new Map([[newLine ?? '', { product_id: line.product_id }]]), errors, '');
    // Item routes name fields without an index.
    const fields = errors.list.map((f) => ({ ...f, name: f.name.replace(/^0\./, '') }));
    errors.list.splice(0, errors.list.length, ...fields);
    errors.throwIfAny();
    const kept = await syncItems(db, companyId, kind, part.id, [args.params], products, false, new Map([[newLine!, { id: line.id }]]));
    await checkLineBalances(db, companyId, kind, kept, () => '');
    await db.order.update({ where: { company_id_id: { company_id: companyId, id: order.id } }, data: { updated_at: new Date() } });
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
