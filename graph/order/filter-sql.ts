// The order list's filters (OrderFilters, docs/orders.md) as SQL conditions over the alias `o`
// of orders, for the aggregates (docs/graphql-aggregates.md): the same input, the same meaning as
// `filterWhere` of the list (graph/order/queries.ts); tests/graphql-aggregates-orders.test.ts
// checks both count alike under each filter.
import type { OrderFiltersInput } from './queries.ts';
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { LifecycleState } from '../schema-helpers/filters.ts';

/** The order list's filter input (graph/order/queries.ts), read here with the same meaning. */
export type OrderFilterInput = OrderFiltersInput;

/** The SQL condition of a lifecycle state (graph/schema-helpers/filters.ts `inStates`). */
export const orderStateSql: Record<LifecycleState, string> = {
  ACTIVE: 'o.finished_at IS NULL AND o.canceled_at IS NULL',
  FINISHED: 'o.finished_at IS NOT NULL AND o.canceled_at IS NULL',
  CANCELED: 'o.canceled_at IS NOT NULL',
};

/** Orders with an item matching `item` (a condition over alias `i` of the items), on either side. */
function withItem(item: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(EXISTS (SELECT 1 FROM purchase_orders po JOIN purchase_order_items i ON i.company_id = po.company_id AND i.purchase_order_id = po.id
      WHERE po.company_id = o.company_id AND po.order_id = o.id AND ${item})
    OR EXISTS (SELECT 1 FROM sales_orders so JOIN sales_order_items i ON i.company_id = so.company_id AND i.sales_order_id = so.id
      WHERE so.company_id = o.company_id AND so.order_id = o.id AND ${item}))`;
}

/** The conditions of the filters, values as parameters. */
export function orderFilterSql(f: OrderFilterInput): Prisma.Sql[] {
  const item = [
    ...(f.product_id != null ? [Prisma.sql`i.product_id = ${f.product_id}`] : []),
    ...(f.product_code != null
      ? [Prisma.sql`EXISTS (SELECT 1 FROM products pr WHERE pr.company_id = i.company_id AND pr.id = i.product_id AND pr.code = ${f.product_code} AND pr.deleted_at IS NULL)`]
      : []),
  ];
  const range = (column: 'inserted_at' | 'updated_at', from: Date | null | undefined, to: Date | null | undefined) => [
    ...(from ? [Prisma.sql`${Prisma.raw(`o.${column}`)} >= ${from}`] : []),
    ...(to ? [Prisma.sql`${Prisma.raw(`o.${column}`)} <= ${to}`] : []),
  ];
  return [
    ...(f.type?.length ? [Prisma.sql`o.type::text = ANY(${f.type}::text[])`] : []),
    ...(f.reference_codes?.length ? [Prisma.sql`o.reference_code = ANY(${f.reference_codes}::text[])`] : []),
    ...(f.external_reference_codes?.length ? [Prisma.sql`o.external_reference_code = ANY(${f.external_reference_codes}::text[])`] : []),
    ...(f.subsidiary_id != null ? [Prisma.sql`o.subsidiary_id = ${f.subsidiary_id}`] : []),
    ...(item.length ? [withItem(Prisma.join(item, ' AND '))] : []),
    ...(f.actor_ids?.length
      ? [Prisma.sql`EXISTS (SELECT 1 FROM order_handlers h WHERE h.company_id = o.company_id AND h.order_id = o.id AND h.actor_id = ANY(${f.actor_ids}::int[]))`]
      : []),
    ...(f.status?.length ? [Prisma.sql`(${Prisma.join(f.status.map((s) => Prisma.raw(`(${orderStateSql[s]})`)), ' OR ')})`] : []),
    ...range('inserted_at', f.inserted_at_from, f.inserted_at_to),
    ...range('updated_at', f.updated_at_from, f.updated_at_to),
  ];
}
