// Route mutations: create, update and delete, by id.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { softDelete } from '../database/lifecycle.ts';
import { write as inTransaction } from '../database/transaction.ts';
import { RouteParams } from './inputs.ts';
import { save, type Params } from './write.ts';

builder.mutationFields((t) => ({
  createRoute: t.payloadField({
    payload: 'CreateRoutePayload',
    type: 'Route',
    description: 'Creates a route with its points.',
    args: { params: t.arg({ type: RouteParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const key = await save(ctx, info, args.params as Params);
      return prisma().route.findUniqueOrThrow({ ...query, where: { company_id_id: key } });
    },
  }),
  updateRoute: t.payloadField({
    payload: 'UpdateRoutePayload',
    type: 'Route',
    description: 'Updates a route by id; fields left out are kept, points sent replace the stored ones.',
    args: { id: t.arg.int({ required: true }), params: t.arg({ type: RouteParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const key = await save(ctx, info, args.params as Params, args.id);
      return prisma().route.findUniqueOrThrow({ ...query, where: { company_id_id: key } });
    },
  }),
  deleteRoute: t.payloadField({
    payload: 'DeleteRoutePayload',
    type: 'Route',
    description: 'Deletes a route by id (soft delete: it answers 404 from then on).',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const key = { company_id: ctx.company.id, id: args.id };
      await inTransaction((db) => softDelete(db.route, key));
      return prisma().route.findUniqueOrThrow({ ...query, where: { company_id_id: key } });
    },
  }),
}));
