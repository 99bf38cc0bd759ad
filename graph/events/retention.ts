// How long events and webhook deliveries are kept (docs/webhooks.md, Retention): events and
// settled deliveries (with their attempts) older than EVENTS_RETENTION_DAYS are deleted, and
// so are captured rows no relay could take out for an hour, each failure logged
// (docs/decisions/012): they would otherwise keep their resources from being changed.
// The delivery workers run it when they start and every hour (graph/webhooks/workers.ts).
// Deletes go company by company through the indexes that lead with `company_id`, a bounded
// number of rows per statement, so no statement holds many locks or runs long.
import { sql } from '../db.ts';
import { env } from '../env.ts';

/** Rows deleted by one statement. */
const CHUNK = 5_000;
/** Captured rows older than this could not be relayed (the workers relay them from 5 s on, every minute). */
const LEFT_CHANGES_MS = 3600_000;

/** What one pass deleted. */
export interface Pruned {
  events: number;
  deliveries: number;
  changes: number;
}

/** Runs `statement` (a DELETE of at most CHUNK rows answering one row per row deleted) until it deletes fewer. */
async function deleteInChunks(statement: string, ...values: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = (await sql<{ n: number }>(`WITH gone AS (${statement}) SELECT count(*)::int AS n FROM gone`, ...values))[0].n;
    total += deleted;
    if (deleted < CHUNK) return total;
  }
}

/** Deletes what is past its keeping time, as of `now`. */
export async function pruneExpired(now = new Date()): Promise<Pruned> {
  const cutoff = new Date(now.getTime() - env().eventsRetentionDays * 86_400_000);
  const companies = (await sql<{ id: number }>('SELECT id FROM companies ORDER BY id')).map((c) => c.id);
  const pruned: Pruned = { events: 0, deliveries: 0, changes: 0 };
  for (const company of companies) {
    pruned.events += await deleteInChunks(
      `DELETE FROM events WHERE company_id = $1 AND seq IN (SELECT seq FROM events WHERE company_id = $1 AND created_at < $2 LIMIT ${CHUNK}) RETURNING 1`,
      company,
      cutoff,
    );
    pruned.deliveries += await deleteInChunks(
      `DELETE FROM webhook_deliveries WHERE company_id = $1 AND id IN (SELECT id FROM webhook_deliveries WHERE company_id = $1 AND inserted_at < $2 AND status <> 'PENDING' LIMIT ${CHUNK}) RETURNING 1`,
      company,
      cutoff,
    );
  }
  pruned.changes = await deleteInChunks(
    `DELETE FROM event_changes WHERE (company_id, seq) IN (SELECT company_id, seq FROM event_changes WHERE created_at < $1 LIMIT ${CHUNK}) RETURNING 1`,
    new Date(now.getTime() - LEFT_CHANGES_MS),
  );
  if (pruned.changes) console.error(`[events] ${pruned.changes} captured rows could not be relayed for an hour and were deleted: their events are lost`);
  return pruned;
}
