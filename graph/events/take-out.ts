// Taking captured rows out of the outbox (docs/decisions/012-events-and-webhooks.md, point
// 1): the relay (relay.ts) deletes the rows of the transactions it relays from
// `event_changes` and gets, in the same statement, what the catalogue (catalogue.ts) needs of
// each: its last version read from its table, the columns its transaction changed with their
// values before it, and the process and operation of a row below a process. The last version
// is the committed one: no other transaction may change a resource whose rows are still
// here (outbox.ts).
import type { Tx } from '../database/transaction.ts';
import { capturedEntries, capturedTableNames, resourceTables } from './captured.ts';
import { resourceRowColumns, type RowChange } from './catalogue.ts';

/** Customs records, each found through its link to its shipment (SQL over the row `g`). */
const customsCases = capturedEntries
  .flatMap(([table, { link }]) =>
    link
      ? [
          `  WHEN '${table}' THEN (
    SELECT s.process_id FROM ${link.table} l JOIN foreign_trade_shipments s ON s.company_id = l.company_id AND s.id = l.shipment_id
    WHERE l.company_id = g.company_id AND l.id = (g.new_row->>'${link.column}')::int)`,
        ]
      : [],
  )
  .join('\n');

/** Rows below a process that name it (trigger arguments `processes, process_id`). */
const namingCases = capturedEntries
  .flatMap(([table, { resource }]) => (resource?.table === 'processes' && resource.column !== 'id' ? [`  WHEN '${table}' THEN (g.new_row->>'${resource.column}')::int`] : []))
  .join('\n');

/** The process a captured row below a process belongs to, by the table it is in (SQL over the row `g`). */
const processOfRow = `CASE g.table_name
${namingCases}
  WHEN 'container_events' THEN (
    SELECT s.process_id FROM containers k
    JOIN transportables t ON t.company_id = k.company_id AND t.id = k.transportable_id
    JOIN foreign_trade_shipments s ON s.company_id = t.company_id AND s.id = t.shipment_id
    WHERE k.company_id = g.company_id AND k.id = (g.new_row->>'container_id')::int)
${customsCases}
END`;

/** A captured row's last version, read from its table (SQL over the captured row `t`); null when it is gone. */
const newRowOf = `CASE t.table_name
${capturedTableNames.map((table) => `  WHEN '${table}' THEN (SELECT to_jsonb(r) FROM ${table} r WHERE r.company_id = t.company_id AND r.id = t.row_id)`).join('\n')}
END`;

/** The tables of resources with events of their own, as an SQL list. */
const resourceTablesSql = resourceTables.map((t) => `'${t}'`).join(', ');

/**
 * The columns a captured row's transaction changed, each with its value before (SQL over
 * `r`): `{}` when none did, null for a row it inserted. Only these leave the database.
 */
const changedColumns = `CASE WHEN r.old_row IS NOT NULL THEN coalesce(
    (SELECT jsonb_object_agg(o.key, o.value) FROM jsonb_each(r.old_row) o WHERE o.value IS DISTINCT FROM r.new_row->o.key), '{}') END`;

/**
 * What of a captured row's last version the catalogue is given (SQL over `r`): of an order,
 * a process or a product only the columns it reads, of a row below a process all of it (it
 * is the payload's shipment, container event, customs record or document).
 */
const newRowOut = `CASE WHEN r.table_name IN (${resourceTablesSql})
    THEN jsonb_build_object(${resourceRowColumns.map((c) => `'${c}', r.new_row->'${c}'`).join(', ')}) ELSE r.new_row END`;

/**
 * Deletes the captured rows of the transactions `$1` and answers them as one JSON value, in
 * the order they were captured, each with its transaction. A row inserted and deleted again
 * (none is: deletes are soft) would make none. Each step is computed once per row
 * (MATERIALIZED): inlined, the last version's CASE would be planned again in every place the
 * process's CASE reads it. The rows are locked first in one order (company, seq), so relays
 * of overlapping transactions wait for each other and never deadlock; one taking the same
 * transactions as another waits for its commit and then finds nothing.
 */
const takeOutRows = `
    WITH locked AS (
      SELECT company_id, seq FROM event_changes WHERE txid = ANY($1::bigint[]) ORDER BY company_id, seq FOR UPDATE
    ), t AS (
      DELETE FROM event_changes e USING locked l WHERE e.company_id = l.company_id AND e.seq = l.seq
      RETURNING e.txid, e.company_id, e.seq, e.table_name, e.row_id, e.old_row, e.created_at
    ), g AS MATERIALIZED (SELECT t.*, ${newRowOf} AS new_row FROM t),
    r AS MATERIALIZED (SELECT g.*, ${processOfRow} AS process_id FROM g WHERE g.new_row IS NOT NULL)
    SELECT json_agg(json_build_object(
      'txid', r.txid::text, 'company_id', r.company_id, 'table_name', r.table_name, 'row_id', r.row_id, 'changed', ${changedColumns},
      'new_row', ${newRowOut}, 'process_id', r.process_id, 'operation_id', p.operation_id, 'created_at', r.created_at) ORDER BY r.seq) AS rows
    FROM r LEFT JOIN processes p ON p.company_id = r.company_id AND p.id = r.process_id`;

/** A captured row, taken out, with its transaction and when that began (its events' `created_at`). */
export type TakenRow = RowChange & { txid: string; created_at: string };

/**
 * Takes the captured rows of the given transactions out (one statement), grouped by
 * transaction: the catalogue classifies each transaction's rows together.
 */
export async function takeOut(tx: Tx, txids: readonly string[]): Promise<TakenRow[][]> {
  if (!txids.length) return [];
  // One JSON value for all the rows: each row's cells cost the driver far more than parsing it.
  const [{ rows }] = await tx.$queryRawUnsafe<{ rows: TakenRow[] | null }[]>(takeOutRows, txids);
  const byTransaction = new Map<string, TakenRow[]>();
  for (const row of rows ?? []) {
    const group = byTransaction.get(row.txid);
    if (group) group.push(row);
    else byTransaction.set(row.txid, [row]);
  }
  return [...byTransaction.values()];
}
