// One attempt of one delivery (docs/webhooks.md): claim it, sign it, POST it with a 10 s
// limit and no redirects to an address checked when the socket connects, then record the
// attempt and schedule the next one in one transaction. The delivery worker (workers.ts)
// attempts the deliveries it claimed (claim.ts); the test call claims the one it made.
import http from 'node:http';
import https from 'node:https';
import { sharedClient } from '../db.ts';
import { env } from '../env.ts';
import { write } from '../database/transaction.ts';
import { DISABLE_AFTER_MS, nextAttemptAt } from './schedule.ts';
import { signatureHeader } from './signing.ts';
import { checkedLookup, literalRefused } from './targets.ts';
import { failureText, REFUSED_TARGET } from './failures.ts';
import { enqueueDeliveries, type DeliveryKey } from './queue.ts';
import { ATTEMPT_TIMEOUT_MS, claimOne, type Claimed } from './claim.ts';

/** The error of an attempt without an answer in time. */
const NO_ANSWER = `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`;
/** Bytes of the endpoint's answer read (the rest is dropped). */
const ANSWER_BYTES = 4096;
/** Bytes of the endpoint's answer a test answers (docs/webhooks.md, "Testing an endpoint"). */
export const ANSWER_SHOWN_BYTES = 1024;

/** What one POST came to. */
export interface Outcome {
  status: number | null;
  error: string | null;
  duration_ms: number;
  /** The first 1,024 bytes of the endpoint's answer, as UTF-8 text; null when it did not answer. */
  body: string | null;
}

/**
 * POSTs `body` to `url` once: no redirects followed, 10 s at most, on a connection of its own
 * (no pooled socket: every attempt connects, so its resolved address is checked).
 */
export function post(url: URL, headers: Record<string, string>, body: string): Promise<Outcome> {
  const started = performance.now();
  const shown: Buffer[] = [];
  const done = (status: number | null, error: string | null): Outcome => ({
    status,
    error,
    duration_ms: Math.round(performance.now() - started),
    body: status === null ? null : Buffer.concat(shown).subarray(0, ANSWER_SHOWN_BYTES).toString('utf8'),
  });
  if (literalRefused(url)) return Promise.resolve(done(null, REFUSED_TARGET));
  return new Promise((resolve) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: checkedLookup, agent: false, timeout: ATTEMPT_TIMEOUT_MS, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          if (read < ANSWER_SHOWN_BYTES) shown.push(chunk);
          read += chunk.length;
          if (read > ANSWER_BYTES) response.destroy();
        });
        const status = response.statusCode ?? null;
        const settle = () => resolve(done(status, status !== null && status >= 200 && status < 300 ? null : `answered ${status}`));
        response.on('end', settle);
        response.on('close', settle);
        response.on('error', settle);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error(NO_ANSWER), { name: 'TimeoutError' })));
    // Recorded and shown to the company: a fixed sentence, never the resolved address.
    request.on('error', (e: Error) => resolve(done(null, failureText(e, NO_ANSWER))));
    request.end(body);
  });
}

/**
 * Makes one attempt of a delivery if it is due (or `held` by the caller); records it and
 * schedules the next. Answers what the attempt came to, or null when none was made.
 */
export async function attemptDelivery(key: DeliveryKey, { held = false } = {}): Promise<Outcome | null> {
  const delivery = await claimOne(key, held);
  return delivery && attemptClaimed(delivery);
}

/**
 * Makes the attempt of a claimed delivery (claim.ts), records it and schedules the next.
 * Answers what the attempt came to, or null when none was made (the endpoint is gone or disabled).
 */
export async function attemptClaimed(delivery: Claimed): Promise<Outcome | null> {
  const key = { company_id: delivery.company_id, id: delivery.id };
  const stopped = !delivery.url || delivery.deleted_at ? 'the endpoint was deleted' : delivery.disabled_at && delivery.event_type !== 'ping' ? 'the endpoint is disabled' : null;
  if (stopped || !delivery.url || !delivery.secret) {
    await sharedClient().webhookDelivery.update({ where: { company_id_id: key }, data: { status: 'FAILED', next_attempt_at: null, error: stopped } });
    return null;
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const secrets = [delivery.secret, ...(delivery.previous_secret && delivery.previous_secret_expires_at && delivery.previous_secret_expires_at > new Date() ? [delivery.previous_secret] : [])];
  const outcome = await post(new URL(delivery.url), {
    'content-type': 'application/json',
    'user-agent': 'TradeTrack-Webhooks/1.0',
    'webhook-id': delivery.event_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, delivery.event_id, timestamp, delivery.body),
    'webhook-event-type': delivery.event_type,
  }, delivery.body);
  if (outcome.error === null) await recordSuccess(key, delivery.endpoint_id, delivery.attempt_count + 1, outcome);
  else await recordFailure(key, delivery.endpoint_id, delivery, outcome);
  return outcome;
}

/**
 * Records a successful attempt in one statement: the attempt, the delivery settled, and the
 * endpoint's failure clock stopped.
 */
async function recordSuccess(key: DeliveryKey, endpointId: number, attempts: number, outcome: Outcome): Promise<void> {
  await sharedClient().$queryRaw`
    WITH a AS (
      INSERT INTO webhook_attempts (company_id, delivery_id, attempted_at, response_status, duration_ms, error)
      VALUES (${key.company_id}, ${key.id}, now(), ${outcome.status}, ${outcome.duration_ms}, NULL)
    ), d AS (
      UPDATE webhook_deliveries SET attempt_count = ${attempts}, last_attempt_at = now(), response_status = ${outcome.status},
        duration_ms = ${outcome.duration_ms}, error = NULL, status = 'SUCCEEDED', next_attempt_at = NULL
      WHERE company_id = ${key.company_id} AND id = ${key.id}
    ), e AS (
      UPDATE webhook_endpoints SET failing_since = NULL
      WHERE company_id = ${key.company_id} AND id = ${endpointId} AND failing_since IS NOT NULL
    )
    SELECT 1 AS done`;
}

/** Records a failed attempt, schedules the retry or ends the delivery, and keeps the endpoint's failure clock. */
async function recordFailure(key: DeliveryKey, endpointId: number, delivery: { inserted_at: Date; attempt_count: number }, outcome: Outcome): Promise<void> {
  const now = new Date();
  const attempts = delivery.attempt_count + 1;
  const next = nextAttemptAt(delivery.inserted_at, attempts, now, env().webhooksRetryScale);
  await write(async (db) => {
    await db.webhookAttempt.create({ data: { company_id: key.company_id, delivery_id: key.id, attempted_at: now, response_status: outcome.status, duration_ms: outcome.duration_ms, error: outcome.error } });
    await db.webhookDelivery.update({
      where: { company_id_id: key },
      data: { attempt_count: attempts, last_attempt_at: now, response_status: outcome.status, duration_ms: outcome.duration_ms, error: outcome.error, status: next ? 'PENDING' : 'FAILED', next_attempt_at: next },
    });
    const endpointKey = { company_id_id: { company_id: key.company_id, id: endpointId } };
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: endpointKey, select: { failing_since: true, disabled_at: true } });
    const since = endpoint.failing_since ?? now;
    if (!endpoint.failing_since) await db.webhookEndpoint.update({ where: endpointKey, data: { failing_since: now } });
    else if (!endpoint.disabled_at && now.getTime() - since.getTime() >= DISABLE_AFTER_MS * env().webhooksRetryScale) {
      await db.webhookEndpoint.update({
        where: endpointKey,
        data: { disabled_at: now, disabled_reason: `Every delivery failed for 3 days, since ${since.toISOString()}; the last: ${outcome.error}.`.slice(0, 500) },
      });
    }
    if (next) await enqueueDeliveries(db, [{ ...key, run_at: next }]);
  });
}
