// Fleet reads: the list of each kind and one driver, vehicle or trailer by id.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { found } from '../schema-helpers/locate.ts';
import { listField, searchColumns } from '../schema-helpers/list.ts';
import { delegate, fleetKinds, modelField, type FleetKind } from './models.ts';
import './inputs.ts'; // the object and input types first: the printed schema keeps the order types are registered in

function fleetQueries({ kind, model, plural, searchable, sortable, what }: FleetKind) {
  listField({
    model,
    field: plural,
    what: `${what}s`,
    description: `Lists the live ${what}s of the company.`,
    sortable,
    search: searchColumns(searchable, `Case-insensitive substring of ${searchable.join(', ')}.`),
    where: (_args, ctx) => ({ company_id: ctx.company.id, deleted_at: null }),
  });
  builder.queryFields((t) => ({
    [kind]: modelField<{ id: number }>(t, {
      type: model,
      nullable: true,
      description: `One live ${what} by id.`,
      args: { id: t.arg.int({ required: true, description: `${model} id.` }) },
      resolve: (query, _root, args, ctx) => found(delegate(prisma(), kind).findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id, deleted_at: null } })),
    }),
  }));
}

fleetKinds.forEach(fleetQueries);
