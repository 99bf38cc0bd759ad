// The events outbox's part of every transaction (docs/decisions/012-events-and-webhooks.md).
// Statement triggers copy every row a transaction changes in the tables events are about into
// `event_changes`: those rows, committed with the change, are the outbox, and the relay
// (relay.ts) turns them into events right after the commit. Before the write path commits
// (graph/database/transaction.ts, beforeEveryCommit) one statement checks that no other committed
// transaction's rows of the same resources still wait for the relay: the relay reads the
// resource's last version and renders it, so it must still be what that change committed.
// When some do, the write relays them (or waits for this process's relay of them) and runs again.
import { noteOutboxTime } from '../request/request-scope.ts';
import { noteRowsInserted } from '../database/statistics.ts';
import { afterCommit, RetryAfterSettling, type Tx } from '../database/transaction.ts';
import { relayAfterCommit, settleTransactions } from './relay.ts';

/**
 * Of the open transaction: its id, the companies of the rows it captured (null when it
 * captured none), how many of them it inserted (for the planner's statistics,
 * graph/database/statistics.ts), and the other transactions whose rows of the same resources wait for the
 * relay (index on `(company_id, resource_table, resource_id)`). A row that names no resource
 * (a container event, a customs record) is written under its process's lock, which touches
 * the process and captures it too (graph/database/locks.ts).
 */
const check = `
  WITH me AS (SELECT pg_current_xact_id_if_assigned()::text::bigint AS txid),
  own AS (SELECT DISTINCT c.company_id, c.resource_table, c.resource_id FROM event_changes c WHERE c.txid = (SELECT txid FROM me))
  SELECT (SELECT txid::text FROM me) AS txid, (SELECT array_agg(DISTINCT company_id) FROM own) AS companies,
  (SELECT count(*)::int FROM event_changes c WHERE c.txid = (SELECT txid FROM me) AND c.old_row IS NULL) AS inserted, (
    SELECT array_agg(DISTINCT o.txid::text) FROM own
    JOIN event_changes o ON o.company_id = own.company_id AND o.resource_table = own.resource_table AND o.resource_id = own.resource_id
    WHERE o.txid <> (SELECT txid FROM me)
  ) AS waiting`;

/**
 * The outbox's part of a transaction, timed: the request log reports it as `outbox_ms`
 * (docs/security.md). The composition root (graph/wiring.ts) runs it before every commit.
 */
export async function checkOutbox(tx: Tx): Promise<void> {
  const started = performance.now();
  try {
    const [{ txid, companies, inserted, waiting }] = await tx.$queryRawUnsafe<{ txid: string | null; companies: number[] | null; inserted: number; waiting: string[] | null }[]>(check);
    if (waiting?.length) throw new RetryAfterSettling(() => settleTransactions(waiting));
    noteRowsInserted(inserted);
    if (txid && companies?.length) afterCommit(() => relayAfterCommit(txid, companies));
  } finally {
    noteOutboxTime(performance.now() - started);
  }
}
