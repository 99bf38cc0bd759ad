// Cost model reads: the list, one cost model and one version by id.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { found } from '../schema-helpers/locate.ts';
import { listField, searchColumns } from '../schema-helpers/list.ts';
import './inputs.ts'; // the object and input types first: the printed schema keeps the order types are registered in

listField({
  model: 'CostModel',
  field: 'costModels',
  what: 'cost models',
  description: 'Lists the cost models of the company.',
  sortable: ['id', 'name', 'inserted_at'],
  search: searchColumns(['name'], 'Case-insensitive substring of the name.'),
  where: (_args, ctx) => ({ company_id: ctx.company.id }),
});

builder.queryFields((t) => ({
  costModel: t.prismaField({
    type: 'CostModel',
    nullable: true,
    description: 'One cost model by id.',
    args: { id: t.arg.int({ required: true, description: 'Cost model id.' }) },
    resolve: async (query, _root, args, ctx) => {
      return found(prisma().costModel.findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id } }));
    },
  }),
  costModelVersion: t.prismaField({
    type: 'CostModelVersion',
    nullable: true,
    description: 'One cost model version by id.',
    args: { id: t.arg.int({ required: true, description: 'Cost model version id.' }) },
    resolve: async (query, _root, args, ctx) => {
      return found(prisma().costModelVersion.findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id } }));
    },
  }),
}));
