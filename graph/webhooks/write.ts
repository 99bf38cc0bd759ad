// Writes of webhook endpoints through the write path (docs/decisions/010-write-path.md):
// create, update, delete, rotate the secret, send a test ping, retry a delivery.
import type { Context } from '../context.ts';
import { FieldErrors, NotFoundError, fieldMessages, formatFieldMessage } from '../errors.ts';
import { inputLimits } from '../limits/values.ts';
import { eventTypes } from '../events/catalogue.ts';
import { newEventId } from '../events/relay.ts';
import { formatDateTime } from '../scalars.ts';
import { lockRoots } from '../database/locks.ts';
import { softDelete } from '../database/lifecycle.ts';
import { write, type Tx } from '../database/transaction.ts';
import { newSecret } from './signing.ts';
import { checkTarget } from './targets.ts';
import { enqueueDeliveries } from './queue.ts';
import { CLAIM_MS } from './claim.ts';

/** An endpoint as sent. */
export interface EndpointParams {
  url?: string | null;
  events?: string[] | null;
  description?: string | null;
  enabled?: boolean | null;
}

/** How long the secret before a rotation keeps signing. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** Longest URL stored, normalized (docs/limits.md, "Addresses, URLs, paths"). */
const URL_MAX = inputLimits.longLineLength;
/** The subscription to every event type. */
const ALL = '*';

/**
 * Validates an endpoint write (a create when `creating`); throws 422 with every problem.
 * Answers the URL to store, normalized (undefined when the write leaves it as it is).
 */
async function validate(params: EndpointParams, creating: boolean): Promise<string | undefined> {
  const errors = new FieldErrors();
  let normalized: string | undefined;
  if (params.url !== undefined || creating) {
    const url = params.url?.trim();
    if (!url) errors.add('url', fieldMessages.blank);
    else {
      const checked = await checkTarget(url);
      // One message for every refused host (private, unresolvable, refused form): telling them
      // apart would map the platform's network for whoever registers (docs/webhooks.md).
      if ('problem' in checked) errors.add('url', checked.problem === 'invalid' ? fieldMessages.invalid : fieldMessages.refusedTarget);
      // Percent-encoding and punycode lengthen a URL: the stored form obeys the limit too.
      else if (checked.url.length > URL_MAX) errors.add('url', formatFieldMessage('tooLong', URL_MAX));
      else normalized = checked.url;
    }
  }
  if (params.events !== undefined || creating) {
    const events = params.events ?? [];
    if (!events.length) errors.add('events', fieldMessages.blank);
    else if (events.length > eventTypes.length) errors.add('events', formatFieldMessage('tooMany', eventTypes.length));
    else
      events.forEach((type, i) => {
        if (type !== ALL && !(eventTypes as readonly string[]).includes(type)) errors.add(`events.${i}`, fieldMessages.invalid);
      });
    if (events.includes(ALL) && events.length > 1) errors.add('events', fieldMessages.invalid);
  }
  errors.throwIfAny();
  return normalized;
}

/** The live endpoint of the company, locked for the rest of the transaction, or 404. */
async function lockLive(db: Tx, companyId: number, id: number): Promise<void> {
  if (!(await lockRoots(db.webhookEndpoint, { company_id: companyId, id }))) throw new NotFoundError();
}

/** Creates an endpoint; answers its key and the secret, shown this once. */
export async function createEndpoint(ctx: Context, params: EndpointParams) {
  const url = (await validate(params, true))!;
  const secret = newSecret();
  const row = await write((db) =>
    db.webhookEndpoint.create({
      data: {
        company_id: ctx.company.id,
        url,
        events: [...new Set(params.events!)],
        description: params.description ?? null,
        secret,
        ...(params.enabled === false ? { disabled_at: new Date(), disabled_reason: 'Disabled through the API.' } : {}),
      },
      select: { company_id: true, id: true },
    }),
  );
  return { ...row, revealed_secret: secret };
}

/** Updates an endpoint; fields left out are kept. `enabled` turns deliveries off or on again. */
export async function updateEndpoint(ctx: Context, id: number, params: EndpointParams) {
  const url = await validate(params, false);
  return write(async (db) => {
    await lockLive(db, ctx.company.id, id);
    await db.webhookEndpoint.update({
      where: { company_id_id: { company_id: ctx.company.id, id } },
      data: {
        ...(url !== undefined ? { url } : {}),
        ...(params.events !== undefined ? { events: [...new Set(params.events!)] } : {}),
        ...(params.description !== undefined ? { description: params.description } : {}),
        ...(params.enabled === true ? { disabled_at: null, disabled_reason: null, failing_since: null } : {}),
        ...(params.enabled === false ? { disabled_at: new Date(), disabled_reason: 'Disabled through the API.' } : {}),
      },
    });
    return { company_id: ctx.company.id, id };
  });
}

/** Deletes an endpoint (soft delete: it answers 404 from then on, and its pending deliveries stop). */
export async function deleteEndpoint(ctx: Context, id: number) {
  await write((db) => softDelete(db.webhookEndpoint, { company_id: ctx.company.id, id }));
  return { company_id: ctx.company.id, id };
}

/** Makes a new secret; the one it replaces keeps signing for 24 hours (both signatures are sent). */
export async function rotateSecret(ctx: Context, id: number) {
  const secret = newSecret();
  await write(async (db) => {
    await lockLive(db, ctx.company.id, id);
    const { secret: old } = await db.webhookEndpoint.findUniqueOrThrow({ where: { company_id_id: { company_id: ctx.company.id, id } }, select: { secret: true } });
    await db.webhookEndpoint.update({
      where: { company_id_id: { company_id: ctx.company.id, id } },
      data: { secret, previous_secret: old, previous_secret_expires_at: new Date(Date.now() + SECRET_OVERLAP_MS) },
    });
  });
  return { company_id: ctx.company.id, id, revealed_secret: secret };
}

/**
 * Makes a `ping` delivery to the endpoint, made even when the endpoint is disabled; its first
 * attempt is the caller's, at once (docs/webhooks.md, "Testing an endpoint"). The delivery is
 * made claimed, as a worker claims one, so no worker takes it meanwhile; should the caller's
 * process die, a worker makes the attempt once the claim runs out.
 */
export async function testEndpoint(ctx: Context, id: number) {
  return write(async (db) => {
    await lockLive(db, ctx.company.id, id);
    const eventId = newEventId();
    const body = JSON.stringify({ id: eventId, type: 'ping', created_at: formatDateTime(new Date()), data: { endpoint_id: id } });
    const claimedUntil = new Date(Date.now() + CLAIM_MS);
    const delivery = await db.webhookDelivery.create({
      data: { company_id: ctx.company.id, endpoint_id: id, event_id: eventId, event_type: 'ping', body, next_attempt_at: claimedUntil },
      select: { company_id: true, id: true },
    });
    await enqueueDeliveries(db, [{ ...delivery, run_at: claimedUntil }]);
    return delivery;
  });
}

/** Tries a delivery again now, whatever its state; its attempts so far are kept. */
export async function retryDelivery(ctx: Context, endpointId: number, deliveryId: number) {
  return write(async (db) => {
    await lockLive(db, ctx.company.id, endpointId);
    const { count } = await db.webhookDelivery.updateMany({
      where: { company_id: ctx.company.id, endpoint_id: endpointId, id: deliveryId },
      data: { status: 'PENDING', next_attempt_at: new Date() },
    });
    if (!count) throw new NotFoundError();
    const delivery = { company_id: ctx.company.id, id: deliveryId };
    await enqueueDeliveries(db, [delivery]);
    return delivery;
  });
}
