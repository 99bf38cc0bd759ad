// Validation of order writes (docs/decisions/010-write-path.md): every problem is collected with its dotted field name before anything is written.
import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import { OrderSubtype, OrderType } from '../../prisma/generated/client/enums.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { checkRequired } from '../schema-helpers/required.ts';
import { byReferenceCode, found } from '../schema-helpers/locate.ts';
import { validateHandlers, type HandlerInput, type ResolvedHandler, type StoredHandler } from '../actor/handlers.ts';
import { checkReferenceCodes, type Fields } from '../schema-helpers/fields.ts';
import { purchaseItemCatalogue, salesItemCatalogue } from './catalogue.ts';
import type { Tx } from '../database/transaction.ts';



export type Kind = 'purchase' | 'sales';
export type ItemInput = Record<string, unknown> & {
  line_reference?: string | null;
  product_id?: number | null;
  product_code?: string | null;
  item_foreign_operators?: number[] | null;
};
type PartInput = Record<string, unknown> & { type?: OrderSubtype | null; items?: ItemInput[] | null };
export type OrderInput = Record<string, unknown> & {
  reference_code?: string | null;
  type?: OrderType | null;
  subsidiary_id?: number | null;
  handler?: Record<string, HandlerInput | null> | null;
  handlers?: HandlerInput[] | null;
  purchase_order?: PartInput | null;
  sales_order?: PartInput | null;
};
export type OrderKey = { id: number; reference_code: string };
export type Existing = OrderKey & { type: OrderType; handlers: StoredHandler[] };

export const catalogues: Record<Kind, Fields> = { purchase: purchaseItemCatalogue, sales: salesItemCatalogue };
export const partKey = { purchase: 'purchase_order', sales: 'sales_order' } as const;
export const existingSelect = {
  id: true,
  reference_code: true,
  type: true,
  handlers: { select: { id: true, role: true, operation_handler_id: true, actor_id: true } },
} satisfies Prisma.OrderSelect;

/** The company's operation, or NotFound (another company's operation answers like a missing one). */
export async function checkOperation(db: Tx, companyId: number, operationId: number): Promise<void> {
  const op = await db.operation.findUnique({ where: { company_id_id: { company_id: companyId, id: operationId } }, select: { id: true } });
  if (!op) throw new NotFoundError();
}

export type OrderBy = { id: number } | { reference_code: string };

/** The live order of the operation with this id or reference code, or NotFound. */
export async function findLive(db: Tx, companyId: number, operationId: number, by: OrderBy): Promise<Existing> {
  return found(db.order.findFirst({
    where: { company_id: companyId, operation_id: operationId, deleted_at: null, ...by },
    select: existingSelect,
  }));
}

/** A stored order line, by its line reference. */
export type StoredLine = { id: number; product_id: number | null };

/**
 * What a batch of order writes refers to, read before validation in one statement per kind
 * of row whatever the batch size (docs/decisions/010-write-path.md, "Writes by set").
 */
export interface Known {
  productsById: Map<number, { id: number; code: string }>;
  productsByCode: Map<string, { id: number; code: string }>;
  actors: Set<number>;
  subsidiaries: Set<number>;
  /** The stored parts of the orders written, by kind and order id: their ids. */
  parts: Record<Kind, Map<number, number>>;
  /** The stored lines of the orders written, by kind, order id and line reference. */
  lines: Record<Kind, Map<number, Map<string, StoredLine>>>;
}

type Part = { kind: Kind; id: number; order_id: number };
type Line = { kind: Kind; id: number; order_id: number; line_reference: string; product_id: number | null };

/** Reads what `items` and `orders` name, and the parts and lines of the stored orders `orderIds`. */
export async function loadKnown(db: Tx, companyId: number, items: ItemInput[], orders: OrderInput[], orderIds: number[]): Promise<Known> {
  const ids = [...new Set(items.map((i) => i.product_id).filter((x): x is number => typeof x === 'number'))];
  const codes = [...new Set(items.map((i) => i.product_code?.trim()).filter((x): x is string => typeof x === 'string' && x !== ''))];
  const actorIds = [...new Set(items.flatMap((i) => i.item_foreign_operators ?? []))];
  const subsidiaryIds = [...new Set(orders.map((o) => o.subsidiary_id).filter((x): x is number => typeof x === 'number'))];
  // NOTE: sequential on purpose: an embedded database has one connection per transaction.
  const products =
    ids.length || codes.length
      ? await db.product.findMany({
          where: { company_id: companyId, deleted_at: null, OR: [{ id: { in: ids } }, { code: { in: codes } }] },
          select: { id: true, code: true },
        })
      : [];
  const actors = actorIds.length ? await db.actor.findMany({ where: { company_id: companyId, id: { in: actorIds } }, select: { id: true } }) : [];
  const subsidiaries = subsidiaryIds.length
    ? await db.subsidiary.findMany({ where: { company_id: companyId, id: { in: subsidiaryIds } }, select: { id: true } })
    : [];
  const parts = orderIds.length
    ? await db.$queryRaw<Part[]>(Prisma.sql`
        SELECT 'purchase' AS kind, id, order_id FROM purchase_orders WHERE company_id = ${companyId} AND order_id = ANY(${orderIds}::int[])
        UNION ALL
        SELECT 'sales', id, order_id FROM sales_orders WHERE company_id = ${companyId} AND order_id = ANY(${orderIds}::int[])`)
    : [];
  const lines = orderIds.length
    ? await db.$queryRaw<Line[]>(Prisma.sql`
        SELECT 'purchase' AS kind, i.id, p.order_id, i.line_reference, i.product_id FROM purchase_order_items i
          JOIN purchase_orders p ON p.company_id = i.company_id AND p.id = i.purchase_order_id
         WHERE p.company_id = ${companyId} AND p.order_id = ANY(${orderIds}::int[])
        UNION ALL
        SELECT 'sales', i.id, p.order_id, i.line_reference, i.product_id FROM sales_order_items i
          JOIN sales_orders p ON p.company_id = i.company_id AND p.id = i.sales_order_id
         WHERE p.company_id = ${companyId} AND p.order_id = ANY(${orderIds}::int[])`)
    : [];
  const known: Known = {
    productsById: new Map(products.map((p) => [p.id, p])),
    productsByCode: new Map(products.map((p) => [p.code, p])),
    actors: new Set(actors.map((a) => a.id)),
    subsidiaries: new Set(subsidiaries.map((s) => s.id)),
    parts: { purchase: new Map(), sales: new Map() },
    lines: { purchase: new Map(), sales: new Map() },
  };
  for (const part of parts) known.parts[part.kind].set(part.order_id, part.id);
  for (const line of lines) {
    const byOrder = known.lines[line.kind];
    if (!byOrder.has(line.order_id)) byOrder.set(line.order_id, new Map());
    byOrder.get(line.order_id)!.set(line.line_reference, { id: line.id, product_id: line.product_id });
  }
  return known;
}

/** The items an order write sends, both parts. */
export const itemsOf = (o: OrderInput): ItemInput[] => [...(o.purchase_order?.items ?? []), ...(o.sales_order?.items ?? [])];

/** The stored lines of one part of a stored order (none for a new order). */
export function storedLines(known: Known, kind: Kind, orderId: number | null): Map<string, StoredLine> {
  return (orderId !== null && known.lines[kind].get(orderId)) || new Map();
}

/**
 * Validates the items of one order part (or the one line of an item route) under `prefix`
 * and answers the product id each item resolves to (undefined: product not sent).
 */
export function validateItems(
  known: Known,
  kind: Kind,
  items: ItemInput[],
  stored: Map<string, { product_id: number | null }>,
  refs: Awaited<ReturnType<typeof referenceCodes>>,
  errors: FieldErrors,
  prefix: string,
): (number | undefined)[] {
  const cat = catalogues[kind];
  const seen = new Set<string>();
  return items.map((item, i) => {
    const at = `${prefix}${i}.`;
    const line = item.line_reference?.trim();
    if (line) {
      if (seen.has(line)) errors.add(`${at}line_reference`, fieldMessages.taken);
      seen.add(line);
    }
    let productId: number | undefined;
    if (item.product_id != null) {
      if (!known.productsById.has(item.product_id)) errors.add(`${at}product_id`, fieldMessages.missing);
      else productId = item.product_id;
    }
    if (item.product_code != null && item.product_code.trim() !== '') {
      const p = known.productsByCode.get(item.product_code.trim());
      if (!p) errors.add(`${at}product_code`, fieldMessages.missing);
      else if (productId !== undefined && productId !== p.id) errors.add(`${at}product_code`, fieldMessages.invalid);
      else productId = p.id;
    }
    const hasStoredProduct = stored.get(line ?? '')?.product_id != null;
    if (kind === 'purchase' && item.product_id == null && !item.product_code?.trim() && !hasStoredProduct) {
      errors.add(`${at}product_id`, fieldMessages.blank);
    }
    checkReferenceCodes(cat, item, refs, errors, at);
    (item.item_foreign_operators ?? []).forEach((id, j) => {
      if (!known.actors.has(id)) errors.add(`${at}item_foreign_operators.${j}`, fieldMessages.missing);
    });
    return productId;
  });
}

/** What a validated order write needs besides its params. */
export interface Plan {
  type: OrderType;
  handlers: ResolvedHandler[] | undefined;
  products: Record<Kind, (number | undefined)[]>;
}

/**
 * Validates one order write (create when `existing` is null) and reports every problem under
 * `prefix`; the caller throws the collected errors. Answers what the write needs.
 */
export async function validateOrder(
  db: Tx,
  info: GraphQLResolveInfo,
  companyId: number,
  operationId: number,
  existing: Existing | null,
  params: OrderInput,
  known: Known,
  errors: FieldErrors,
  prefix = '',
  checkClash = true,
): Promise<Plan> {
  // Handler entries have their own rule for `operation_handler_id` (required on create only).
  checkRequired(info.schema, 'OrderParams', { ...params, handler: undefined, handlers: undefined }, errors, {
    partial: existing !== null,
    prefix,
  });
  const code = params.reference_code?.trim();
  if (checkClash && code && code !== existing?.reference_code) {
    const clash = await db.order.findFirst({
      where: { company_id: companyId, operation_id: operationId, reference_code: code, deleted_at: null },
      select: { id: true },
    });
    if (clash) errors.add(`${prefix}reference_code`, fieldMessages.taken);
  }
  // The type follows from the part sent; it never changes.
  const po = params.purchase_order;
  const so = params.sales_order;
  if (po && so) errors.add(`${prefix}sales_order`, fieldMessages.invalid);
  const derived: OrderType | null = po ? 'PURCHASE' : so ? 'SALES' : null;
  const current = existing?.type ?? null;
  const type: OrderType | null = current ?? derived ?? params.type ?? null;
  if (params.type && params.type !== (current ?? derived ?? params.type)) errors.add(`${prefix}type`, fieldMessages.invalid);
  if (current && derived && derived !== current) errors.add(`${prefix}${po ? 'purchase_order' : 'sales_order'}`, fieldMessages.invalid);
  if (!existing) {
    if (!type) errors.add(`${prefix}type`, fieldMessages.blank);
    else if (type === 'PURCHASE' && !po) errors.add(`${prefix}purchase_order`, fieldMessages.blank);
    else if (type === 'SALES' && !so) errors.add(`${prefix}sales_order`, fieldMessages.blank);
  }
  if (params.subsidiary_id != null && !known.subsidiaries.has(params.subsidiary_id)) errors.add(`${prefix}subsidiary_id`, fieldMessages.missing);
  const refs = await referenceCodes(); // loaded before the transaction: no query here
  const products: Plan['products'] = { purchase: [], sales: [] };
  for (const kind of ['purchase', 'sales'] as const) {
    const part = params[partKey[kind]];
    if (!part?.items?.length) continue;
    const stored = storedLines(known, kind, existing?.id ?? null);
    products[kind] = validateItems(known, kind, part.items, stored, refs, errors, `${prefix}${partKey[kind]}.items.`);
  }
  const handlers = await validateHandlers(db, info, companyId, operationId, params, existing?.handlers ?? [], errors, prefix);
  return { type: type ?? 'ROAD_TRANSPORT', handlers, products };
}

/** Orders are located by id or by reference code within their operation. */
export const orderLocator = byReferenceCode('Order');
