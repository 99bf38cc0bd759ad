// Claims of deliveries for an attempt (docs/decisions/012-events-and-webhooks.md, point 4):
// a claim moves the delivery's `next_attempt_at` a lease ahead (CLAIM_MS) in the statement
// that finds it due, so no other worker, in this process or another, takes it meanwhile; a
// worker that dies mid-attempt leaves it due again once the lease has run out. Each claim
// reads the delivery's endpoint in the same statement.
import { Prisma } from '../../prisma/generated/client/client.ts';
import { sharedClient } from '../db.ts';
import type { DeliveryKey } from './queue.ts';

/** Longest an attempt waits for the endpoint's answer. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How long a claimed attempt is held before another worker may take it (a worker that died mid-attempt). */
export const CLAIM_MS = ATTEMPT_TIMEOUT_MS + 5_000;

/** What an attempt needs: the delivery and its endpoint (null fields when the endpoint is gone). */
export interface Claimed {
  company_id: number;
  id: number;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  /** The exact body every attempt sends, fixed when the delivery was made. */
  body: string;
  inserted_at: Date;
  attempt_count: number;
  url: string | null;
  secret: string | null;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  disabled_at: Date | null;
  deleted_at: Date | null;
}

const lease = `${CLAIM_MS} milliseconds`;

/**
 * Claims up to `limit` pending deliveries that `which` picks, the longest due first, in one
 * statement. Rows another worker's claim is locking are skipped, and a row it claimed
 * meanwhile is no longer due when this statement reads it again: of several workers, one
 * gets each delivery.
 */
function claim(which: Prisma.Sql, limit: number): Promise<Claimed[]> {
  return sharedClient().$queryRaw<Claimed[]>`
    WITH due AS (
      SELECT company_id, id FROM webhook_deliveries
      WHERE status = 'PENDING' AND ${which}
      ORDER BY next_attempt_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), d AS (
      UPDATE webhook_deliveries w SET next_attempt_at = now() + ${lease}::interval
      FROM due WHERE w.company_id = due.company_id AND w.id = due.id
      RETURNING w.company_id, w.id, w.endpoint_id, w.event_id, w.event_type, w.body, w.inserted_at, w.attempt_count
    )
    SELECT d.company_id, d.id, d.endpoint_id, d.event_id, d.event_type, d.body, d.inserted_at, d.attempt_count,
      e.url, e.secret, e.previous_secret, e.previous_secret_expires_at, e.disabled_at, e.deleted_at
    FROM d LEFT JOIN webhook_endpoints e ON e.company_id = d.company_id AND e.id = d.endpoint_id`;
}

/** Claims up to `limit` due deliveries (the delivery worker's pass). */
export const claimDue = (limit: number): Promise<Claimed[]> => claim(Prisma.sql`next_attempt_at <= now()`, limit);

/**
 * Claims one delivery if it is due. `held`: the caller made the delivery claimed already (a
 * test call), so it is taken while pending.
 */
export async function claimOne(key: DeliveryKey, held: boolean): Promise<Claimed | null> {
  const [claimed] = await claim(Prisma.sql`company_id = ${key.company_id} AND id = ${key.id} AND (${held}::boolean OR next_attempt_at <= now())`, 1);
  return claimed ?? null;
}
