import { schema } from '../../graph/schema.ts';
import type { OrderParams, PurchaseOrderItemParams, SalesOrderItemParams } from '../generated/operations.ts';
import { route, type RouteDef } from '../route.ts';
import { selectAll } from '../selection.ts';

const order = selectAll(schema, 'Order');
const tag = 'Orders';
const base = '/operations/{operation_id}';
const short = '{ id reference_code }';
const ids = { operation_id: 1, id: 101 };
const refs = { operation_id: 1, reference_code: 'ORC-01' };

// Typed by the generated operation types, so an example that drifts from the schema fails tsc.
const purchaseItem: PurchaseOrderItemParams = {
  line_reference: '10',
  line_number: 1,
  product_code: 'PRD-01',
  quantity: '1200.0000',
  order_unit_value: '35.5000',
  order_value: '42600.0000',
  order_currency_code: 'USD',
  net_weight_kg: '5400.000',
  gross_weight_kg: '5650.000',
  production_lead_time_days: 30,
  transit_lead_time_days: 25,
  supplier_expected_readiness_at: '2025-04-15T00:00:00Z',
  shipment_planned_boarding_at: '2025-04-20T00:00:00Z',
  shipment_planned_arrival_at: '2025-05-15T00:00:00Z',
  manufacturing_country_code: 'DE',
  dispatching_country_code: 'DE',
};
const salesItem: SalesOrderItemParams = {
  line_reference: '1',
  line_number: 1,
  product_code: 'PRD-04',
  quantity: '500.0000',
  order_unit_value: '12.9000',
  order_currency_code: 'USD',
  containers_quantity: 2,
  container_equipment_type: 'DRY 40',
};
const purchase: OrderParams = {
  reference_code: 'ORC-01',
  external_reference_code: '4500012345',
  observations: 'Urgent: plant maintenance in June',
  handler: {
    importer: { operation_handler_id: 12, actor_id: 3 },
    supplier: { operation_handler_id: 17, actor_id: 5, reference: 'SO-99812' },
  },
  purchase_order: {
    type: 'DIRECT',
    necessity_date: '2025-06-01T00:00:00Z',
    supplier_order_sent_at: '2025-03-03T14:30:00Z',
    items: [purchaseItem, { line_reference: '20', line_number: 2, product_code: 'PRD-02', quantity: '300.0000', order_unit_value: '12.9000' }],
  },
};
const sales: OrderParams = {
  reference_code: 'ORC-02',
  sales_order: { type: 'DIRECT', order_received_at: '2025-03-10T09:00:00Z', items: [salesItem] },
};
const update: OrderParams = { observations: 'Supplier confirmed partial shipment' };

const lifecycle = (action: 'finish' | 'cancel' | 'uncancel', rule: string): RouteDef[] => {
  const name = action[0].toUpperCase() + action.slice(1);
  return [
    route({
      id: `orders.${action}`,
      method: 'PUT',
      path: `${base}/orders/{id}/${action}`,
      tag,
      summary: `${name} an order by id`,
      description: `${rule} Otherwise 422 (\`status\`: is not allowed in the current state).`,
      status: 200,
      pathExamples: ids,
      document: `mutation Orders${name}($operation_id: Int!, $id: Int!) { ${action}Order(operation_id: $operation_id, id: $id) { order ${short} } }`,
    }),
    route({
      id: `orders.${action}ByReferenceCode`,
      method: 'PUT',
      path: `${base}/orders-by-reference-code/{reference_code}/${action}`,
      tag,
      summary: `${name} an order by reference code`,
      description: `${rule} Otherwise 422 (\`status\`: is not allowed in the current state).`,
      status: 200,
      pathExamples: refs,
      document: `mutation Orders${name}ByReferenceCode($operation_id: Int!, $reference_code: String!) { ${action}OrderByReferenceCode(operation_id: $operation_id, reference_code: $reference_code) { order ${short} } }`,
    }),
  ];
};

/** The order routes of the public API. */
export const orderRoutes: RouteDef[] = [
  route({
    id: 'orders.list',
    method: 'GET',
    path: `${base}/orders`,
    tag,
    summary: 'List orders',
    description:
      'Lists the live orders of the operation, paginated, with their items and handlers. Filters: `filters[type]`, `filters[reference_codes][]`, `filters[status]` (ACTIVE, FINISHED, CANCELED), `filters[product_id]` or `filters[product_code]` (orders with an item of that product), `filters[actor_ids][]` (orders with a handler entry of these actors), `filters[inserted_at_from]`/`_to`, `filters[updated_at_from]`/`_to`; `search` matches reference codes and observations.',
    status: 200,
    list: true,
    pathExamples: { operation_id: 1 },
    document: `query OrdersList($operation_id: Int!, $limit: Int, $offset: Int, $after: String, $order_by: [OrderOrderBy!], $search: String, $filters: OrderFilters) {
      orders(operation_id: $operation_id, limit: $limit, offset: $offset, after: $after, order_by: $order_by, search: $search, filters: $filters) { data { ${order} } total_count total_count_exact next_cursor }
    }`,
  }),
  route({
    id: 'orders.create',
    method: 'POST',
    path: `${base}/orders`,
    tag,
    summary: 'Create an order',
    description:
      '`reference_code` is required. Send `purchase_order` (type PURCHASE), `sales_order` (type SALES), or neither with `type` ROAD_TRANSPORT. With the `reference_code` of a live order of the operation the order is updated instead and its id answered, so a retried request never creates a second order.',
    status: 201,
    pathExamples: { operation_id: 1 },
    example: purchase,
    document: `mutation OrdersCreate($operation_id: Int!, $params: OrderParams!) { createOrder(operation_id: $operation_id, params: $params) { order ${short} } }`,
  }),
  route({
    id: 'orders.upsert',
    method: 'PUT',
    path: `${base}/orders`,
    tag,
    summary: 'Create or update orders in a batch',
    description:
      'Each element is matched by `reference_code` within the operation: an existing order is updated, a new one created. The batch is all or nothing; the answer lists `id` and `reference_code` in the order sent.',
    status: 200,
    pathExamples: { operation_id: 1 },
    example: [{ ...update, reference_code: 'ORC-01' }, sales] satisfies OrderParams[],
    document: `mutation OrdersUpsert($operation_id: Int!, $params: [OrderParams!]!) { upsertOrders(operation_id: $operation_id, params: $params) { orders ${short} } }`,
  }),
  route({
    id: 'orders.get',
    method: 'GET',
    path: `${base}/orders/{id}`,
    tag,
    summary: 'Get an order by id',
    description: 'One order of the operation with its purchase or sales order, its items with their balances, and its handlers.',
    status: 200,
    pathExamples: ids,
    document: `query OrdersGet($operation_id: Int!, $id: Int!) { order(operation_id: $operation_id, id: $id) { ${order} } }`,
  }),
  route({
    id: 'orders.update',
    method: 'PUT',
    path: `${base}/orders/{id}`,
    tag,
    summary: 'Update an order by id',
    description: 'Fields left out are kept; items sent replace the stored ones (matched by `line_reference`); a `handler` map sent replaces the stored entries.',
    status: 200,
    pathExamples: ids,
    example: update,
    document: `mutation OrdersUpdate($operation_id: Int!, $id: Int!, $params: OrderParams!) { updateOrder(operation_id: $operation_id, id: $id, params: $params) { order ${short} } }`,
  }),
  route({
    id: 'orders.delete',
    method: 'DELETE',
    path: `${base}/orders/{id}`,
    tag,
    summary: 'Delete an order by id',
    description: 'Soft delete: the order answers 404 from then on and its reference code can be reused.',
    status: 200,
    pathExamples: ids,
    document: `mutation OrdersDelete($operation_id: Int!, $id: Int!) { deleteOrder(operation_id: $operation_id, id: $id) { order ${short} } }`,
  }),
  route({
    id: 'orders.getByReferenceCode',
    method: 'GET',
    path: `${base}/orders-by-reference-code/{reference_code}`,
    tag,
    summary: 'Get an order by reference code',
    description: 'The order of that reference code in the operation: the same answer as the read by id.',
    status: 200,
    pathExamples: refs,
    document: `query OrdersGetByReferenceCode($operation_id: Int!, $reference_code: String!) { orderByReferenceCode(operation_id: $operation_id, reference_code: $reference_code) { ${order} } }`,
  }),
  route({
    id: 'orders.updateByReferenceCode',
    method: 'PUT',
    path: `${base}/orders-by-reference-code/{reference_code}`,
    tag,
    summary: 'Update an order by reference code',
    description: 'Fields left out are kept; items sent replace the stored ones (matched by `line_reference`); a `handler` map sent replaces the stored entries.',
    status: 200,
    pathExamples: refs,
    example: update,
    document: `mutation OrdersUpdateByReferenceCode($operation_id: Int!, $reference_code: String!, $params: OrderParams!) { updateOrderByReferenceCode(operation_id: $operation_id, reference_code: $reference_code, params: $params) { order ${short} } }`,
  }),
  route({
    id: 'orders.deleteByReferenceCode',
    method: 'DELETE',
    path: `${base}/orders-by-reference-code/{reference_code}`,
    tag,
    summary: 'Delete an order by reference code',
    description: 'Soft delete: the order answers 404 from then on and its reference code can be reused.',
    status: 200,
    pathExamples: refs,
    document: `mutation OrdersDeleteByReferenceCode($operation_id: Int!, $reference_code: String!) { deleteOrderByReferenceCode(operation_id: $operation_id, reference_code: $reference_code) { order ${short} } }`,
  }),
  ...lifecycle('finish', 'Allowed when the order is active.'),
  ...lifecycle('cancel', 'Allowed when the order is active or finished.'),
  ...lifecycle('uncancel', 'Allowed when the order is canceled; clears `canceled_at`.'),
  route({
    id: 'orders.updatePurchaseOrderItem',
    method: 'PUT',
    path: `${base}/orders/{reference_code}/purchase-order-items/{line_reference}`,
    tag,
    summary: 'Update a purchase order item',
    description: 'Changes one line of the order (found by its reference code) and keeps the others; fields left out are kept. `line_reference` is required (send a new one to rename the line).',
    status: 200,
    pathExamples: { ...refs, line_reference: '10' },
    example: { line_reference: '10', product_code: 'PRD-01', quantity: '1100.0000' } satisfies PurchaseOrderItemParams,
    document: `mutation OrdersUpdatePurchaseOrderItem($operation_id: Int!, $reference_code: String!, $line_reference: String!, $params: PurchaseOrderItemParams!) {
      updatePurchaseOrderItem(operation_id: $operation_id, reference_code: $reference_code, line_reference: $line_reference, params: $params) { order ${short} } }`,
  }),
  route({
    id: 'orders.updateSalesOrderItem',
    method: 'PUT',
    path: `${base}/orders/{reference_code}/sales-order-items/{line_reference}`,
    tag,
    summary: 'Update a sales order item',
    description: 'Changes one line of the order (found by its reference code) and keeps the others; fields left out are kept. `line_reference` is required (send a new one to rename the line).',
    status: 200,
    pathExamples: { operation_id: 1, reference_code: 'ORC-02', line_reference: '1' },
    example: { line_reference: '1', quantity: '450.0000' } satisfies SalesOrderItemParams,
    document: `mutation OrdersUpdateSalesOrderItem($operation_id: Int!, $reference_code: String!, $line_reference: String!, $params: SalesOrderItemParams!) {
      updateSalesOrderItem(operation_id: $operation_id, reference_code: $reference_code, line_reference: $line_reference, params: $params) { order ${short} } }`,
  }),
];
