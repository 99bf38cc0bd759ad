// Order mutations: every order route of the REST facade maps onto one of these fields.
import { builder } from '../builder.ts';
import type { PayloadName } from '../schema-helpers/payload-plugin.ts';
import { located, payloads, type FieldMaker } from '../schema-helpers/locate.ts';
import { orderLocator, type OrderBy, type OrderInput, type Kind } from './validate.ts';
import { prisma } from '../db.ts';
import { transition, readBack, updateItem, upsertMany, softDelete, updateOne, type Action } from './write.ts';
import { SalesOrderItemParams, PurchaseOrderItemParams, OrderParams } from './inputs.ts';

builder.mutationFields((t) => {
  const operation_id = () => t.arg.int({ required: true, description: 'Operation id.' });
  const reference_code = () => t.arg.string({ required: true, description: 'Reference code of the order.' });
  const params = () => t.arg({ type: OrderParams, required: true });
  const lifecycle = (action: Action, verb: string, twins: FieldMaker) =>
    located(twins, `${action}Order`, orderLocator, {
      type: 'Order',
      description: (how) => `${verb} an order by ${how}.`,
      args: () => ({ operation_id: operation_id() }),
      resolve: async (query, by, args, ctx) => readBack(query, ctx, await transition(ctx, args.operation_id as number, by as OrderBy, action)),
    });
  const itemRoute = (kind: Kind, payload: PayloadName) =>
    t.payloadField({
      payload,
      type: 'Order',
      description: `Updates one ${kind} order line, found by the order's reference code and the line's reference; fields left out are kept.`,
      args: {
        operation_id: operation_id(),
        reference_code: reference_code(),
        line_reference: t.arg.string({ required: true, description: 'Line reference of the item.' }),
        params: t.arg({ type: kind === 'purchase' ? PurchaseOrderItemParams : SalesOrderItemParams, required: true }),
      },
      resolve: async (query, _root, args, ctx, info) => readBack(query, ctx, await updateItem(ctx, info, kind, args)),
    });
  return {
    createOrder: t.payloadField({
      payload: 'CreateOrderPayload',
      type: 'Order',
      description: 'Creates an order, or updates the live order of the operation with the same reference code (an upsert of one).',
      args: { operation_id: operation_id(), params: params() },
      resolve: async (query, _root, args, ctx, info) => {
        const [key] = await upsertMany(ctx, info, args.operation_id, [args.params as OrderInput], () => '');
        return readBack(query, ctx, key);
      },
    }),
    upsertOrders: t.payloadField({
      payload: 'UpsertOrdersPayload',
      type: ['Order'],
      description: 'Creates or updates many orders keyed by reference code within the operation, all or nothing.',
      args: { operation_id: operation_id(), params: t.arg({ type: [OrderParams], required: true }) },
      resolve: async (query, _root, args, ctx, info) => {
        const keys = await upsertMany(ctx, info, args.operation_id, args.params as OrderInput[], (i) => `${i}.`);
        const rows = await prisma().order.findMany({ ...query, where: { company_id: ctx.company.id, id: { in: keys.map((k) => k.id) } } });
        const byId = new Map(rows.map((r) => [r.id, r]));
        return keys.map((k) => byId.get(k.id)!);
      },
    }),
    ...located(payloads(t, 'UpdateOrderPayload', 'UpdateOrderByReferenceCodePayload'), 'updateOrder', orderLocator, {
      type: 'Order',
      description: (how) => `Updates an order by ${how}; fields left out are kept, nested lists sent replace the stored ones.`,
      args: () => ({ operation_id: operation_id(), params: params() }),
      resolve: async (query, by, args, ctx, info) =>
        readBack(query, ctx, await updateOne(ctx, info, args.operation_id as number, args.params as OrderInput, by as OrderBy)),
    }),
    ...located(payloads(t, 'DeleteOrderPayload', 'DeleteOrderByReferenceCodePayload'), 'deleteOrder', orderLocator, {
      type: 'Order',
      description: (how) => `Deletes an order by ${how} (soft delete: it answers 404 from then on).`,
      args: () => ({ operation_id: operation_id() }),
      resolve: async (query, by, args, ctx) => readBack(query, ctx, await softDelete(ctx, args.operation_id as number, by as OrderBy)),
    }),
    ...lifecycle('finish', 'Finishes (allowed when active)', payloads(t, 'FinishOrderPayload', 'FinishOrderByReferenceCodePayload')),
    ...lifecycle('cancel', 'Cancels (allowed when active or finished)', payloads(t, 'CancelOrderPayload', 'CancelOrderByReferenceCodePayload')),
    ...lifecycle('uncancel', 'Uncancels (allowed when canceled)', payloads(t, 'UncancelOrderPayload', 'UncancelOrderByReferenceCodePayload')),
    updatePurchaseOrderItem: itemRoute('purchase', 'UpdatePurchaseOrderItemPayload'),
    updateSalesOrderItem: itemRoute('sales', 'UpdateSalesOrderItemPayload'),
  };
});
