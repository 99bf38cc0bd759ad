// Aggregates of order lines (docs/graphql-aggregates.md): how many lines, their quantity, open
// quantity (balance) and value, grouped by up to two dimensions and always by currency (amounts
// of different currencies are never added), with the order list's filters, in one SQL statement.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { NotFoundError } from '../errors.ts';
import { AGGREGATE, allOf, checkedGrouping, groupedStatement, groupsOf, type Dimension, type GroupRow } from '../database/aggregate.ts';
import { Prisma } from '../../prisma/generated/client/client.ts';
import { OrderFilters } from './inputs.ts';
import { OrderStatusEnum, OrderTypeEnum } from './types.ts';
import { orderFilterSql, orderStateSql, type OrderFilterInput } from './filter-sql.ts';

/** The actor of the order's handler entry in a role: one entry per order and role. */
const handlerOf = (role: string, key: string): Dimension => ({
  sql: `(SELECT h.actor_id FROM order_handlers h WHERE h.company_id = o.company_id AND h.order_id = o.id AND h.role = '${role}')`,
  key,
});

/** Dimensions of order lines, by enum value; the SQL texts are constants. */
const lineDimensions = {
  ORDER_TYPE: { sql: 'o.type::text', key: 'order_type' },
  STATE: { sql: `CASE WHEN ${orderStateSql.CANCELED} THEN 'CANCELED' WHEN o.finished_at IS NOT NULL THEN 'FINISHED' ELSE 'ACTIVE' END`, key: 'state' },
  PRODUCT: { sql: 'l.product_id', key: 'product_id' },
  SUPPLIER: handlerOf('SUPPLIER', 'supplier_id'),
  CUSTOMER: handlerOf('CUSTOMER', 'customer_id'),
  IMPORTER: handlerOf('IMPORTER', 'importer_id'),
  EXPORTER: handlerOf('EXPORTER', 'exporter_id'),
} as const satisfies Record<string, Dimension>;

/** Every group is of one currency (its key's `currency_code`). */
const currency: Dimension = { sql: 'l.order_currency_code', key: 'currency_code' };

/** Decimal sums kept exact (numeric), answered as decimal strings; a line without a value adds nothing. */
const lineMeasures = {
  count: 'count(*)',
  quantity: 'sum(l.quantity::numeric)::text',
  balance: 'sum(CASE WHEN l.quantity IS NULL THEN NULL ELSE GREATEST(l.quantity::numeric - l.shipped, 0) END)::text',
  value: 'sum(l.order_value::numeric)::text',
};

/**
 * One row per line of either side with what live processes ship of it (docs/orders.md, balance:
 * `quantity_shipped`, kept by every write that changes it, graph/order/balance.ts), alias `l`;
 * `company` scopes both sides.
 */
function lines(company: number): Prisma.Sql {
  const side = (items: string, parent: string, parentKey: string) => Prisma.sql`
    SELECT i.company_id, x.order_id, i.product_id, i.quantity, i.order_value, i.order_currency_code, i.quantity_shipped::numeric AS shipped
    FROM ${Prisma.raw(items)} i JOIN ${Prisma.raw(parent)} x ON x.company_id = i.company_id AND x.id = ${Prisma.raw(`i.${parentKey}`)}
    WHERE i.company_id = ${company}`;
  return Prisma.sql`(${side('purchase_order_items', 'purchase_orders', 'purchase_order_id')}
    UNION ALL ${side('sales_order_items', 'sales_orders', 'sales_order_id')}) AS l`;
}

const OrderLineDimension = builder.enumType('OrderLineDimension', {
  description: 'A dimension order line aggregates group by, besides the currency (docs/graphql-aggregates.md).',
  values: Object.fromEntries(Object.entries(lineDimensions).map(([value, d]) => [value, { description: `Group by \`${d.key}\` of the group's key.` }])),
});

const OrderLineGroupKey = builder.objectRef<GroupRow>('OrderLineGroupKey').implement({
  description: 'The values that define a group: its currency, and one value per dimension of `group_by`; the fields of other dimensions are null.',
  fields: (t) => ({
    currency_code: t.string({ nullable: true, description: 'Currency of the lines\' values (ISO 4217); null for lines without one. Always grouped by.', resolve: (r) => r.currency_code as string | null }),
    order_type: t.field({ type: OrderTypeEnum, nullable: true, description: 'Type of the order (ORDER_TYPE).', resolve: (r) => r.order_type as (typeof OrderTypeEnum)['$inferType'] | null }),
    state: t.field({ type: OrderStatusEnum, nullable: true, description: 'Lifecycle state of the order (STATE).', resolve: (r) => r.state as (typeof OrderStatusEnum)['$inferType'] | null }),
    product_id: t.int({ nullable: true, description: 'Product of the line (PRODUCT).', resolve: (r) => r.product_id as number | null }),
    supplier_id: t.int({ nullable: true, description: 'Actor of the order\'s SUPPLIER handler entry (SUPPLIER).', resolve: (r) => r.supplier_id as number | null }),
    customer_id: t.int({ nullable: true, description: 'Actor of the order\'s CUSTOMER handler entry (CUSTOMER).', resolve: (r) => r.customer_id as number | null }),
    importer_id: t.int({ nullable: true, description: 'Actor of the order\'s IMPORTER handler entry (IMPORTER).', resolve: (r) => r.importer_id as number | null }),
    exporter_id: t.int({ nullable: true, description: 'Actor of the order\'s EXPORTER handler entry (EXPORTER).', resolve: (r) => r.exporter_id as number | null }),
  }),
});

const OrderLineGroup = builder.objectRef<GroupRow>('OrderLineGroup').implement({
  description: 'One group of order lines: its key, how many, and the sums of their quantities and values (in the key\'s currency).',
  fields: (t) => ({
    key: t.field({ type: OrderLineGroupKey, description: 'The currency and the values of the dimensions grouped by.', resolve: (r) => r }),
    count: t.int({ description: 'How many lines.', resolve: (r) => r.count as number }),
    quantity: t.field({ type: 'Decimal', nullable: true, description: 'Sum of the lines\' `quantity`, in the units of the lines\' quantities (null when none has one); lines of different units add up as numbers: group by PRODUCT to keep them apart.', resolve: (r) => r.quantity as string | null }),
    balance: t.field({ type: 'Decimal', nullable: true, description: 'Sum of the lines\' `balance`, in the units of the lines\' quantities: the open quantity, not yet on shipments of live processes.', resolve: (r) => r.balance as string | null }),
    value: t.field({ type: 'Decimal', nullable: true, description: 'Sum of the lines\' `order_value`, in the currency of `key.currency_code`.', resolve: (r) => r.value as string | null }),
  }),
});

const OrderLineAggregate = builder.objectRef<{ groups: GroupRow[]; truncated: boolean }>('OrderLineAggregate').implement({
  description: 'Order lines grouped, largest groups first.',
  fields: (t) => ({
    groups: t.field({ type: [OrderLineGroup], description: 'The groups, by count descending then by key (nulls last); none when no line matches.', resolve: (a) => a.groups }),
    truncated: t.boolean({ description: 'True when more groups exist than `limit`: the smallest were left out.', resolve: (a) => a.truncated }),
  }),
});

type Args = { operation_id: number; filters?: OrderFilterInput | null; group_by?: string[] | null; limit?: number | null };

/** One aggregate over the live orders of the operation (alias `o`) that the filters keep: checks the arguments, runs its one statement. */
async function aggregate(args: Args, company: number, from: Prisma.Sql, dimensions: (chosen: string[]) => Dimension[], measures: Record<string, string>) {
  const { groupBy, limit } = checkedGrouping(args.group_by, args.limit);
  const scope = Prisma.sql`o.company_id = ${company} AND o.operation_id = ${args.operation_id} AND o.deleted_at IS NULL`;
  const query = {
    from,
    where: allOf([scope, ...orderFilterSql(args.filters ?? {})]),
    dimensions: dimensions(groupBy),
    measures,
    limit,
    exists: Prisma.sql`SELECT count(*) > 0 FROM operations op WHERE op.company_id = ${company} AND op.id = ${args.operation_id}`,
  };
  const answer = groupsOf(await prisma().$queryRaw<GroupRow[]>(groupedStatement(query)), query);
  if (!answer) throw new NotFoundError();
  return answer;
}

const pageBounds = { defaultLimit: AGGREGATE.defaultGroups, maxLimit: AGGREGATE.maxGroups };

builder.queryField('orderLineAggregate', (t) =>
  t.field({
    type: OrderLineAggregate,
    extensions: { pageBounds },
    description: 'Counts, quantities, open quantities and values of the lines of the live orders of an operation, grouped by currency and up to two dimensions; one SQL statement (docs/graphql-aggregates.md).',
    args: {
      operation_id: t.arg.int({ required: true, description: 'The operation.' }),
      filters: t.arg({ type: OrderFilters, description: 'The filters of the order list (`orders`): the lines of the orders they keep.' }),
      group_by: t.arg({ type: [OrderLineDimension], required: false, description: `Dimensions to group by besides the currency, at most ${AGGREGATE.maxDimensions}.` }),
      limit: t.arg.int({ description: `Groups to answer, 1 to ${AGGREGATE.maxGroups} (default ${AGGREGATE.defaultGroups}); \`truncated\` says when more exist.` }),
    },
    resolve: (_root, args, ctx) =>
      aggregate(
        args as Args,
        ctx.company.id,
        Prisma.sql`FROM orders o JOIN ${lines(ctx.company.id)} ON l.company_id = o.company_id AND l.order_id = o.id`,
        (chosen) => [currency, ...chosen.map((d) => lineDimensions[d as keyof typeof lineDimensions])],
        lineMeasures,
      ),
  }),
);

/** Orders group by the order dimensions but the line's product. */
const { PRODUCT: _product, ...orderDimensions } = lineDimensions;

const OrderDimension = builder.enumType('OrderDimension', {
  description: 'A dimension order aggregates group by (docs/graphql-aggregates.md).',
  values: Object.fromEntries(Object.entries(orderDimensions).map(([value, d]) => [value, { description: `Group by \`${d.key}\` of the group's key.` }])),
});

const OrderGroup = builder.objectRef<GroupRow>('OrderGroup').implement({
  description: 'One group of orders: its key, how many, and when the first and the last of them were created.',
  fields: (t) => ({
    key: t.field({ type: OrderLineGroupKey, description: 'The values of the dimensions grouped by (`currency_code` and `product_id` stay null).', resolve: (r) => r }),
    count: t.int({ description: 'How many orders.', resolve: (r) => r.count as number }),
    inserted_at_min: t.field({ type: 'DateTime', description: 'When the first of them was created.', resolve: (r) => r.inserted_at_min as Date }),
    inserted_at_max: t.field({ type: 'DateTime', description: 'When the last of them was created.', resolve: (r) => r.inserted_at_max as Date }),
  }),
});

const OrderAggregate = builder.objectRef<{ groups: GroupRow[]; truncated: boolean }>('OrderAggregate').implement({
  description: 'Orders grouped, largest groups first.',
  fields: (t) => ({
    groups: t.field({ type: [OrderGroup], description: 'The groups, by count descending then by key (nulls last); none when no order matches.', resolve: (a) => a.groups }),
    truncated: t.boolean({ description: 'True when more groups exist than `limit`: the smallest were left out.', resolve: (a) => a.truncated }),
  }),
});

builder.queryField('orderAggregate', (t) =>
  t.field({
    type: OrderAggregate,
    extensions: { pageBounds },
    description: 'Counts of the live orders of an operation, grouped by up to two dimensions; one SQL statement (docs/graphql-aggregates.md).',
    args: {
      operation_id: t.arg.int({ required: true, description: 'The operation.' }),
      filters: t.arg({ type: OrderFilters, description: 'The filters of the order list (`orders`).' }),
      group_by: t.arg({ type: [OrderDimension], required: false, description: `Dimensions to group by, at most ${AGGREGATE.maxDimensions}; none: one group of all matching orders.` }),
      limit: t.arg.int({ description: `Groups to answer, 1 to ${AGGREGATE.maxGroups} (default ${AGGREGATE.defaultGroups}); \`truncated\` says when more exist.` }),
    },
    resolve: (_root, args, ctx) =>
      aggregate(args as Args, ctx.company.id, Prisma.sql`FROM orders o`, (chosen) => chosen.map((d) => orderDimensions[d as keyof typeof orderDimensions]), {
        count: 'count(*)',
        inserted_at_min: 'min(o.inserted_at)',
        inserted_at_max: 'max(o.inserted_at)',
      }),
  }),
);
