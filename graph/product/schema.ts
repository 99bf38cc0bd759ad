// Product queries and mutations: the list, lookups by id or code, create, batch upsert, update and delete.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { listField, searchColumns } from '../schema-helpers/list.ts';
import { found, located, type Locator } from '../schema-helpers/locate.ts';
import { byKey, softDelete, upsertMany, saveOne, type Params, type ProductBy } from './write.ts';
import { ProductParams, nullableSortable, ProductFilters, searchable, sortable } from './types.ts';
import { mutationFields } from '../schema-helpers/payload.ts';

listField<{ filters?: Record<string, unknown> | null }>({
  model: 'Product',
  field: 'products',
  what: 'products',
  description: 'Lists the live products of the company.',
  sortable,
  nullable: nullableSortable,
  search: searchColumns(searchable, 'Case-insensitive substring of code, description, category, family, manufacturer or NCM.'),
  args: (t) => ({ filters: t.arg({ type: ProductFilters, description: 'Exact-match filters.' }) }),
  where: (args, ctx) => ({
    company_id: ctx.company.id,
    deleted_at: null,
    ...Object.fromEntries(Object.entries(args.filters ?? {}).filter(([, v]) => v != null)),
  }),
});

/** Products are located by id or by code (SKU). */
const productLocator: Locator = {
  id: 'Product id.',
  key: { arg: 'code', suffix: 'ByCode', label: 'code', description: 'Product code (SKU).' },
};

builder.queryFields((t) =>
  located(t, 'product', productLocator, {
    type: 'Product',
    description: (how) => `One live product by ${how}.`,
    resolve: (query, by, _args, ctx) => found(prisma().product.findFirst({ ...query, where: { company_id: ctx.company.id, ...by, deleted_at: null } })),
  }) as never,
);

mutationFields((t) => ({
  createProduct: t.prismaField({
    type: 'Product',
    description: 'Creates a product.',
    args: { params: t.arg({ type: ProductParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const key = await saveOne(ctx, info, args.params as Params);
      return prisma().product.findUniqueOrThrow({ ...query, where: byKey(key) });
    },
  }),
  upsertProducts: t.prismaField({
    type: ['Product'],
    description: 'Creates or updates many products keyed by code, all or nothing.',
    args: { params: t.arg({ type: [ProductParams], required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const keys = await upsertMany(ctx, info, args.params as Params[]);
      const rows = await prisma().product.findMany({ ...query, where: { company_id: ctx.company.id, id: { in: keys.map((k) => k.id) } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return keys.map((k) => byId.get(k.id)!);
    },
  }),
  ...located(t, 'updateProduct', productLocator, {
    type: 'Product',
    description: (how) => `Updates a product by ${how}; fields left out are kept.`,
    args: (t) => ({ params: t.arg({ type: ProductParams, required: true }) }),
    resolve: async (query, by, args, ctx, info) => {
      const key = await saveOne(ctx, info, args.params as Params, by as ProductBy);
      return prisma().product.findUniqueOrThrow({ ...query, where: byKey(key) });
    },
  }),
  ...located(t, 'deleteProduct', productLocator, {
    type: 'Product',
    description: (how) => `Deletes a product by ${how} (soft delete: it answers 404 from then on).`,
    resolve: (query, by, _args, ctx) => softDelete(query, ctx, by as ProductBy),
  }),
}) as never);
