// Process reads: the list with its filters, and one process by id or reference code.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { listField, searchColumns } from '../kit/list.ts';
import { found, located } from '../kit/locate.ts';
import { processLocator, operationArg, requireOperation } from './stored.ts';
import { ProcessFilters, nullableSortable, sortable } from './inputs.ts';

listField<{ operation_id: number; filters?: Record<string, unknown> | null }>({
  model: 'Process',
  field: 'processes',
  what: 'processes',
  description: 'Lists the live processes of an operation.',
  sortable,
  nullable: nullableSortable,
  search: searchColumns(['reference_code'], 'Case-insensitive substring of the reference code.'),
  args: (t) => ({
    operation_id: t.arg.int({ required: true, description: 'The operation.' }),
    filters: t.arg({ type: ProcessFilters, description: 'Exact-match filters.' }),
  }),
  where: async (args, ctx) => {
    await requireOperation(prisma(), ctx.company.id, args.operation_id);
    const filters = Object.fromEntries(Object.entries(args.filters ?? {}).filter(([, v]) => v != null));
    return { company_id: ctx.company.id, operation_id: args.operation_id, deleted_at: null, ...filters };
  },
});


builder.queryFields((t) =>
  located(t, 'process', processLocator, {
    type: 'Process',
    description: (how) => `One live process by ${how}.`,
    args: operationArg,
    resolve: (query, by, args, ctx) =>
      found(prisma().process.findFirst({ ...query, where: { company_id: ctx.company.id, operation_id: args.operation_id as number, ...by, deleted_at: null } })),
  }) as never,
);
