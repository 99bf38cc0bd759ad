// Route reads: the list with its filters, and one route by id.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { found } from '../schema-helpers/locate.ts';
import { containsText, listField, searchColumns } from '../schema-helpers/list.ts';
import { RouteFilters } from './inputs.ts';

listField<{ filters?: { active?: boolean | null; name?: string | null } | null }>({
  model: 'Route',
  field: 'routes',
  what: 'routes',
  description: 'Lists the live routes of the company.',
  sortable: ['id', 'name', 'active', 'inserted_at', 'updated_at'],
  search: searchColumns(['name', 'description'], 'Case-insensitive substring of the name or description.'),
  args: (t) => ({ filters: t.arg({ type: RouteFilters, description: 'Filters.' }) }),
  where: (args, ctx) => ({
    company_id: ctx.company.id,
    deleted_at: null,
    ...(args.filters?.active != null ? { active: args.filters.active } : {}),
    ...(args.filters?.name?.trim() ? { name: containsText(args.filters.name.trim()) } : {}),
  }),
});

builder.queryFields((t) => ({
  route: t.prismaField({
    type: 'Route',
    nullable: true,
    description: 'One live route by id.',
    args: { id: t.arg.int({ required: true, description: 'Route id.' }) },
    resolve: async (query, _root, args, ctx) => {
      return found(prisma().route.findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id, deleted_at: null } }));
    },
  }),
}));
