// Fleet mutations: create, update and delete of each kind, by id.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { softDelete } from '../database/lifecycle.ts';
import { write as inTransaction } from '../database/transaction.ts';
import type { PayloadName } from '../schema-helpers/payload-plugin.ts';
import { paramsRef } from './inputs.ts';
import { delegate, fleetKinds, modelPayloadField, type FleetKind, type Model } from './models.ts';
import { save } from './write.ts';

/** The payloads of each kind's mutations. */
const payloads: Record<Model, { create: PayloadName; update: PayloadName; delete: PayloadName }> = {
  Driver: { create: 'CreateDriverPayload', update: 'UpdateDriverPayload', delete: 'DeleteDriverPayload' },
  Vehicle: { create: 'CreateVehiclePayload', update: 'UpdateVehiclePayload', delete: 'DeleteVehiclePayload' },
  Trailer: { create: 'CreateTrailerPayload', update: 'UpdateTrailerPayload', delete: 'DeleteTrailerPayload' },
};

function fleetMutations({ kind, model, what }: FleetKind) {
  const Params = paramsRef[kind];
  const payload = payloads[model];
  builder.mutationFields((t) => ({
    [`create${model}`]: modelPayloadField<{ params: Record<string, unknown> }>(t, {
      payload: payload.create,
      type: model,
      description: `Creates a ${what}.`,
      args: { params: t.arg({ type: Params, required: true }) },
      resolve: async (query, _root, args, ctx, info) => {
        const key = await save(kind, ctx, info, args.params);
        return delegate(prisma(), kind).findUniqueOrThrow({ ...query, where: { company_id_id: key } });
      },
    }),
    [`update${model}`]: modelPayloadField<{ id: number; params: Record<string, unknown> }>(t, {
      payload: payload.update,
      type: model,
      description: `Updates a ${what} by id; fields left out are kept.`,
      args: { id: t.arg.int({ required: true }), params: t.arg({ type: Params, required: true }) },
      resolve: async (query, _root, args, ctx, info) => {
        const key = await save(kind, ctx, info, args.params, args.id);
        return delegate(prisma(), kind).findUniqueOrThrow({ ...query, where: { company_id_id: key } });
      },
    }),
    [`delete${model}`]: modelPayloadField<{ id: number }>(t, {
      payload: payload.delete,
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
