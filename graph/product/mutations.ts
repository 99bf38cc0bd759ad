// Product mutations: create, batch upsert, update and delete, the last two by id or code.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { located, payloads } from '../schema-helpers/locate.ts';
import { byKey, softDelete, upsertMany, saveOne, type Params, type ProductBy } from './write.ts';
import { ProductParams, productLocator } from './inputs.ts';

builder.mutationFields((t) => ({
  createProduct: t.payloadField({
    payload: 'CreateProductPayload',
    type: 'Product',
    description: 'Creates a product.',
    args: { params: t.arg({ type: ProductParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const key = await saveOne(ctx, info, args.params as Params);
      return prisma().product.findUniqueOrThrow({ ...query, where: byKey(key) });
    },
  }),
  upsertProducts: t.payloadField({
    payload: 'UpsertProductsPayload',
    type: ['Product'],
    description: 'Creates or updates many products keyed by code, all or nothing.',
    args: { params: t.arg({ type: [ProductParams], required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const keys = await upsertMany(ctx, info, args.params as Params[]);
      const rows = await prisma().product.findMany({ ...query, where: { company_id: ctx.company.id, id: { in: keys.map((k) => k.id) } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return keys.map((k) => byId.get(k.id)!);
    },
  }),
  ...located(payloads(t, 'UpdateProductPayload', 'UpdateProductByCodePayload'), 'updateProduct', productLocator, {
    type: 'Product',
    description: (how) => `Updates a product by ${how}; fields left out are kept.`,
    args: (t) => ({ params: t.arg({ type: ProductParams, required: true }) }),
    resolve: async (query, by, args, ctx, info) => {
      const key = await saveOne(ctx, info, args.params as Params, by as ProductBy);
      return prisma().product.findUniqueOrThrow({ ...query, where: byKey(key) });
    },
  }),
  ...located(payloads(t, 'DeleteProductPayload', 'DeleteProductByCodePayload'), 'deleteProduct', productLocator, {
    type: 'Product',
    description: (how) => `Deletes a product by ${how} (soft delete: it answers 404 from then on).`,
    resolve: (query, by, _args, ctx) => softDelete(query, ctx, by as ProductBy),
  }),
}));
