// Webhook endpoints and deliveries in GraphQL (docs/webhooks.md).
import { builder } from '../builder.ts';
import { graphqlOnly } from '../schema-helpers/selection.ts';
import { eventTypes } from '../events/catalogue.ts';
import { node } from '../schema-helpers/node.ts';
import { live } from '../database/records.ts';
import { normalizedTarget, parseTarget } from './targets.ts';

/** A stored URL, normalized (it was parsed when registered, so it still parses). */
const storedTarget = (url: string) => {
  const parsed = parseTarget(url);
  return parsed === 'invalid' ? url : normalizedTarget(parsed);
};

/** A endpoint row as a mutation answers it: with the secret when it was just made. */
export type Revealed = { revealed_secret?: string };
/** A delivery row as a test answers it: with the start of the endpoint's answer, never stored. */
export type AttemptShown = { revealed_response_body?: string | null };

export const WebhookEndpointStatus = builder.enumType('WebhookEndpointStatus', {
  description: 'ENABLED endpoints receive deliveries; DISABLED ones (by you, or after failing for 3 days) do not.',
  values: ['ENABLED', 'DISABLED'] as const,
});

builder.prismaObject('WebhookEndpoint', {
  ...node('WebhookEndpoint', live),
  description: 'A URL events are POSTed to, signed with its secret (docs/webhooks.md).',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    url: t.string({
      select: { url: true },
      description: 'Where deliveries are POSTed (http or https), normalized: lower-case scheme and host, IDN host in punycode, default port and fragment dropped (docs/webhooks.md).',
      // Stored normalized; a row stored before normalization that the migration could not
      // rewrite in SQL (a non-ASCII URL) is normalized on the way out, as its deliveries are.
      resolve: (row) => storedTarget(row.url),
    }),
    description: t.exposeString('description', { nullable: true, description: 'What the endpoint is for.' }),
    events: t.exposeStringList('events', { description: `Event types delivered, or \`["*"]\` for all of them (${eventTypes.length} types).` }),
    status: t.field({
      type: WebhookEndpointStatus,
      select: { disabled_at: true },
      description: 'Whether deliveries are made.',
      resolve: (row) => (row.disabled_at ? 'DISABLED' : 'ENABLED'),
    }),
    disabled_at: t.expose('disabled_at', { type: 'DateTime', nullable: true, description: 'When the endpoint was disabled.' }),
    disabled_reason: t.exposeString('disabled_reason', { nullable: true, description: 'Why it was disabled.' }),
    failing_since: t.expose('failing_since', { type: 'DateTime', nullable: true, description: 'Since when every delivery has failed; null after any success.' }),
    secret: t.string({
      nullable: true,
      description: 'The signing secret (`whsec_...`): answered only by the create and rotate-secret calls. Keep it; it cannot be read again.',
      resolve: (row) => (row as Revealed).revealed_secret ?? null,
    }),
    previous_secret_expires_at: t.expose('previous_secret_expires_at', {
      type: 'DateTime',
      nullable: true,
      description: 'Until when deliveries are also signed with the secret before the last rotation.',
    }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When it was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

builder.prismaObject('WebhookAttempt', {
  description: 'One try of a delivery.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    attempted_at: t.expose('attempted_at', { type: 'DateTime', description: 'When the request was sent.' }),
    response_status: t.exposeInt('response_status', { nullable: true, description: 'HTTP status the endpoint answered; null when it did not answer.' }),
    duration_ms: t.exposeInt('duration_ms', { description: 'Milliseconds until the answer (or the failure).' }),
    error: t.exposeString('error', { nullable: true, description: 'Why the attempt failed when the endpoint did not answer 2xx.' }),
  }),
});

export const WebhookDeliveryStatus = builder.enumType('WebhookDeliveryStatus', {
  description: 'PENDING until an attempt succeeds (SUCCEEDED) or the retries run out (FAILED).',
  values: ['PENDING', 'SUCCEEDED', 'FAILED'] as const,
});

builder.prismaObject('WebhookDelivery', {
  description: 'One event sent to one endpoint, with its attempts.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    endpoint_id: t.exposeInt('endpoint_id', { description: 'The endpoint.' }),
    endpoint: t.relation('endpoint', { ...graphqlOnly, description: 'The endpoint (GraphQL only).' }),
    event_id: t.exposeString('event_id', { description: 'The event (`evt_...`), also the `webhook-id` header of every attempt.' }),
    event_type: t.exposeString('event_type', { description: 'The event type, or `ping` for a test delivery (not an event type: never subscribed to, never listed in events).' }),
    status: t.field({ type: WebhookDeliveryStatus, select: { status: true }, description: 'Where the delivery stands.', resolve: (row) => row.status as 'PENDING' }),
    attempt_count: t.exposeInt('attempt_count', { description: 'Attempts made so far.' }),
    next_attempt_at: t.expose('next_attempt_at', { type: 'DateTime', nullable: true, description: 'When the next attempt is due; null once the delivery is settled.' }),
    response_status: t.exposeInt('response_status', { nullable: true, description: 'HTTP status of the last attempt.' }),
    duration_ms: t.exposeInt('duration_ms', { nullable: true, description: 'Milliseconds the last attempt took.' }),
    error: t.exposeString('error', { nullable: true, description: 'Why the last attempt failed.' }),
    response_body: t.string({
      nullable: true,
      description: "The first 1,024 bytes of the endpoint's answer to the attempt, as text: answered only by the test call (`POST /api/webhooks/{id}/test`), null elsewhere (answers are not stored).",
      resolve: (row) => (row as AttemptShown).revealed_response_body ?? null,
    }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the delivery was made.' }),
    attempts: t.relation('attempts', { description: 'Every attempt, oldest first.', query: { orderBy: { id: 'asc' } } }),
  }),
});
