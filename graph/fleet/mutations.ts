// Fleet mutations: create, update and delete of each kind, by id.
import { prisma } from '../db.ts';
import { softDelete } from '../database/lifecycle.ts';
import { write as inTransaction } from '../database/transaction.ts';
import { mutationFields } from '../schema-helpers/payload.ts';
import { paramsRef } from './inputs.ts';
import { delegate, fleetKinds, modelField, type FleetKind } from './models.ts';
import { save } from './write.ts';

function fleetMutations({ kind, model, what }: FleetKind) {
  const Params = paramsRef[kind];
  mutationFields((t) => ({
    [`create${model}`]: modelField<{ params: Record<string, unknown> }>(t, {
      type: model,
      description: `Creates a ${what}.`,
      args: { params: t.arg({ type: Params, required: true }) },
      resolve: async (query, _root, args, ctx, info) => {
        const key = await save(kind, ctx, info, args.params);
        return delegate(prisma(), kind).findUniqueOrThrow({ ...query, where: { company_id_id: key } });
      },
    }),
    [`update${model}`]: modelField<{ id: number; params: Record<string, unknown> }>(t, {
      type: model,
      description: `Updates a ${what} by id; fields left out are kept.`,
      args: { id: t.arg.int({ required: true }), params: t.arg({ type: Params, required: true }) },
      resolve: async (query, _root, args, ctx, info) => {
        const key = await save(kind, ctx, info, args.params, args.id);
        return delegate(prisma(), kind).findUniqueOrThrow({ ...query, where: { company_id_id: key } });
      },
    }),
    [`delete${model}`]: modelField<{ id: number }>(t, {
      type: model,
      description: `Deletes a ${what} by id (soft delete: it answers 404 from then on; trips keep their ${kind}_id).`,
      args: { id: t.arg.int({ required: true }) },
      resolve: async (query, _root, args, ctx) => {
        const key = { company_id: ctx.company.id, id: args.id };
        await inTransaction((db) => softDelete(delegate(db, kind), key));
        return delegate(prisma(), kind).findUniqueOrThrow({ ...query, where: { company_id_id: key } });
      },
    }),
  }));
}

fleetKinds.forEach(fleetMutations);
