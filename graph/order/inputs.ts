// What integrators send for an order: params of the order, its part and items, and the list's filters.
import { builder } from '../builder.ts';
import { required } from '../schema-helpers/required.ts';
import { HandlerMapParams, HandlerParams } from '../actor/handlers.ts';
import { inputFields } from '../schema-helpers/fields.ts';
import { salesItemCatalogue, purchaseItemCatalogue, salesOrderDates, purchaseOrderDates } from './catalogue.ts';
import { OrderSubtypeEnum, OrderTypeEnum, OrderStatusEnum } from './types.ts';


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
    ...inputFields(t, purchaseItemCatalogue),
    item_foreign_operators: t.intList({ description: 'Actor ids of the foreign operators of the line; replaces the stored list.' }),
  }),
});

export const SalesOrderItemParams = builder.inputType('SalesOrderItemParams', {
  description: 'A sales order line. `line_reference` is required; the product is given by `product_id` or `product_code`.',
  fields: (t) => ({
    line_reference: t.string(required('The line\'s key within the order.')),
    product_id: t.int({ description: productRefInputs.product_id }),
    product_code: t.string({ description: productRefInputs.product_code }),
    ...inputFields(t, salesItemCatalogue),
  }),
});

const PurchaseOrderParams = builder.inputType('PurchaseOrderParams', {
  description: 'The purchase order part. `type` and `items` are required; the items sent replace the stored ones, matched by `line_reference`.',
  fields: (t) => ({
    type: t.field({ type: OrderSubtypeEnum, ...required('DIRECT or INDIRECT.') }),
    ...inputFields(t, purchaseOrderDates),
    items: t.field({ type: [PurchaseOrderItemParams], ...required('The lines; replaces the stored list (matched by `line_reference`).') }),
  }),
});

const SalesOrderParams = builder.inputType('SalesOrderParams', {
  description: 'The sales order part. `type` is required; items sent replace the stored ones, matched by `line_reference`.',
  fields: (t) => ({
    type: t.field({ type: OrderSubtypeEnum, ...required('DIRECT or INDIRECT.') }),
    ...inputFields(t, salesOrderDates),
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
    handlers: t.field({ type: [HandlerParams], description: 'Deprecated: handler entries as a flat list; use `handler`.', deprecationReason: 'Use `handler`, keyed by role.' }),
    purchase_order: t.field({ type: PurchaseOrderParams, description: 'The purchase order part.' }),
    sales_order: t.field({ type: SalesOrderParams, description: 'The sales order part.' }),
  }),
});

export const OrderFilters = builder.inputType('OrderFilters', {
  description: 'Filters of the order list; a list filter keeps orders matching any of its values.',
  fields: (t) => ({
    type: t.field({ type: [OrderTypeEnum], description: 'Order types.' }),
    reference_codes: t.stringList({ description: 'Reference codes.' }),
    external_reference_codes: t.stringList({ description: 'External reference codes.' }),
    status: t.field({ type: [OrderStatusEnum], description: 'States: ACTIVE, FINISHED, CANCELED.' }),
    subsidiary_id: t.int({ description: 'Subsidiary id.' }),
    product_id: t.int({ description: 'Orders with an item of this product (by id).' }),
    product_code: t.string({ description: 'Orders with an item of this product (by its code).' }),
    actor_ids: t.intList({ description: 'Orders with a handler entry of any of these actors (supplier, importer, broker...).' }),
    inserted_at_from: t.field({ type: 'DateTime', description: 'Created at or after.' }),
    inserted_at_to: t.field({ type: 'DateTime', description: 'Created at or before.' }),
    updated_at_from: t.field({ type: 'DateTime', description: 'Changed at or after.' }),
    updated_at_to: t.field({ type: 'DateTime', description: 'Changed at or before.' }),
  }),
});

export const orderSortable = ['id', 'type', 'reference_code', 'external_reference_code', 'inserted_at', 'updated_at', 'finished_at', 'canceled_at'] as const;
export const orderNullable = new Set(['external_reference_code', 'finished_at', 'canceled_at']);
export const orderSearchable = ['reference_code', 'external_reference_code', 'observations'] as const;
