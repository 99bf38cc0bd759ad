// The order tree as an assembled page writes it (docs/decisions/019-assembled-pages.md): the
// SQL of each field the REST order list answers, beside the resolvers in types.ts.
import { assembled, byKey, catalogueSql, childrenOf, column, columns, datetimes, linkedIds, ofParent, type SqlField } from '../assembled/shapes.ts';
import { purchaseItemCatalogue, purchaseOrderDates, salesItemCatalogue, salesOrderDates } from './catalogue.ts';

/**
 * `balance` and `balance_shipped` of a line (docs/orders.md, balance; graph/order/catalogue.ts
 * `balances`): numeric arithmetic keeps the larger scale of the two, as the resolvers do.
 */
const balances: Record<string, SqlField> = {
  balance: { value: (i) => `CASE WHEN ${i}.quantity IS NULL THEN NULL ELSE (${i}.quantity::numeric - (${i}.quantity::numeric * 0 + ${i}.quantity_shipped::numeric))::text END` },
  balance_shipped: { value: (i) => `(coalesce(${i}.quantity::numeric * 0, 0) + ${i}.quantity_shipped::numeric)::text` },
};

/** The fields both kinds of line share (types.ts, `lineFields`). */
const lineFields: Record<string, SqlField> = {
  ...columns('id', 'line_reference'),
  product: { one: 'OrderItemProduct', where: byKey('product_id') },
  ...balances,
  ...datetimes('inserted_at', 'updated_at'),
};

assembled('OrderItemProduct', { table: 'products', fields: columns('id', 'code', 'description', 'mercosul_code', 'package_type') });

assembled('PurchaseOrderItem', {
  table: 'purchase_order_items',
  fields: {
    ...lineFields,
    ...catalogueSql(purchaseItemCatalogue),
    item_foreign_operators: linkedIds('purchase_order_item_foreign_operators', 'actor_id', 'item_id'),
  },
});

assembled('SalesOrderItem', { table: 'sales_order_items', fields: { ...lineFields, ...catalogueSql(salesItemCatalogue) } });


assembled('PurchaseOrder', {
  table: 'purchase_orders',
  fields: { ...columns('id', 'type'), ...catalogueSql(purchaseOrderDates), items: childrenOf('PurchaseOrderItem', 'purchase_order_id') },
});

assembled('SalesOrder', {
  table: 'sales_orders',
  fields: { ...columns('id', 'type'), ...catalogueSql(salesOrderDates), items: childrenOf('SalesOrderItem', 'sales_order_id') },
});

assembled('OrderOperation', { table: 'orders', fields: { id: column('operation_id') } });

assembled('OrderProcess', { table: 'processes', fields: columns('id', 'reference_code') });

/** The part of an order of the given kind (one at most). */
const part = (one: string): SqlField => ({ one, where: ofParent('order_id') });

assembled('Order', {
  table: 'orders',
  fields: {
    ...columns('id', 'type', 'reference_code', 'external_reference_code', 'observations', 'extra_fields'),
    operation: { same: 'OrderOperation' },
    subsidiary: { one: 'Subsidiary', where: byKey('subsidiary_id') },
    handler: { same: 'OrderHandlerMap' },
    handlers: childrenOf('OrderHandler', 'order_id'),
    // The live processes linked to the order, by id (types.ts, `processes`).
    processes: {
      many: 'OrderProcess',
      where: (p, o) =>
        `${p}.company_id = ${o}.company_id AND ${p}.deleted_at IS NULL AND ${p}.id IN (SELECT x.process_id FROM process_orders x WHERE x.company_id = ${o}.company_id AND x.order_id = ${o}.id)`,
      orderBy: (p) => `${p}.id`,
    },
    purchase_order: part('PurchaseOrder'),
    sales_order: part('SalesOrder'),
    ...datetimes('inserted_at', 'updated_at', 'finished_at', 'canceled_at', 'deleted_at'),
  },
});
