// Webhook endpoint reads (docs/webhooks.md): the endpoint and delivery lists, one endpoint by id; REST's /api/webhooks routes run them.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { NotFoundError } from '../errors.ts';
import { found } from '../schema-helpers/locate.ts';
import { listField } from '../schema-helpers/list.ts';

listField({
  model: 'WebhookEndpoint',
  field: 'webhookEndpoints',
  what: 'webhook endpoints',
  description: 'Lists the webhook endpoints of the company.',
  sortable: ['id', 'inserted_at', 'updated_at'],
  where: (_args, ctx) => ({ company_id: ctx.company.id, deleted_at: null }),
});

listField<{ endpoint_id: number }>({
  model: 'WebhookDelivery',
  field: 'webhookDeliveries',
  what: 'deliveries',
  description: 'Lists the deliveries of one endpoint, newest first by default, with their attempts.',
  sortable: ['id', 'inserted_at', 'next_attempt_at'],
  nullable: new Set(['next_attempt_at']),
  defaultOrder: [{ field: 'id', order: 'DESC' }],
  args: (t) => ({ endpoint_id: t.arg.int({ required: true, description: 'The endpoint.' }) }),
  where: async (args, ctx) => {
    const live = await prisma().webhookEndpoint.count({ where: { company_id: ctx.company.id, id: args.endpoint_id, deleted_at: null } });
    if (!live) throw new NotFoundError();
    return { company_id: ctx.company.id, endpoint_id: args.endpoint_id };
  },
});

builder.queryFields((t) => ({
  webhookEndpoint: t.prismaField({
    type: 'WebhookEndpoint',
    nullable: true,
    description: 'One webhook endpoint by id.',
    args: { id: t.arg.int({ required: true, description: 'Endpoint id.' }) },
    resolve: (query, _root, args, ctx) => found(prisma().webhookEndpoint.findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id, deleted_at: null } })),
  }),
}));
