// Validation of order writes (docs/decisions/010-write-path.md): every problem is collected with its dotted field name before anything is written.
import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import { OrderSubtype, OrderType } from '../../prisma/generated/client/enums.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { checkRequired } from '../kit/required.ts';
import { byReferenceCode, found } from '../kit/locate.ts';
import { validateHandlers, type HandlerInput, type ResolvedHandler, type StoredHandler } from '../actor/handlers.ts';
import { checkReferenceCodes, type Fields } from '../kit/fields.ts';
import { purchaseItemCatalogue, salesItemCatalogue } from './catalogue.ts';
import type { Tx } from '../kit/transaction.ts';



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

/**
 * Validates the items of one order part (or the one line of an item route) under `prefix`
 * and answers the product id each item resolves to (undefined: product not sent).
 */
export async function validateItems(
  db: Tx,
  companyId: number,
  kind: Kind,
  items: ItemInput[],
  stored: Map<string, { product_id: number | null }>,
  errors: FieldErrors,
  prefix: string,
): Promise<(number | undefined)[]> {
  const ids = items.map((i) => i.product_id).filter((x): x is number => typeof x === 'number');
  const codes = items.map((i) => i.product_code).filter((x): x is string => typeof x === 'string' && x.trim() !== '');
  const actorIds = items.flatMap((i) => i.item_foreign_operators ?? []);
  // NOTE: sequential on purpose: an embedded database has one connection per transaction.
  const products =
    ids.length || codes.length
      ? await db.product.findMany({
          where: { company_id: companyId, deleted_at: null, OR: [{ id: { in: ids } }, { code: { in: codes } }] },
          select: { id: true, code: true },
        })
      : [];
  const actors = actorIds.length ? await db.actor.findMany({ where: { company_id: companyId, id: { in: actorIds } }, select: { id: true } }) : [];
  const refs = await referenceCodes(); // loaded before the transaction: no query here
  const byId = new Map(products.map((p) => [p.id, p]));
  const byCode = new Map(products.map((p) => [p.code, p]));
  const actorSet = new Set(actors.map((a) => a.id));
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
      if (!byId.has(item.product_id)) errors.add(`${at}product_id`, fieldMessages.missing);
      else productId = item.product_id;
    }
    if (item.product_code != null && item.product_code.trim() !== '') {
      const p = byCode.get(item.product_code.trim());
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
      if (!actorSet.has(id)) errors.add(`${at}item_foreign_operators.${j}`, fieldMessages.missing);
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

export async function storedLines(db: Tx, companyId: number, kind: Kind, orderId: number | null) {
  if (orderId === null) return new Map<string, { id: number; product_id: number | null }>();
  const where = { company_id: companyId, [partKey[kind]]: { order_id: orderId } };
  const rows =
    kind === 'purchase'
      ? await db.purchaseOrderItem.findMany({ where, select: { id: true, line_reference: true, product_id: true } })
      : await db.salesOrderItem.findMany({ where, select: { id: true, line_reference: true, product_id: true } });
  return new Map(rows.map((r) => [r.line_reference, r]));
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
  if (params.subsidiary_id != null) {
    const sub = await db.subsidiary.findUnique({
      where: { company_id_id: { company_id: companyId, id: params.subsidiary_id } },
      select: { id: true },
    });
    if (!sub) errors.add(`${prefix}subsidiary_id`, fieldMessages.missing);
  }
  const products: Plan['products'] = { purchase: [], sales: [] };
  for (const kind of ['purchase', 'sales'] as const) {
    const part = params[partKey[kind]];
    if (!part?.items?.length) continue;
    const stored = await storedLines(db, companyId, kind, existing?.id ?? null);
    products[kind] = await validateItems(db, companyId, kind, part.items, stored, errors, `${prefix}${partKey[kind]}.items.`);
  }
  const handlers = await validateHandlers(db, info, companyId, operationId, params, existing?.handlers ?? [], errors, prefix);
  return { type: type ?? 'ROAD_TRANSPORT', handlers, products };
}

/** Writes the items of one part; with `replace`, stored lines left out are removed. */

/** Orders are located by id or by reference code within their operation. */
export const orderLocator = byReferenceCode('Order');
