// Product reads: the list with its sort keys, search and filters, and one product by id or code.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { listField, searchColumns } from '../schema-helpers/list.ts';
import { assembledPage, assembledRecord } from '../assembled/read.ts';
import { found, located, records } from '../schema-helpers/locate.ts';
import { nullableSortable, ProductFilters, productLocator, searchable, sortable } from './inputs.ts';

/** One product by its key, written by PostgreSQL (docs/decisions/019-assembled-pages.md). */
const assembledProduct = assembledRecord('products');

listField<{ filters?: Record<string, unknown> | null }>({
  model: 'Product',
  field: 'products',
  what: 'products',
  description: 'Lists the live products of the company.',
  assembled: assembledPage('products'),
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

builder.queryFields((t) =>
  located(records(t), 'product', productLocator, {
    type: 'Product',
    description: (how) => `One live product by ${how}.`,
    resolve: (query, by, _args, ctx, info) => {
      const where = { ...by, deleted_at: null };
      // Written by PostgreSQL when the selection can be (docs/decisions/019-assembled-pages.md).
      return found(assembledProduct(info, ctx.company.id, where, query, () => prisma().product.findFirst({ ...query, where: { company_id: ctx.company.id, ...where } })));
    },
  }),
);
