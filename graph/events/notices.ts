// Notices of events for live subscriptions (graph/events/live.ts): sent by the statement that
// writes them (graph/events/outbox.ts), `{"c": company, "ids": [...]}` on EVENTS_CHANNEL.
// PostgreSQL delivers them when the transaction commits, and never when it rolls back.

/** The channel that tells listening processes which events a transaction committed. */
export const EVENTS_CHANNEL = 'tt_events';
/** Event ids per notice: a NOTIFY payload holds at most 8,000 bytes. */
const IDS_PER_NOTICE = 200;

/**
 * A query of one row (`notices`, how many were sent) that notifies the events of `from`
 * (rows with `company_id`, `seq`, `id`), by company in their order, 200 ids a notice.
 */
export function notifySql(from: string): string {
  return `SELECT count(pg_notify('${EVENTS_CHANNEL}', json_build_object('c', company_id, 'ids', ids)::text))::int AS notices
    FROM (
      SELECT company_id, array_agg(id ORDER BY seq) AS ids
      FROM (SELECT company_id, id, seq, (row_number() OVER (PARTITION BY company_id ORDER BY seq) - 1) / ${IDS_PER_NOTICE} AS part FROM ${from}) AS numbered
      GROUP BY company_id, part
    ) AS notices`;
}
