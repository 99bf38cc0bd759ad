// Order reads: the list with its filters, and one order by id or reference code.
import { Prisma } from '../../prisma/generated/client/client.ts';
import { OrderType } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import { found, located, records } from '../schema-helpers/locate.ts';
import { orderLocator, checkOperation } from './validate.ts';
import { prisma } from '../db.ts';
import { listField, searchColumns } from '../schema-helpers/list.ts';
import { assembledPage, assembledRecord } from '../assembled/read.ts';
import { inRange, inStates, type LifecycleState } from '../schema-helpers/filters.ts';
import { orderNullable, orderSearchable, orderSortable, OrderFilters } from './inputs.ts';
import { ordersWithProduct } from './product-filter.ts';

/** One order by its key, written by PostgreSQL (docs/decisions/019-assembled-pages.md). */
const assembledOrder = assembledRecord('orders');


export type OrderFiltersInput = {
  type?: OrderType[] | null;
  reference_codes?: string[] | null;
  external_reference_codes?: string[] | null;
  status?: LifecycleState[] | null;
  subsidiary_id?: number | null;
  product_id?: number | null;
  product_code?: string | null;
  actor_ids?: number[] | null;
  inserted_at_from?: Date | null;
  inserted_at_to?: Date | null;
  updated_at_from?: Date | null;
  updated_at_to?: Date | null;
};

async function filterWhere(companyId: number, f: OrderFiltersInput): Promise<Prisma.OrderWhereInput[]> {
  const and: Prisma.OrderWhereInput[] = [];
  if (f.type?.length) and.push({ type: { in: f.type } });
  if (f.reference_codes?.length) and.push({ reference_code: { in: f.reference_codes } });
  if (f.external_reference_codes?.length) and.push({ external_reference_code: { in: f.external_reference_codes } });
  if (f.subsidiary_id != null) and.push({ subsidiary_id: f.subsidiary_id });
  if (f.product_id != null || f.product_code != null) and.push(await ordersWithProduct(companyId, f));
  if (f.actor_ids?.length) and.push({ handlers: { some: { actor_id: { in: f.actor_ids } } } });
  and.push(...inStates(f.status), ...inRange('inserted_at', f.inserted_at_from, f.inserted_at_to), ...inRange('updated_at', f.updated_at_from, f.updated_at_to));
  return and;
}

listField<{ operation_id: number; filters?: OrderFiltersInput | null }>({
  model: 'Order',
  field: 'orders',
  what: 'orders',
  description: 'Lists the live orders of an operation.',
  assembled: assembledPage('orders'),
  sortable: orderSortable,
  nullable: orderNullable,
  search: searchColumns(orderSearchable, 'Case-insensitive substring of reference code, external reference code or observations.'),
  args: (t) => ({
    operation_id: t.arg.int({ required: true, description: 'Operation id.' }),
    filters: t.arg({ type: OrderFilters, description: 'Filters.' }),
  }),
  where: async (args, ctx) => {
    await checkOperation(prisma(), ctx.company.id, args.operation_id);
    const and = await filterWhere(ctx.company.id, args.filters ?? {});
    return { company_id: ctx.company.id, operation_id: args.operation_id, deleted_at: null, ...(and.length ? { AND: and } : {}) };
  },
});

builder.queryFields((t) =>
  located(records(t), 'order', orderLocator, {
    type: 'Order',
    description: (how) => `One live order by ${how}.`,
    args: (t) => ({ operation_id: t.arg.int({ required: true, description: 'Operation id.' }) }),
    resolve: (query, by, args, ctx, info) => {
      const where = { operation_id: args.operation_id as number, ...by, deleted_at: null };
      // Written by PostgreSQL when the selection can be (docs/decisions/019-assembled-pages.md).
      return found(assembledOrder(info, ctx.company.id, where, query, () => prisma().order.findFirst({ ...query, where: { company_id: ctx.company.id, ...where } })));
    },
  }),
);
