// Orders (field catalogue 3.2; DECISIONS.md: lifecycle, upserts, derived values): an order
// of an operation with its purchase order or sales order part and their items, its handler
// entries and subsidiary. Every order route of the REST facade maps onto a field here.
import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import { OrderSubtype, OrderType } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import { addDecimal, subDecimal, zeroLike } from '../decimal.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, InvalidTransitionError, NotFoundError, fieldMessages, rethrowUnique } from '../errors.ts';
import { orderByInput, pageOf, searchWhere, type ListArgs } from '../pagination.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { checkRequired, required } from '../validation.ts';
import { MeasurementUnitEnum } from './enums.ts';
import {
  HandlerMapParams,
  HandlerParams,
  OrderHandlerMapRef,
  validateHandlers,
  writeOrderHandlers,
  type HandlerInput,
  type ResolvedHandler,
  type StoredHandler,
} from './handler.ts';
import { CountryRef, CurrencyRef } from './reference.ts';

type Tx = Prisma.TransactionClient;

export const OrderTypeEnum = builder.enumType(OrderType, {
  name: 'OrderType',
  description: 'Kind of order: PURCHASE (has a purchase order), SALES (has a sales order) or ROAD_TRANSPORT.',
});

export const OrderSubtypeEnum = builder.enumType(OrderSubtype, {
  name: 'OrderSubtype',
  description: 'Whether a purchase or sales order is DIRECT or INDIRECT.',
});

const OrderStatusEnum = builder.enumType('OrderStatus', {
  description: 'State of an order, from its timestamps: ACTIVE (none set), FINISHED (`finished_at`), CANCELED (`canceled_at`).',
  values: ['ACTIVE', 'FINISHED', 'CANCELED'] as const,
});

// ---------------------------------------------------------------- field catalogue

/** A catalogue of item fields by kind; object types, inputs and writes are built from it. */
interface Catalogue {
  int: Record<string, string>;
  text: Record<string, string>;
  decimal: Record<string, string>;
  date: Record<string, string>;
  /** Read as a Country object `k`, sent as `k_code`. */
  country: Record<string, string>;
  /** Read as a Currency object `k`, sent as `k_code`. */
  currency: Record<string, string>;
}

const commonItem = {
  int: { line_number: 'Line number on your document.' },
  decimal: {
    quantity: 'Quantity ordered, decimal string.',
    order_unit_value: 'Unit value, decimal string.',
    order_value: 'Value of the line, decimal string.',
    net_weight_kg: 'Net weight in kg, decimal string.',
    gross_weight_kg: 'Gross weight in kg, decimal string.',
    cubage_cubic_meters: 'Volume in cubic meters, decimal string.',
  },
  date: {
    supplier_expected_readiness_at: 'When the supplier expects the goods of the line to be ready.',
    supplier_readiness_at: 'When the goods of the line were ready at the supplier.',
    factory_delivery_expected_at: 'When delivery from the factory is expected.',
    factory_delivery_at: 'When the factory delivered.',
    shipment_planned_boarding_at: 'Planned boarding of the shipment.',
    shipment_planned_arrival_at: 'Planned arrival of the shipment.',
  },
  text: { item_status: 'Status of the line in your system.' },
  currency: { order_currency: 'Currency of the values (ISO 4217).' },
} as const;

const purchaseItemCatalogue: Catalogue = {
  int: {
    ...commonItem.int,
    production_lead_time_days: 'Production lead time in days.',
    production_lead_time_days_adjusted: 'Adjusted production lead time in days.',
    transit_lead_time_days: 'Transit lead time in days.',
    transit_lead_time_days_adjusted: 'Adjusted transit lead time in days.',
    total_lead_time_days: 'Total lead time in days.',
    total_lead_time_days_adjusted: 'Adjusted total lead time in days.',
  },
  text: {
    ...commonItem.text,
    invoice_number: 'Number of the invoice of the line.',
    concession_act: 'Concession act (e.g. drawback) number.',
    measurement_unit_sap: 'Measurement unit as given by SAP.',
    order_modal_type_sap: 'Transport modal as given by SAP.',
    import_type_sap: 'Import type as given by SAP.',
  },
  decimal: {
    ...commonItem.decimal,
    invoice_quantity: 'Quantity invoiced, decimal string.',
    invoice_value: 'Value invoiced, decimal string.',
    sap_by_factor: 'SAP conversion factor, decimal string.',
  },
  date: {
    ...commonItem.date,
    customs_estimated_at: 'Estimated customs clearance.',
    customs_registered_at: 'When the customs declaration was registered.',
    customs_released_at: 'When customs released the goods.',
    invoice_emitted_at: 'When the invoice was issued.',
  },
  country: {
    purchase_country: 'Country of purchase (ISO 3166-1 alpha-2).',
    manufacturing_country: 'Country of manufacture (ISO 3166-1 alpha-2).',
    dispatching_country: 'Country of dispatch (ISO 3166-1 alpha-2).',
  },
  currency: commonItem.currency,
};

const salesItemCatalogue: Catalogue = {
  int: { ...commonItem.int, containers_quantity: 'Number of containers.' },
  text: {
    ...commonItem.text,
    product_description: 'Description of the product on the sales document.',
    product_mercosul_code: 'NCM of the product on the sales document.',
    dispatch_number: 'Dispatch number.',
    container_equipment_type: 'Equipment type of the containers.',
  },
  decimal: commonItem.decimal,
  date: commonItem.date,
  country: {},
  currency: commonItem.currency,
};

const purchaseOrderDates = {
  necessity_date: 'When the goods are needed.',
  supplier_order_sent_at: 'When the order was sent to the supplier.',
  supplier_order_accepted_at: 'When the supplier accepted the order.',
  supplier_expected_readiness_at: 'When the supplier expects the goods to be ready.',
  supplier_readiness_at: 'When the goods were ready.',
} as const;

const salesOrderDates = {
  order_received_at: 'When the customer\'s order was received.',
  order_confirmed_at: 'When the order was confirmed.',
} as const;

const entries = (o: Record<string, string>) => Object.entries(o);

/** Object fields of a catalogue (the Pothos field builder is loosely typed here on purpose). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function exposeCatalogue(t: any, cat: Catalogue): Record<string, unknown> {
  const lookups = async () => referenceCodes();
  return {
    ...Object.fromEntries(entries(cat.int).map(([k, d]) => [k, t.exposeInt(k, { nullable: true, description: d })])),
    ...Object.fromEntries(entries(cat.text).map(([k, d]) => [k, t.exposeString(k, { nullable: true, description: d })])),
    ...Object.fromEntries(entries(cat.decimal).map(([k, d]) => [k, t.expose(k, { type: 'Decimal', nullable: true, description: d })])),
    ...Object.fromEntries(entries(cat.date).map(([k, d]) => [k, t.expose(k, { type: 'DateTime', nullable: true, description: d })])),
    ...Object.fromEntries(
      entries(cat.country).map(([k, d]) => [
        k,
        t.field({
          type: CountryRef,
          nullable: true,
          description: d,
          select: { [`${k}_code`]: true },
          resolve: async (row: Record<string, string | null>) => {
            const code = row[`${k}_code`];
            return code ? ((await lookups()).countries.get(code) ?? null) : null;
          },
        }),
      ]),
    ),
    ...Object.fromEntries(
      entries(cat.currency).map(([k, d]) => [
        k,
        t.field({
          type: CurrencyRef,
          nullable: true,
          description: d,
          select: { [`${k}_code`]: true },
          resolve: async (row: Record<string, string | null>) => {
            const code = row[`${k}_code`];
            return code ? ((await lookups()).currencies.get(code) ?? null) : null;
          },
        }),
      ]),
    ),
  };
}

/** Input fields of a catalogue. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function catalogueInputs(t: any, cat: Catalogue): Record<string, unknown> {
  return {
    ...Object.fromEntries(entries(cat.int).map(([k, d]) => [k, t.int({ description: d })])),
    ...Object.fromEntries(entries(cat.text).map(([k, d]) => [k, t.string({ description: d })])),
    ...Object.fromEntries(entries(cat.decimal).map(([k, d]) => [k, t.field({ type: 'Decimal', description: d })])),
    ...Object.fromEntries(entries(cat.date).map(([k, d]) => [k, t.field({ type: 'DateTime', description: d })])),
    ...Object.fromEntries(entries(cat.country).map(([k, d]) => [`${k}_code`, t.string({ description: d })])),
    ...Object.fromEntries(entries(cat.currency).map(([k, d]) => [`${k}_code`, t.string({ description: d })])),
  };
}

/** The columns of a catalogue that `params` sends (left-out fields are not touched). */
function catalogueData(params: Record<string, unknown>, cat: Catalogue): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const k of [...Object.keys(cat.int), ...Object.keys(cat.text), ...Object.keys(cat.decimal), ...Object.keys(cat.date)]) {
    if (params[k] !== undefined) data[k] = params[k];
  }
  for (const k of [...Object.keys(cat.country), ...Object.keys(cat.currency)]) {
    const v = params[`${k}_code`];
    if (v !== undefined) data[`${k}_code`] = typeof v === 'string' ? v.trim().toUpperCase() : null;
  }
  return data;
}

/**
 * What balances read of an item: the quantities of its shipment items on live (not deleted,
 * not canceled) processes, loaded with the item in the same query whatever the page size.
 */
const shippedSelect = {
  quantity: true,
  shipment_items: {
    where: { quantity: { not: null }, parent: { parent: { deleted_at: null, canceled_at: null } } },
    select: { quantity: true },
  },
} as const;

/** `balance_shipped` (quantity on shipments) and `balance` (quantity minus that) of an item row. */
function balances(row: { quantity: string | null; shipment_items: { quantity: string | null }[] }) {
  const zero = row.quantity ? zeroLike(row.quantity) : '0';
  const balance_shipped = row.shipment_items.reduce((sum, s) => addDecimal(sum, s.quantity!), zero);
  return { balance_shipped, balance: row.quantity ? subDecimal(row.quantity, balance_shipped) : null };
}

// ---------------------------------------------------------------- object types

const OrderItemProductRef = builder.prismaObject('Product', {
  variant: 'OrderItemProduct',
  description: 'Summary of the product of an order item.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Product id.' }),
    code: t.exposeString('code', { description: 'Product code (SKU).' }),
    description: t.exposeString('description', { description: 'Product description.' }),
    mercosul_code: t.exposeString('mercosul_code', { nullable: true, description: 'NCM code.' }),
    package_type: t.expose('package_type', { type: MeasurementUnitEnum, nullable: true, description: 'Package type.' }),
  }),
});

const balanceFields = {
  balance: 'Quantity not yet on shipments of processes (quantity minus quantity shipped), decimal string. Read-only.',
  balance_shipped: 'Quantity of the line already on shipments of processes, decimal string. Read-only.',
} as const;

/**
 * The fields both kinds of order line share, the catalogue's fields included.
 * NOTE: `t` is typed loosely: the two line types' field builders differ only in their row type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function lineFields(t: any, catalogue: Parameters<typeof exposeCatalogue>[1]) {
  return {
    id: t.exposeInt('id', { description: 'Identifier.' }),
    line_reference: t.exposeString('line_reference', { description: 'The line\'s key within the order.' }),
    product: t.relation('product', { type: OrderItemProductRef, nullable: true, description: 'The product of the line.' }),
    ...(exposeCatalogue(t, catalogue) as object),
    balance: t.field({
      type: 'Decimal',
      nullable: true,
      description: balanceFields.balance,
      select: shippedSelect,
      resolve: (row: Parameters<typeof balances>[0]) => balances(row).balance,
    }),
    balance_shipped: t.field({
      type: 'Decimal',
      description: balanceFields.balance_shipped,
      select: shippedSelect,
      resolve: (row: Parameters<typeof balances>[0]) => balances(row).balance_shipped,
    }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the line was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the line last changed.' }),
  };
}

builder.prismaObject('PurchaseOrderItem', {
  description: 'A line of a purchase order.',
  fields: (t) => ({
    ...lineFields(t, purchaseItemCatalogue),
    item_foreign_operators: t.field({
      type: ['Int'],
      description: 'Actor ids of the foreign operators of the line.',
      select: { foreign_operator_links: { select: { actor_id: true }, orderBy: { actor_id: 'asc' } } },
      resolve: (row) => row.foreign_operator_links.map((l) => l.actor_id),
    }),
  }),
});

builder.prismaObject('SalesOrderItem', {
  description: 'A line of a sales order.',
  fields: (t) => lineFields(t, salesItemCatalogue),
});

builder.prismaObject('PurchaseOrder', {
  description: 'The purchase order part of an order.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    type: t.expose('type', { type: OrderSubtypeEnum, description: 'DIRECT or INDIRECT.' }),
    ...Object.fromEntries(
      entries(purchaseOrderDates).map(([k, d]) => [k, t.expose(k as keyof typeof purchaseOrderDates, { type: 'DateTime', nullable: true, description: d })]),
    ),
    items: t.relation('items', { description: 'The lines, in the order they were created.', query: { orderBy: { id: 'asc' } } }),
  }),
});

builder.prismaObject('SalesOrder', {
  description: 'The sales order part of an order.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    type: t.expose('type', { type: OrderSubtypeEnum, description: 'DIRECT or INDIRECT.' }),
    ...Object.fromEntries(
      entries(salesOrderDates).map(([k, d]) => [k, t.expose(k as keyof typeof salesOrderDates, { type: 'DateTime', nullable: true, description: d })]),
    ),
    items: t.relation('items', { description: 'The lines, in the order they were created.', query: { orderBy: { id: 'asc' } } }),
  }),
});

const OrderOperation = builder.objectRef<{ id: number }>('OrderOperation').implement({
  description: 'The operation an order belongs to.',
  fields: (t) => ({ id: t.exposeInt('id', { description: 'The operation_id of order paths.' }) }),
});

const OrderProcess = builder.objectRef<{ id: number; reference_code: string }>('OrderProcess').implement({
  description: 'A process linked to an order.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Process id.' }),
    reference_code: t.exposeString('reference_code', { description: 'Process reference code.' }),
  }),
});

const lifecycleDates = {
  finished_at: 'When the order was finished; set means finished.',
  canceled_at: 'When the order was canceled; set means canceled.',
  deleted_at: 'When the order was deleted (deleted orders are never returned).',
} as const;

export const OrderRef = builder.prismaObject('Order', {
  description: 'A purchase, sales or road transport order of an operation.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    type: t.expose('type', { type: OrderTypeEnum, description: 'PURCHASE, SALES or ROAD_TRANSPORT.' }),
    reference_code: t.exposeString('reference_code', { description: 'Your order number; unique among the live orders of the operation.' }),
    external_reference_code: t.exposeString('external_reference_code', { nullable: true, description: 'Another reference, e.g. the number in your partner\'s system.' }),
    operation: t.field({
      type: OrderOperation,
      description: 'The operation of the order.',
      select: { operation_id: true },
      resolve: (o) => ({ id: o.operation_id }),
    }),
    observations: t.exposeString('observations', { nullable: true, description: 'Free text.' }),
    extra_fields: t.expose('extra_fields', { type: 'JSONObject', nullable: true, description: 'Free-form data. Read-only on orders.' }),
    subsidiary: t.relation('subsidiary', { nullable: true, description: 'The subsidiary that owns the order.' }),
    handler: t.variant(OrderHandlerMapRef, { description: 'Handler entries keyed by lower-case role.' }),
    handlers: t.relation('handlers', {
      description: 'Deprecated: the handler entries as a flat list; use `handler`.',
      deprecationReason: 'Use `handler`, keyed by role.',
      query: { orderBy: { id: 'asc' } },
    }),
    processes: t.field({
      type: [OrderProcess],
      description: 'The live processes linked to the order. Read-only.',
      select: {
        process_links: {
          where: { process: { deleted_at: null } },
          select: { process: { select: { id: true, reference_code: true } } },
          orderBy: { process_id: 'asc' },
        },
      },
      resolve: (o) => o.process_links.map((l) => l.process),
    }),
    purchase_order: t.relation('purchase_order', { nullable: true, description: 'The purchase order part (PURCHASE orders).' }),
    sales_order: t.relation('sales_order', { nullable: true, description: 'The sales order part (SALES orders).' }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the order was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the order last changed.' }),
    ...Object.fromEntries(
      entries(lifecycleDates).map(([k, d]) => [k, t.expose(k as keyof typeof lifecycleDates, { type: 'DateTime', nullable: true, description: d })]),
    ),
  }),
});

// ---------------------------------------------------------------- inputs

const productRefInputs = {
  product_id: 'Id of one of your live products. Send `product_id` or `product_code`.',
  product_code: 'Code of one of your live products (alternative to `product_id`).',
} as const;

export const PurchaseOrderItemParams = builder.inputType('PurchaseOrderItemParams', {
  description: 'A purchase order line. `line_reference` is required; the product (by `product_id` or `product_code`) is required for a new line.',
  fields: (t) => ({
    line_reference: t.string(required('The line\'s key within the order.')),
    product_id: t.int({ description: productRefInputs.product_id }),
    product_code: t.string({ description: productRefInputs.product_code }),
    ...(catalogueInputs(t, purchaseItemCatalogue) as object),
    item_foreign_operators: t.intList({ description: 'Actor ids of the foreign operators of the line; replaces the stored list.' }),
  }),
});

export const SalesOrderItemParams = builder.inputType('SalesOrderItemParams', {
  description: 'A sales order line. `line_reference` is required; the product is given by `product_id` or `product_code`.',
  fields: (t) => ({
    line_reference: t.string(required('The line\'s key within the order.')),
    product_id: t.int({ description: productRefInputs.product_id }),
    product_code: t.string({ description: productRefInputs.product_code }),
    ...(catalogueInputs(t, salesItemCatalogue) as object),
  }),
});

const PurchaseOrderParams = builder.inputType('PurchaseOrderParams', {
  description: 'The purchase order part. `type` and `items` are required; the items sent replace the stored ones, matched by `line_reference`.',
  fields: (t) => ({
    type: t.field({ type: OrderSubtypeEnum, ...required('DIRECT or INDIRECT.') }),
    ...Object.fromEntries(entries(purchaseOrderDates).map(([k, d]) => [k, t.field({ type: 'DateTime', description: d })])),
    items: t.field({ type: [PurchaseOrderItemParams], ...required('The lines; replaces the stored list (matched by `line_reference`).') }),
  }),
});

const SalesOrderParams = builder.inputType('SalesOrderParams', {
  description: 'The sales order part. `type` is required; items sent replace the stored ones, matched by `line_reference`.',
  fields: (t) => ({
    type: t.field({ type: OrderSubtypeEnum, ...required('DIRECT or INDIRECT.') }),
    ...Object.fromEntries(entries(salesOrderDates).map(([k, d]) => [k, t.field({ type: 'DateTime', description: d })])),
    items: t.field({ type: [SalesOrderItemParams], description: 'The lines; replaces the stored list (matched by `line_reference`).' }),
  }),
});

export const OrderParams = builder.inputType('OrderParams', {
  description:
    'Order fields, shared by create, update and upsert. An order carries a `purchase_order` (type PURCHASE) or a `sales_order` (type SALES); an order with neither is sent with `type` ROAD_TRANSPORT.',
  fields: (t) => ({
    reference_code: t.string(required('Your order number; unique among the live orders of the operation, the key of upserts.')),
    type: t.field({
      type: OrderTypeEnum,
      description: 'Optional: PURCHASE when `purchase_order` is sent, SALES when `sales_order` is sent; send ROAD_TRANSPORT for an order with neither. It cannot change.',
    }),
    external_reference_code: t.string({ description: 'Another reference, e.g. the number in your partner\'s system.' }),
    observations: t.string({ description: 'Free text.' }),
    subsidiary_id: t.int({ description: 'Id of the subsidiary of your company that owns the order.' }),
    handler: t.field({ type: HandlerMapParams, description: 'Handler entries keyed by lower-case role; replaces the stored entries.' }),
    handlers: t.field({ type: [HandlerParams], description: 'Deprecated: handler entries as a flat list; use `handler`.' }),
    purchase_order: t.field({ type: PurchaseOrderParams, description: 'The purchase order part.' }),
    sales_order: t.field({ type: SalesOrderParams, description: 'The sales order part.' }),
  }),
});

const OrderFilters = builder.inputType('OrderFilters', {
  description: 'Filters of the order list; a list filter keeps orders matching any of its values.',
  fields: (t) => ({
    type: t.field({ type: [OrderTypeEnum], description: 'Order types.' }),
    reference_codes: t.stringList({ description: 'Reference codes.' }),
    external_reference_codes: t.stringList({ description: 'External reference codes.' }),
    status: t.field({ type: [OrderStatusEnum], description: 'States: ACTIVE, FINISHED, CANCELED.' }),
    subsidiary_id: t.int({ description: 'Subsidiary id.' }),
    inserted_at_from: t.field({ type: 'DateTime', description: 'Created at or after.' }),
    inserted_at_to: t.field({ type: 'DateTime', description: 'Created at or before.' }),
    updated_at_from: t.field({ type: 'DateTime', description: 'Changed at or after.' }),
    updated_at_to: t.field({ type: 'DateTime', description: 'Changed at or before.' }),
  }),
});

const orderSortable = ['id', 'type', 'reference_code', 'external_reference_code', 'inserted_at', 'updated_at', 'finished_at', 'canceled_at'] as const;
const orderNullable = new Set(['external_reference_code', 'finished_at', 'canceled_at']);
const orderSearchable = ['reference_code', 'external_reference_code', 'observations'] as const;
const OrderOrderBy = orderByInput('Order', orderSortable);

// ---------------------------------------------------------------- validation and writes

type Kind = 'purchase' | 'sales';
type ItemInput = Record<string, unknown> & {
  line_reference?: string | null;
  product_id?: number | null;
  product_code?: string | null;
  item_foreign_operators?: number[] | null;
};
type PartInput = Record<string, unknown> & { type?: OrderSubtype | null; items?: ItemInput[] | null };
type OrderInput = Record<string, unknown> & {
  reference_code?: string | null;
  type?: OrderType | null;
  subsidiary_id?: number | null;
  handler?: Record<string, HandlerInput | null> | null;
  handlers?: HandlerInput[] | null;
  purchase_order?: PartInput | null;
  sales_order?: PartInput | null;
};
type OrderKey = { id: number; reference_code: string };
type Existing = OrderKey & { type: OrderType; handlers: StoredHandler[] };

const catalogues: Record<Kind, Catalogue> = { purchase: purchaseItemCatalogue, sales: salesItemCatalogue };
const partKey = { purchase: 'purchase_order', sales: 'sales_order' } as const;
const existingSelect = {
  id: true,
  reference_code: true,
  type: true,
  handlers: { select: { id: true, role: true, operation_handler_id: true, actor_id: true } },
} satisfies Prisma.OrderSelect;

/** The company's operation, or NotFound (another company's operation answers like a missing one). */
async function checkOperation(db: Tx, companyId: number, operationId: number): Promise<void> {
  const op = await db.operation.findUnique({ where: { company_id_id: { company_id: companyId, id: operationId } }, select: { id: true } });
  if (!op) throw new NotFoundError();
}

type OrderBy = { id: number } | { reference_code: string };

/** The live order of the operation with this id or reference code, or NotFound. */
async function findLive(db: Tx, companyId: number, operationId: number, by: OrderBy): Promise<Existing> {
  const row = await db.order.findFirst({
    where: { company_id: companyId, operation_id: operationId, deleted_at: null, ...by },
    select: existingSelect,
  });
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Validates the items of one order part (or the one line of an item route) under `prefix`
 * and answers the product id each item resolves to (undefined: product not sent).
 */
async function validateItems(
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
    for (const k of Object.keys(cat.country)) {
      const code = item[`${k}_code`];
      if (typeof code === 'string' && !refs.countries.has(code.trim().toUpperCase())) errors.add(`${at}${k}_code`, fieldMessages.missing);
    }
    for (const k of Object.keys(cat.currency)) {
      const code = item[`${k}_code`];
      if (typeof code === 'string' && !refs.currencies.has(code.trim().toUpperCase())) errors.add(`${at}${k}_code`, fieldMessages.missing);
    }
    (item.item_foreign_operators ?? []).forEach((id, j) => {
      if (!actorSet.has(id)) errors.add(`${at}item_foreign_operators.${j}`, fieldMessages.missing);
    });
    return productId;
  });
}

/** What a validated order write needs besides its params. */
interface Plan {
  type: OrderType;
  handlers: ResolvedHandler[] | undefined;
  products: Record<Kind, (number | undefined)[]>;
}

async function storedLines(db: Tx, companyId: number, kind: Kind, orderId: number | null) {
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
async function validateOrder(
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
async function syncItems(
  db: Tx,
  companyId: number,
  kind: Kind,
  partId: number,
  items: ItemInput[],
  products: (number | undefined)[],
  replace: boolean,
  stored: Map<string, { id: number }>,
): Promise<void> {
  const cat = catalogues[kind];
  const parent = kind === 'purchase' ? { purchase_order_id: partId } : { sales_order_id: partId };
  const delegate = (kind === 'purchase' ? db.purchaseOrderItem : db.salesOrderItem) as unknown as {
    deleteMany(a: object): Promise<unknown>;
    update(a: object): Promise<{ id: number }>;
    create(a: object): Promise<{ id: number }>;
    createMany(a: object): Promise<unknown>;
  };
  if (replace) {
    await delegate.deleteMany({
      where: { company_id: companyId, ...parent, line_reference: { notIn: items.map((i) => i.line_reference!.trim()) } },
    });
  }
  const fresh: Record<string, unknown>[] = [];
  for (const [i, item] of items.entries()) {
    const line = item.line_reference!.trim();
    const data: Record<string, unknown> = { ...catalogueData(item, cat), line_reference: line };
    if (products[i] !== undefined) data.product_id = products[i];
    const old = stored.get(line);
    const links = kind === 'purchase' ? item.item_foreign_operators : undefined;
    if (!old && !links) {
      fresh.push({ ...data, company_id: companyId, ...parent });
      continue;
    }
    const { id } = old
      ? await delegate.update({ where: { company_id_id: { company_id: companyId, id: old.id } }, data, select: { id: true } })
      : await delegate.create({ data: { ...data, company_id: companyId, ...parent }, select: { id: true } });
    if (links) await writeForeignOperators(db, companyId, id, links);
  }
  if (fresh.length) await delegate.createMany({ data: fresh });
}

async function writeForeignOperators(db: Tx, companyId: number, itemId: number, actorIds: number[]): Promise<void> {
  await db.purchaseOrderItemForeignOperator.deleteMany({ where: { company_id: companyId, item_id: itemId } });
  const ids = [...new Set(actorIds)];
  if (ids.length) await db.purchaseOrderItemForeignOperator.createMany({ data: ids.map((actor_id) => ({ company_id: companyId, item_id: itemId, actor_id })) });
}

const orderScalars = ['reference_code', 'external_reference_code', 'observations', 'subsidiary_id'] as const;

/** Writes a validated order with its part, items and handler entries. */
async function writeOrder(db: Tx, companyId: number, operationId: number, existing: Existing | null, params: OrderInput, plan: Plan): Promise<OrderKey> {
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
    const fields: Record<string, unknown> = { type: part.type };
    for (const k of Object.keys(dates)) if (part[k] !== undefined) fields[k] = part[k];
    const where = { company_id_order_id: { company_id: companyId, order_id: key.id } };
    const create = { ...fields, company_id: companyId, order_id: key.id };
    const { id: partId } =
      kind === 'purchase'
        ? await db.purchaseOrder.upsert({ where, create: create as Prisma.PurchaseOrderUncheckedCreateInput, update: fields, select: { id: true } })
        : await db.salesOrder.upsert({ where, create: create as Prisma.SalesOrderUncheckedCreateInput, update: fields, select: { id: true } });
    if (part.items) {
      const stored = existing ? await storedLines(db, companyId, kind, key.id) : new Map();
      await syncItems(db, companyId, kind, partId, part.items, plan.products[kind], true, stored);
    }
  }
  if (plan.handlers) await writeOrderHandlers(db, companyId, key.id, plan.handlers);
  return key;
}

/** Validates then writes one order in a transaction; `locate` finds the order to update. */
async function saveOne(
  ctx: Context,
  info: GraphQLResolveInfo,
  operationId: number,
  params: OrderInput,
  locate?: (db: Tx) => Promise<Existing>,
): Promise<OrderKey> {
  const companyId = ctx.company.id;
  await referenceCodes();
  try {
    return await prisma().$transaction(async (db) => {
      await checkOperation(db, companyId, operationId);
      const existing = locate ? await locate(db) : null;
      const errors = new FieldErrors();
      const plan = await validateOrder(db, info, companyId, operationId, existing, params, errors);
      errors.throwIfAny();
      return writeOrder(db, companyId, operationId, existing, params, plan);
    });
  } catch (e) {
    rethrowUnique(e, 'reference_code');
  }
}

/** Creates or updates many orders keyed by reference code, all or nothing. */
async function upsertMany(ctx: Context, info: GraphQLResolveInfo, operationId: number, list: OrderInput[]): Promise<OrderKey[]> {
  const companyId = ctx.company.id;
  await referenceCodes();
  return prisma()
    .$transaction(
      async (db) => {
        await checkOperation(db, companyId, operationId);
        const codes = list.map((p) => p.reference_code?.trim()).filter((c): c is string => !!c);
        const found = codes.length
          ? await db.order.findMany({
              where: { company_id: companyId, operation_id: operationId, deleted_at: null, reference_code: { in: codes } },
              select: existingSelect,
            })
          : [];
        const byCode = new Map(found.map((o) => [o.reference_code, o]));
        const errors = new FieldErrors();
        const seen = new Set<string>();
        const work: { existing: Existing | null; plan: Plan }[] = [];
        for (const [i, params] of list.entries()) {
          const code = params.reference_code?.trim();
          if (!code) {
            errors.add(`${i}.reference_code`, fieldMessages.blank);
            continue;
          }
          if (seen.has(code)) errors.add(`${i}.reference_code`, fieldMessages.taken);
          seen.add(code);
          const existing = byCode.get(code) ?? null;
          const plan = await validateOrder(db, info, companyId, operationId, existing, params, errors, `${i}.`, false);
          work.push({ existing, plan });
        }
        errors.throwIfAny();
        const keys: OrderKey[] = [];
        for (const [i, params] of list.entries()) keys.push(await writeOrder(db, companyId, operationId, work[i].existing, params, work[i].plan));
        return keys;
      },
      { timeout: 60_000 },
    )
    .catch((e) => rethrowUnique(e, 'reference_code'));
}

type ItemRoute = { operation_id: number; reference_code: string; line_reference: string; params: ItemInput };

/** Updates one line of an order's purchase or sales order, found by the order's reference code and the line reference. */
async function updateItem(ctx: Context, info: GraphQLResolveInfo, kind: Kind, args: ItemRoute): Promise<OrderKey> {
  const companyId = ctx.company.id;
  await referenceCodes();
  return prisma().$transaction(async (db) => {
    await checkOperation(db, companyId, args.operation_id);
    const order = await findLive(db, companyId, args.operation_id, { reference_code: args.reference_code });
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
    await syncItems(db, companyId, kind, part.id, [args.params], products, false, new Map([[newLine!, { id: line.id }]]));
    await db.order.update({ where: { company_id_id: { company_id: companyId, id: order.id } }, data: { updated_at: new Date() } });
    return { id: order.id, reference_code: order.reference_code };
  });
}

type Action = 'finish' | 'cancel' | 'uncancel';

/** Applies a lifecycle action (DECISIONS.md): finish when active; cancel when active or finished; uncancel when canceled. */
async function transition(ctx: Context, operationId: number, by: OrderBy, action: Action): Promise<OrderKey> {
  const companyId = ctx.company.id;
  return prisma().$transaction(async (db) => {
    await checkOperation(db, companyId, operationId);
    const order = await db.order.findFirst({
      where: { company_id: companyId, operation_id: operationId, deleted_at: null, ...by },
      select: { id: true, reference_code: true, finished_at: true, canceled_at: true },
    });
    if (!order) throw new NotFoundError();
    const canceled = order.canceled_at !== null;
    const allowed = action === 'uncancel' ? canceled : action === 'cancel' ? !canceled : !canceled && order.finished_at === null;
    if (!allowed) throw new InvalidTransitionError('status');
    const data = action === 'finish' ? { finished_at: new Date() } : action === 'cancel' ? { canceled_at: new Date() } : { canceled_at: null };
    await db.order.update({ where: { company_id_id: { company_id: companyId, id: order.id } }, data });
    return { id: order.id, reference_code: order.reference_code };
  });
}

async function softDelete(ctx: Context, operationId: number, by: OrderBy): Promise<OrderKey> {
  const companyId = ctx.company.id;
  return prisma().$transaction(async (db) => {
    await checkOperation(db, companyId, operationId);
    const order = await findLive(db, companyId, operationId, by);
    await db.order.update({ where: { company_id_id: { company_id: companyId, id: order.id } }, data: { deleted_at: new Date() } });
    return { id: order.id, reference_code: order.reference_code };
  });
}

/** Reads the written order back with the selection of the GraphQL query (deleted ones too: a delete answers the deleted row). */
function readBack(query: object, ctx: Context, key: OrderKey) {
  return prisma().order.findUniqueOrThrow({ ...query, where: { company_id_id: { company_id: ctx.company.id, id: key.id } } });
}

// ---------------------------------------------------------------- list

type OrderFiltersInput = {
  type?: OrderType[] | null;
  reference_codes?: string[] | null;
  external_reference_codes?: string[] | null;
  status?: ('ACTIVE' | 'FINISHED' | 'CANCELED')[] | null;
  subsidiary_id?: number | null;
  inserted_at_from?: Date | null;
  inserted_at_to?: Date | null;
  updated_at_from?: Date | null;
  updated_at_to?: Date | null;
};

function filterWhere(f: OrderFiltersInput): Prisma.OrderWhereInput[] {
  const and: Prisma.OrderWhereInput[] = [];
  if (f.type?.length) and.push({ type: { in: f.type } });
  if (f.reference_codes?.length) and.push({ reference_code: { in: f.reference_codes } });
  if (f.external_reference_codes?.length) and.push({ external_reference_code: { in: f.external_reference_codes } });
  if (f.subsidiary_id != null) and.push({ subsidiary_id: f.subsidiary_id });
  if (f.status?.length) {
    const states: Record<string, Prisma.OrderWhereInput> = {
      ACTIVE: { finished_at: null, canceled_at: null },
      FINISHED: { finished_at: { not: null }, canceled_at: null },
      CANCELED: { canceled_at: { not: null } },
    };
    and.push({ OR: f.status.map((s) => states[s]) });
  }
  const range = (from?: Date | null, to?: Date | null) => ({ ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) });
  if (f.inserted_at_from || f.inserted_at_to) and.push({ inserted_at: range(f.inserted_at_from, f.inserted_at_to) });
  if (f.updated_at_from || f.updated_at_to) and.push({ updated_at: range(f.updated_at_from, f.updated_at_to) });
  return and;
}

const OrderList = builder.objectRef<{ where: Prisma.OrderWhereInput; page: ReturnType<typeof pageOf> }>('OrderList');
OrderList.implement({
  description: 'A page of orders.',
  fields: (t) => ({
    data: t.prismaField({
      type: ['Order'],
      description: 'The orders of this page.',
      resolve: (query, parent) => prisma().order.findMany({ ...query, where: parent.where, ...(parent.page as object) } as Prisma.OrderFindManyArgs),
    }),
    total_count: t.int({
      description: 'How many orders match, over all pages.',
      resolve: (parent) => prisma().order.count({ where: parent.where }),
    }),
  }),
});

// ---------------------------------------------------------------- queries and mutations

builder.queryFields((t) => ({
  orders: t.field({
    type: OrderList,
    description: 'Lists the live orders of an operation.',
    args: {
      operation_id: t.arg.int({ required: true, description: 'Operation id.' }),
      limit: t.arg.int({ description: 'Page size, 1 to 100 (default 20).' }),
      offset: t.arg.int({ description: 'Rows to skip (default 0).' }),
      order_by: t.arg({ type: [OrderOrderBy], description: 'Sort keys, applied in order (default id ascending).' }),
      search: t.arg.string({ description: 'Case-insensitive substring of reference code, external reference code or observations.' }),
      filters: t.arg({ type: OrderFilters, description: 'Filters.' }),
    },
    resolve: async (_root, args, ctx) => {
      const page = pageOf(args as ListArgs, orderNullable);
      await checkOperation(prisma(), ctx.company.id, args.operation_id);
      const and = filterWhere((args.filters ?? {}) as OrderFiltersInput);
      return {
        where: {
          company_id: ctx.company.id,
          operation_id: args.operation_id,
          deleted_at: null,
          ...searchWhere(args.search, orderSearchable),
          ...(and.length ? { AND: and } : {}),
        },
        page,
      };
    },
  }),
  order: t.prismaField({
    type: 'Order',
    description: 'One live order by id.',
    args: { operation_id: t.arg.int({ required: true, description: 'Operation id.' }), id: t.arg.int({ required: true, description: 'Order id.' }) },
    resolve: async (query, _root, args, ctx) => {
      const row = await prisma().order.findFirst({ ...query, where: { company_id: ctx.company.id, operation_id: args.operation_id, id: args.id, deleted_at: null } });
      if (!row) throw new NotFoundError();
      return row;
    },
  }),
  orderByReferenceCode: t.prismaField({
    type: 'Order',
    description: 'One live order by reference code.',
    args: {
      operation_id: t.arg.int({ required: true, description: 'Operation id.' }),
      reference_code: t.arg.string({ required: true, description: 'Reference code.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const row = await prisma().order.findFirst({
        ...query,
        where: { company_id: ctx.company.id, operation_id: args.operation_id, reference_code: args.reference_code, deleted_at: null },
      });
      if (!row) throw new NotFoundError();
      return row;
    },
  }),
}));

builder.mutationFields((t) => {
  const operation_id = () => t.arg.int({ required: true, description: 'Operation id.' });
  const id = () => t.arg.int({ required: true, description: 'Order id.' });
  const reference_code = () => t.arg.string({ required: true, description: 'Reference code of the order.' });
  const params = () => t.arg({ type: OrderParams, required: true });
  const lifecycle = (action: Action, verb: string) => ({
    [`${action}Order`]: t.prismaField({
      type: 'Order',
      description: `${verb} an order by id.`,
      args: { operation_id: operation_id(), id: id() },
      resolve: async (query, _root, args, ctx) => readBack(query, ctx, await transition(ctx, args.operation_id, { id: args.id }, action)),
    }),
    [`${action}OrderByReferenceCode`]: t.prismaField({
      type: 'Order',
      description: `${verb} an order by reference code.`,
      args: { operation_id: operation_id(), reference_code: reference_code() },
      resolve: async (query, _root, args, ctx) =>
        readBack(query, ctx, await transition(ctx, args.operation_id, { reference_code: args.reference_code }, action)),
    }),
  });
  const itemRoute = (kind: Kind) =>
    t.prismaField({
      type: 'Order',
      description: `Updates one ${kind} order line, found by the order's reference code and the line's reference; fields left out are kept.`,
      args: {
        operation_id: operation_id(),
        reference_code: reference_code(),
        line_reference: t.arg.string({ required: true, description: 'Line reference of the item.' }),
        params: t.arg({ type: kind === 'purchase' ? PurchaseOrderItemParams : SalesOrderItemParams, required: true }),
      },
      resolve: async (query, _root, args, ctx, info) => readBack(query, ctx, await updateItem(ctx, info, kind, args as unknown as ItemRoute)),
    });
  return {
    createOrder: t.prismaField({
      type: 'Order',
      description: 'Creates an order.',
      args: { operation_id: operation_id(), params: params() },
      resolve: async (query, _root, args, ctx, info) => readBack(query, ctx, await saveOne(ctx, info, args.operation_id, args.params as OrderInput)),
    }),
    upsertOrders: t.prismaField({
      type: ['Order'],
      description: 'Creates or updates many orders keyed by reference code within the operation, all or nothing.',
      args: { operation_id: operation_id(), params: t.arg({ type: [OrderParams], required: true }) },
      resolve: async (query, _root, args, ctx, info) => {
        const keys = await upsertMany(ctx, info, args.operation_id, args.params as OrderInput[]);
        const rows = await prisma().order.findMany({ ...query, where: { company_id: ctx.company.id, id: { in: keys.map((k) => k.id) } } });
        const byId = new Map(rows.map((r) => [r.id, r]));
        return keys.map((k) => byId.get(k.id)!);
      },
    }),
    updateOrder: t.prismaField({
      type: 'Order',
      description: 'Updates an order by id; fields left out are kept, nested lists sent replace the stored ones.',
      args: { operation_id: operation_id(), id: id(), params: params() },
      resolve: async (query, _root, args, ctx, info) =>
        readBack(
          query,
          ctx,
          await saveOne(ctx, info, args.operation_id, args.params as OrderInput, (db) => findLive(db, ctx.company.id, args.operation_id, { id: args.id })),
        ),
    }),
    updateOrderByReferenceCode: t.prismaField({
      type: 'Order',
      description: 'Updates an order by reference code; fields left out are kept, nested lists sent replace the stored ones.',
      args: { operation_id: operation_id(), reference_code: reference_code(), params: params() },
      resolve: async (query, _root, args, ctx, info) =>
        readBack(
          query,
          ctx,
          await saveOne(ctx, info, args.operation_id, args.params as OrderInput, (db) =>
            findLive(db, ctx.company.id, args.operation_id, { reference_code: args.reference_code }),
          ),
        ),
    }),
    deleteOrder: t.prismaField({
      type: 'Order',
      description: 'Deletes an order by id (soft delete: it answers 404 from then on).',
      args: { operation_id: operation_id(), id: id() },
      resolve: async (query, _root, args, ctx) => readBack(query, ctx, await softDelete(ctx, args.operation_id, { id: args.id })),
    }),
    deleteOrderByReferenceCode: t.prismaField({
      type: 'Order',
      description: 'Deletes an order by reference code (soft delete).',
      args: { operation_id: operation_id(), reference_code: reference_code() },
      resolve: async (query, _root, args, ctx) => readBack(query, ctx, await softDelete(ctx, args.operation_id, { reference_code: args.reference_code })),
    }),
    ...lifecycle('finish', 'Finishes (allowed when active)'),
    ...lifecycle('cancel', 'Cancels (allowed when active or finished)'),
    ...lifecycle('uncancel', 'Uncancels (allowed when canceled)'),
    updatePurchaseOrderItem: itemRoute('purchase'),
    updateSalesOrderItem: itemRoute('sales'),
  };
});
