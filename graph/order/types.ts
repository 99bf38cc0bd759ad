// Orders (docs/orders.md): the object types of an order, its purchase or sales order part and their items.
import { OrderSubtype, OrderType } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import { exposeFields, fieldsOf, type Fields, type ObjectFieldBuilder } from '../schema-helpers/fields.ts';
import { MeasurementUnitEnum } from '../reference/enums.ts';
import { OrderHandlerMapRef } from '../actor/handlers.ts';
import { balances, salesItemCatalogue, purchaseItemCatalogue, shippedSelect, salesOrderDates, purchaseOrderDates } from './catalogue.ts';
import { lifecycleStateEnum } from '../schema-helpers/filters.ts';
import { graphqlOnly } from '../schema-helpers/selection.ts';
import { node } from '../schema-helpers/node.ts';
import { live } from '../database/records.ts';


export const OrderTypeEnum = builder.enumType(OrderType, {
  name: 'OrderType',
  description: 'Kind of order: PURCHASE (has a purchase order), SALES (has a sales order) or ROAD_TRANSPORT.',
});

export const OrderSubtypeEnum = builder.enumType(OrderSubtype, {
  name: 'OrderSubtype',
  description: 'Whether a purchase or sales order is DIRECT or INDIRECT.',
});

export const OrderStatusEnum = lifecycleStateEnum('OrderStatus', 'an order');



const OrderItemProductRef = builder.prismaObject('Product', {
  variant: 'OrderItemProduct',
  // Reads only the columns of the fields asked for: a page of 100 orders holds 500 of these.
  select: { id: true },
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
  balance: 'Quantity not yet on shipments of processes (quantity minus quantity shipped), in the units of `quantity`, decimal string. Read-only.',
  balance_shipped: 'Quantity of the line already on shipments of processes, in the units of `quantity`, decimal string. Read-only.',
} as const;

/**
 * The calls the fields both kinds of order line share make: the two lines' field builders are
 * both one, their row types (the only difference) left out.
 */
interface LineFieldBuilder<Ref> extends ObjectFieldBuilder<Ref> {
  relation(name: 'product', options: { type: typeof OrderItemProductRef; nullable: true; description: string }): Ref;
}

/** The fields both kinds of order line share, the catalogue's fields included. */
function lineFields<Ref>(t: LineFieldBuilder<Ref>, catalogue: Fields): Record<string, Ref> {
  return {
    id: t.expose('id', { type: 'Int', description: 'Identifier.' }),
    line_reference: t.expose('line_reference', { type: 'String', description: 'The line\'s key within the order.' }),
    product: t.relation('product', { type: OrderItemProductRef, nullable: true, description: 'The product of the line.' }),
    ...exposeFields(t, catalogue),
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
    purchase_order: t.relation('purchase_order', { ...graphqlOnly, description: 'The purchase order of the line, and through it the order (GraphQL only).' }),
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
  fields: (t) => ({
    ...lineFields(t, salesItemCatalogue),
    sales_order: t.relation('sales_order', { ...graphqlOnly, description: 'The sales order of the line, and through it the order (GraphQL only).' }),
  }),
});

builder.prismaObject('PurchaseOrder', {
  description: 'The purchase order part of an order.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    type: t.expose('type', { type: OrderSubtypeEnum, description: 'DIRECT or INDIRECT.' }),
    ...exposeFields(t, purchaseOrderDates),
    items: t.relation('items', { description: 'The lines, in the order they were created.', query: { orderBy: { id: 'asc' } } }),
    order: t.relation('order', { ...graphqlOnly, description: 'The order (GraphQL only).' }),
  }),
});

builder.prismaObject('SalesOrder', {
  description: 'The sales order part of an order.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    type: t.expose('type', { type: OrderSubtypeEnum, description: 'DIRECT or INDIRECT.' }),
    ...exposeFields(t, salesOrderDates),
    items: t.relation('items', { description: 'The lines, in the order they were created.', query: { orderBy: { id: 'asc' } } }),
    order: t.relation('order', { ...graphqlOnly, description: 'The order (GraphQL only).' }),
  }),
});

const OrderOperation = builder.objectRef<{ id: number }>('OrderOperation').implement({
  description: 'The operation an order belongs to.',
  fields: (t) => ({ id: t.exposeInt('id', { description: 'The operation_id of order paths.' }) }),
});

const OrderProcess = builder.prismaObject('Process', {
  variant: 'OrderProcess',
  description: 'A process linked to an order.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Process id.' }),
    reference_code: t.exposeString('reference_code', { description: 'Process reference code.' }),
    process: t.variant('Process', { ...graphqlOnly, description: 'The whole process, read in the same statement (GraphQL only).' }),
  }),
});

const lifecycleDates = fieldsOf('datetime', {
  finished_at: 'When the order was finished; set means finished.',
  canceled_at: 'When the order was canceled; set means canceled.',
  deleted_at: 'When the order was deleted (deleted orders are never returned).',
});

export const OrderRef = builder.prismaObject('Order', {
  ...node('Order', live),
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
      select: (_args, _ctx, nested) => ({
        process_links: { where: { process: { deleted_at: null } }, select: { process: nested() }, orderBy: { process_id: 'asc' } },
      }),
      resolve: (o) => o.process_links.map((l) => l.process),
    }),
    purchase_order: t.relation('purchase_order', { nullable: true, description: 'The purchase order part (PURCHASE orders).' }),
    sales_order: t.relation('sales_order', { nullable: true, description: 'The sales order part (SALES orders).' }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the order was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the order last changed.' }),
    ...exposeFields(t, lifecycleDates),
  }),
});
