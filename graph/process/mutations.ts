// Process mutations: every process route of the REST facade maps onto one of these fields.
import { builder, type ArgsBuilder } from '../builder.ts';
import { prisma } from '../db.ts';
import { located, payloads, type FieldMaker } from '../schema-helpers/locate.ts';
import type { PayloadName } from '../schema-helpers/payload-plugin.ts';
import { type ProcessBy, processLocator, operationArg, type ProcessInput } from './stored.ts';
import { ProcessParams } from './inputs.ts';
import { transition, setCosts, type Action, readOne, saveAll, softDelete } from './write.ts';

builder.mutationFields((t) => {
  const params = (t: ArgsBuilder) => ({ ...operationArg(t), params: t.arg({ type: ProcessParams, required: true }) });
  const lifecycle = (action: Action, verb: string, twins: FieldMaker) =>
    located(twins, `${action}Process`, processLocator, {
      type: 'Process',
      description: (how) => `${verb} a process by ${how}.`,
      args: operationArg,
      resolve: async (query, by, args, ctx) => readOne(query, ctx.company.id, await transition(ctx, args.operation_id as number, by as ProcessBy, action)),
    });
  const costs = (close: boolean, payload: PayloadName, description: string) =>
    t.payloadField({
      payload,
      type: 'Process',
      description,
      args: { ...operationArg(t), process_id: t.arg.int({ required: true, description: 'Process id.' }) },
      resolve: async (query, _root, args, ctx) => readOne(query, ctx.company.id, await setCosts(ctx, args.operation_id as number, { id: args.process_id }, close)),
    });
  return {
    createProcess: t.payloadField({
      payload: 'CreateProcessPayload',
      type: 'Process',
      description: 'Creates a process with its foreign trade shipment, or updates the live process of the operation with the same reference code (an upsert of one).',
      args: params(t),
      resolve: async (query, _root, args, ctx, info) => {
        const [key] = await saveAll(ctx, info, args.operation_id as number, [args.params as ProcessInput], { upsert: true }, () => '');
        return readOne(query, ctx.company.id, key.id);
      },
    }),
    upsertProcesses: t.payloadField({
      payload: 'UpsertProcessesPayload',
      type: ['Process'],
      description: 'Creates or updates many processes keyed by reference_code within the operation, all or nothing.',
      args: { ...operationArg(t), params: t.arg({ type: [ProcessParams], required: true }) },
      resolve: async (query, _root, args, ctx, info) => {
        const keys = await saveAll(ctx, info, args.operation_id as number, args.params as ProcessInput[], { upsert: true }, (i) => `${i}.`);
        const rows = await prisma().process.findMany({ ...query, where: { company_id: ctx.company.id, id: { in: keys.map((k) => k.id) } } });
        const byId = new Map(rows.map((r) => [r.id, r]));
        return keys.map((k) => byId.get(k.id)!);
      },
    }),
    ...located(payloads(t, 'UpdateProcessPayload', 'UpdateProcessByReferenceCodePayload'), 'updateProcess', processLocator, {
      type: 'Process',
      description: (how) => `Updates a process by ${how}; fields left out are kept.`,
      args: params,
      resolve: async (query, by, args, ctx, info) => {
        const [key] = await saveAll(ctx, info, args.operation_id as number, [args.params as ProcessInput], { by: by as ProcessBy }, () => '');
        return readOne(query, ctx.company.id, key.id);
      },
    }),
    ...located(payloads(t, 'DeleteProcessPayload', 'DeleteProcessByReferenceCodePayload'), 'deleteProcess', processLocator, {
      type: 'Process',
      description: (how) => `Deletes a process by ${how} (soft delete: it answers 404 from then on).`,
      args: operationArg,
      resolve: (query, by, args, ctx) => softDelete(query, ctx, args.operation_id as number, by as ProcessBy),
    }),
    closeProcessCosts: costs(true, 'CloseProcessCostsPayload', 'Closes the costs of a process (allowed when open); closed costs refuse changes.'),
    reopenProcessCosts: costs(false, 'ReopenProcessCostsPayload', 'Reopens the costs of a process (allowed when closed).'),
    ...lifecycle('finish', 'Finishes (allowed when active)', payloads(t, 'FinishProcessPayload', 'FinishProcessByReferenceCodePayload')),
    ...lifecycle('cancel', 'Cancels (allowed when active or finished)', payloads(t, 'CancelProcessPayload', 'CancelProcessByReferenceCodePayload')),
    ...lifecycle('uncancel', 'Uncancels (allowed when canceled)', payloads(t, 'UncancelProcessPayload', 'UncancelProcessByReferenceCodePayload')),
  };
});
