// Webhook endpoint mutations (docs/webhooks.md): create, update, delete, secret rotation, test and retry; REST's /api/webhooks routes run them.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { type AttemptShown, type Revealed } from './types.ts';
import { WebhookEndpointParams } from './inputs.ts';
import { attemptDelivery } from './deliver.ts';
import { createEndpoint, deleteEndpoint, retryDelivery, rotateSecret, testEndpoint, updateEndpoint, type EndpointParams } from './write.ts';

const endpointById = (companyId: number, id: number) => ({ company_id_id: { company_id: companyId, id } });

builder.mutationFields((t) => {
  const id = t.arg.int({ required: true, description: 'Endpoint id.' });
  const params = t.arg({ type: WebhookEndpointParams, required: true });
  /** The endpoint a write left, with the secret it revealed (if any). */
  const answer = async (query: object, key: { company_id: number; id: number } & Revealed) => ({
    ...(await prisma().webhookEndpoint.findUniqueOrThrow({ ...query, where: endpointById(key.company_id, key.id) })),
    revealed_secret: key.revealed_secret,
  });
  return {
    createWebhookEndpoint: t.payloadField({
      payload: 'CreateWebhookEndpointPayload',
      type: 'WebhookEndpoint',
      description: 'Registers a webhook endpoint; the answer carries its signing `secret`, shown this once.',
      args: { params },
      resolve: async (query, _root, args, ctx) => answer(query, await createEndpoint(ctx, args.params as EndpointParams)),
    }),
    updateWebhookEndpoint: t.payloadField({
      payload: 'UpdateWebhookEndpointPayload',
      type: 'WebhookEndpoint',
      description: 'Updates a webhook endpoint; fields left out are kept.',
      args: { id, params },
      resolve: async (query, _root, args, ctx) => answer(query, await updateEndpoint(ctx, args.id, args.params as EndpointParams)),
    }),
    deleteWebhookEndpoint: t.payloadField({
      payload: 'DeleteWebhookEndpointPayload',
      type: 'WebhookEndpoint',
      description: 'Deletes a webhook endpoint: no more deliveries; it answers 404 from then on.',
      args: { id },
      resolve: async (query, _root, args, ctx) => answer(query, await deleteEndpoint(ctx, args.id)),
    }),
    rotateWebhookEndpointSecret: t.payloadField({
      payload: 'RotateWebhookEndpointSecretPayload',
      type: 'WebhookEndpoint',
      description: 'Makes a new signing secret, answered this once; the old one keeps signing for 24 hours, both signatures sent meanwhile.',
      args: { id },
      resolve: async (query, _root, args, ctx) => answer(query, await rotateSecret(ctx, args.id)),
    }),
    testWebhookEndpoint: t.payloadField({
      payload: 'TestWebhookEndpointPayload',
      type: 'WebhookDelivery',
      description:
        'Sends a `ping` to the endpoint at once and answers its delivery with that attempt: `response_status` (null when it did not answer, with `error` saying why), `duration_ms` and the first 1,024 bytes of the answer in `response_body`. The attempt takes 10 s at most.',
      args: { id },
      resolve: async (query, _root, args, ctx) => {
        const key = await testEndpoint(ctx, args.id);
        // The attempt is made within the request (docs/webhooks.md, "Testing an endpoint").
        const attempt = await attemptDelivery(key, { held: true });
        const row = await prisma().webhookDelivery.findUniqueOrThrow({ ...query, where: { company_id_id: key } });
        if (!attempt) return row;
        // This attempt's figures, even if a retry of a failure ran meanwhile.
        const shown: AttemptShown = { revealed_response_body: attempt.body };
        return { ...row, response_status: attempt.status, duration_ms: attempt.duration_ms, error: attempt.error, ...shown };
      },
    }),
    retryWebhookDelivery: t.payloadField({
      payload: 'RetryWebhookDeliveryPayload',
      type: 'WebhookDelivery',
      description: 'Tries a delivery again now, whatever its state.',
      args: { id, delivery_id: t.arg.int({ required: true, description: 'Delivery id.' }) },
      resolve: async (query, _root, args, ctx) => {
        const key = await retryDelivery(ctx, args.id, args.delivery_id);
        return prisma().webhookDelivery.findUniqueOrThrow({ ...query, where: { company_id_id: key } });
      },
    }),
  };
});
