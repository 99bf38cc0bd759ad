import { schema } from '../../graph/schema.ts';
import type { WebhookEndpointParams } from '../generated/operations.ts';
import { route } from '../route.ts';
import { selectAll } from '../selection.ts';

const endpoint = selectAll(schema, 'WebhookEndpoint');
const delivery = selectAll(schema, 'WebhookDelivery');
const tag = 'Webhooks';
const byId = { id: 1 };
// Typed by the generated operation types, so an example that drifts from the schema fails tsc.
const example: WebhookEndpointParams = { url: 'https://integrations.example.com/tradetrack', events: ['order.created', 'shipment.eta_changed'], description: 'ERP integration' };

/** The webhook endpoint routes (docs/webhooks.md). */
export const webhookRoutes = [
  route({
    id: 'webhooks.list',
    method: 'GET',
    path: '/webhooks',
    tag,
    summary: 'List webhook endpoints',
    description: 'The webhook endpoints of the company, paginated. Secrets are never listed.',
    status: 200,
    list: true,
    document: `query WebhooksList($limit: Int, $offset: Int, $after: String, $order_by: [WebhookEndpointOrderBy!]) {
      webhookEndpoints(limit: $limit, offset: $offset, after: $after, order_by: $order_by) { data { ${endpoint} } total_count total_count_exact next_cursor }
    }`,
  }),
  route({
    id: 'webhooks.create',
    method: 'POST',
    path: '/webhooks',
    tag,
    summary: 'Register a webhook endpoint',
    description:
      '`url` (http or https, of a public address) and `events` (types, or `["*"]`) are required. The answer carries the signing `secret` (`whsec_...`) this once: keep it to verify deliveries.',
    status: 201,
    example,
    document: `mutation WebhooksCreate($params: WebhookEndpointParams!) { createWebhookEndpoint(params: $params) { webhookEndpoint { ${endpoint} } } }`,
  }),
  route({
    id: 'webhooks.get',
    method: 'GET',
    path: '/webhooks/{id}',
    tag,
    summary: 'Get a webhook endpoint',
    description: "One endpoint of your company; another company's endpoint answers 404, like a missing one.",
    status: 200,
    pathExamples: byId,
    document: `query WebhooksGet($id: Int!) { webhookEndpoint(id: $id) { ${endpoint} } }`,
  }),
  route({
    id: 'webhooks.update',
    method: 'PUT',
    path: '/webhooks/{id}',
    tag,
    summary: 'Update a webhook endpoint',
    description: 'Fields left out are kept. `enabled: true` starts deliveries again after the endpoint was disabled.',
    status: 200,
    pathExamples: byId,
    example: { events: ['*'], enabled: true } satisfies WebhookEndpointParams,
    document: `mutation WebhooksUpdate($id: Int!, $params: WebhookEndpointParams!) { updateWebhookEndpoint(id: $id, params: $params) { webhookEndpoint { ${endpoint} } } }`,
  }),
  route({
    id: 'webhooks.delete',
    method: 'DELETE',
    path: '/webhooks/{id}',
    tag,
    summary: 'Delete a webhook endpoint',
    description: 'No more deliveries are made to it; it answers 404 from then on.',
    status: 200,
    pathExamples: byId,
    document: `mutation WebhooksDelete($id: Int!) { deleteWebhookEndpoint(id: $id) { webhookEndpoint { ${endpoint} } } }`,
  }),
  route({
    id: 'webhooks.rotateSecret',
    method: 'POST',
    path: '/webhooks/{id}/rotate-secret',
    tag,
    summary: 'Rotate the signing secret',
    description: 'Makes a new secret, answered this once. The old one keeps signing for 24 hours: meanwhile every delivery carries both signatures.',
    status: 200,
    pathExamples: byId,
    document: `mutation WebhooksRotateSecret($id: Int!) { rotateWebhookEndpointSecret(id: $id) { webhookEndpoint { ${endpoint} } } }`,
  }),
  route({
    id: 'webhooks.test',
    method: 'POST',
    path: '/webhooks/{id}/test',
    tag,
    summary: 'Send a test ping',
    description:
      'Sends a `ping` to the endpoint at once, whatever its `events` and even when disabled, and answers its delivery with that attempt: `response_status` (null when the endpoint did not answer, `error` saying why), `duration_ms`, and the first 1,024 bytes of the answer in `response_body`. The attempt takes 10 s at most. It is a delivery like any other: listed in the deliveries, retried if it failed.',
    status: 200,
    pathExamples: byId,
    document: `mutation WebhooksTest($id: Int!) { testWebhookEndpoint(id: $id) { webhookDelivery { ${delivery} } } }`,
  }),
  route({
    id: 'webhooks.deliveries',
    method: 'GET',
    path: '/webhooks/{id}/deliveries',
    tag,
    summary: 'List deliveries',
    description: 'The deliveries of the endpoint, newest first, each with its attempts (status, response code, duration) and its next attempt.',
    status: 200,
    list: true,
    pathExamples: byId,
    document: `query WebhooksDeliveries($id: Int!, $limit: Int, $offset: Int, $after: String, $order_by: [WebhookDeliveryOrderBy!]) {
      webhookDeliveries(endpoint_id: $id, limit: $limit, offset: $offset, after: $after, order_by: $order_by) { data { ${delivery} } total_count total_count_exact next_cursor }
    }`,
  }),
  route({
    id: 'webhooks.retryDelivery',
    method: 'POST',
    path: '/webhooks/{id}/deliveries/{delivery_id}/retry',
    tag,
    summary: 'Retry a delivery',
    description: 'Tries the delivery again now, whatever its state; its attempts so far are kept.',
    status: 200,
    pathExamples: { id: 1, delivery_id: 1 },
    document: `mutation WebhooksRetryDelivery($id: Int!, $delivery_id: Int!) { retryWebhookDelivery(id: $id, delivery_id: $delivery_id) { webhookDelivery { ${delivery} } } }`,
  }),
];
