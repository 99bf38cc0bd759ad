// The events outbox (docs/decisions/012-events-and-webhooks.md). Statement triggers copy every
// row a transaction changes in the tables events are about into `event_changes`; before the
// write path commits (graph/kit/transaction.ts, beforeEveryCommit) this takes its own
// transaction's rows out again, classifies them (catalogue.ts) and writes all the events in
// one statement. An event about a resource (an order, a process, a product) is written
// `pending`: its `data`, the resource's GET answer, is rendered right after the commit
// (complete.ts). Until then the resource is not changed again: a transaction that changed it
// waits for its pending events and runs again, so `data` shows exactly what was committed.
import { randomBytes } from 'node:crypto';
import { Prisma } from '../../prisma/generated/client/client.ts';
import { insertJsonRows } from '../kit/json-rows.ts';
import { noteOutboxTime } from '../kit/request-scope.ts';
import { afterCommit, beforeEveryCommit, RetryAfterSettling, type Tx } from '../kit/transaction.ts';
import { eventsOf, resourceRowColumns, resourceTables, type PendingEvent, type Resource, type RowChange } from './catalogue.ts';
import { completeAfterCommit, keyOf, settleEvents, type EventKey } from './complete.ts';

/** New public event ids: `evt_` and 24 hex digits each, from one draw of random bytes. */
export function newEventIds(count: number): string[] {
  const hex = randomBytes(12 * count).toString('hex');
  return Array.from({ length: count }, (_, i) => `evt_${hex.slice(24 * i, 24 * (i + 1))}`);
}

/** A new public event id. */
export const newEventId = (): string => newEventIds(1)[0];

/** Customs tables, each linked to its shipment through a link table: [table, link table, link id column]. */
const customsLinks = [
  ['import_declarations', 'shipment_import_declarations', 'shipment_import_declaration_id'],
  ['duimps', 'shipment_duimps', 'shipment_duimp_id'],
  ['import_licenses', 'shipment_import_licenses', 'shipment_import_license_id'],
  ['export_declarations', 'shipment_export_declarations', 'shipment_export_declaration_id'],
] as const;

const customsCases = customsLinks
  .map(
    ([table, link, column]) => `  WHEN '${table}' THEN (
    SELECT s.process_id FROM ${link} l JOIN foreign_trade_shipments s ON s.company_id = l.company_id AND s.id = l.shipment_id
    WHERE l.company_id = g.company_id AND l.id = (g.new_row->>'${column}')::int)`,
  )
  .join('\n');

/** The process a captured row below a process belongs to, by the table it is in (SQL over the row `g`). */
const processOfRow = `CASE g.table_name
  WHEN 'process_documents' THEN (g.new_row->>'process_id')::int
  WHEN 'foreign_trade_shipments' THEN (g.new_row->>'process_id')::int
  WHEN 'container_events' THEN (
    SELECT s.process_id FROM containers k
    JOIN transportables t ON t.company_id = k.company_id AND t.id = k.transportable_id
    JOIN foreign_trade_shipments s ON s.company_id = t.company_id AND s.id = t.shipment_id
    WHERE k.company_id = g.company_id AND k.id = (g.new_row->>'container_id')::int)
${customsCases}
END`;

/** The tables whose rows the capture triggers copy (migrations `..._events`, `..._capture_rows_once`). */
const capturedTables = [...resourceTables, 'process_documents', 'foreign_trade_shipments', 'container_events', ...customsLinks.map(([table]) => table)];

/** A captured row's last version, read from its table (SQL over the captured row `t`); null when it is gone. */
const newRowOf = `CASE t.table_name
${capturedTables.map((table) => `  WHEN '${table}' THEN (SELECT to_jsonb(r) FROM ${table} r WHERE r.company_id = t.company_id AND r.id = t.row_id)`).join('\n')}
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

/** The resource whose event a captured row makes, as (kind, resource_id): SQL over `placed`. */
const resourceOfRow = `CASE placed.table_name WHEN 'orders' THEN 'order' WHEN 'products' THEN 'product' ELSE 'process' END AS kind,
  CASE WHEN placed.table_name IN (${resourceTablesSql}) THEN placed.row_id ELSE placed.process_id END AS resource_id`;

/** A captured row, and the events still pending about its resource (`waiting_for`, from earlier transactions). */
type Taken = RowChange & { waiting_for: string[] | null };

/**
 * Takes the open transaction's captured rows out (one statement; none when the transaction
 * wrote nothing), each with its last version (a row inserted and deleted again makes none),
 * the columns the transaction changed, the process and operation of rows below a process, and
 * the events of earlier transactions still pending about the same resources
 * (events_pending_idx). Each step is computed once per row (MATERIALIZED): inlined, the last
 * version's CASE would be planned again in every place the process's CASE reads it.
 */
const takeOut = `
    WITH t AS (
      DELETE FROM event_changes WHERE txid = pg_current_xact_id_if_assigned()::text::bigint
      RETURNING company_id, seq, table_name, row_id, old_row
    ), g AS MATERIALIZED (SELECT t.*, ${newRowOf} AS new_row FROM t),
    placed AS MATERIALIZED (SELECT g.*, ${processOfRow} AS process_id FROM g WHERE g.new_row IS NOT NULL),
    resources AS (SELECT placed.*, ${resourceOfRow} FROM placed)
    SELECT json_agg(json_build_object(
      'company_id', r.company_id, 'table_name', r.table_name, 'row_id', r.row_id, 'changed', ${changedColumns}, 'new_row', ${newRowOut},
      'process_id', r.process_id, 'operation_id', p.operation_id, 'waiting_for', (
        SELECT array_agg(e.id) FROM events e
        WHERE e.company_id = r.company_id AND e.pending IS NOT NULL AND e.pending->>'kind' = r.kind AND (e.pending->>'id')::int = r.resource_id
      )) ORDER BY r.seq) AS rows
    FROM resources r LEFT JOIN processes p ON p.company_id = r.company_id AND p.id = r.process_id`;

async function takeChanges(tx: Tx): Promise<Taken[]> {
  // One JSON value for all the rows: each row's cells cost the driver far more than parsing it.
  const [{ rows }] = await tx.$queryRawUnsafe<{ rows: Taken[] | null }[]>(takeOut);
  return rows ?? [];
}

/** The payload of an event as written: `data` when the catalogue gave it, what else it is about, and `previous`. */
function payloadOf(event: PendingEvent): Prisma.InputJsonValue {
  return { ...(event.data ? { data: event.data } : {}), ...event.extra, ...(event.previous ? { previous: event.previous } : {}) } as Prisma.InputJsonValue;
}

/** The channel that tells listening processes which events a transaction committed (graph/events/live.ts). */
export const EVENTS_CHANNEL = 'tt_events';
/** Event ids per notice: a NOTIFY payload holds at most 8,000 bytes. */
const IDS_PER_NOTICE = 200;

/** A webhook endpoint of a company events were written for, and the types it is subscribed to. */
export interface Subscriber {
  company_id: number;
  id: number;
  events: string[];
}

/**
 * Writes events in one statement with one parameter (graph/kit/json-rows.ts), in their order
 * (`seq`). The same statement sends the notices of live subscriptions, `{"c": company, "ids":
 * [...]}` on EVENTS_CHANNEL (PostgreSQL delivers them when the transaction commits, never when
 * it rolls back), and answers the active webhook endpoints of the companies written for: every
 * write records events and most companies have no endpoint, so finding none costs no statement
 * of its own (graph/webhooks/fan-out.ts).
 */
async function insertEvents(tx: Tx, rows: RecordedEvent[]): Promise<Subscriber[]> {
  const [answer] = await tx.$queryRawUnsafe<{ subscribers: Subscriber[] | null }[]>(
    `WITH written AS (
       ${insertJsonRows('events', { company_id: 'int', id: 'varchar', type: 'varchar', payload: 'jsonb', pending: 'jsonb', created_at: 'timestamptz' })}
       RETURNING company_id, seq, id
     ), numbered AS (
       SELECT company_id, id, seq, (row_number() OVER (PARTITION BY company_id ORDER BY seq) - 1) / ${IDS_PER_NOTICE} AS part FROM written
     ), notified AS (
       SELECT count(pg_notify('${EVENTS_CHANNEL}', json_build_object('c', company_id, 'ids', ids)::text)) AS notices
       FROM (SELECT company_id, part, array_agg(id ORDER BY seq) AS ids FROM numbered GROUP BY company_id, part) AS notices
     )
     SELECT (SELECT notices FROM notified) AS notices, (
       SELECT json_agg(json_build_object('company_id', w.company_id, 'id', w.id, 'events', w.events)) FROM webhook_endpoints w
       WHERE w.company_id IN (SELECT DISTINCT company_id FROM written) AND w.deleted_at IS NULL AND w.disabled_at IS NULL
     ) AS subscribers`,
    JSON.stringify(rows),
  );
  return answer.subscribers ?? [];
}

/** An event as recorded; `pending` until its `data` is added after the commit (complete.ts). */
export interface RecordedEvent {
  company_id: number;
  id: string;
  type: string;
  payload: Prisma.InputJsonValue;
  pending: Resource | null;
  created_at: Date;
}

/**
 * Reacts to the events of a transaction, inside it, given the webhook endpoints of their
 * companies (the deliveries, graph/webhooks/fan-out.ts).
 */
export type EventsListener = (tx: Tx, events: RecordedEvent[], subscribers: Subscriber[]) => Promise<void>;
const listeners: EventsListener[] = [];

/** Registers work to do with every transaction's events before it commits. */
export function onEventsRecorded(listener: EventsListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/**
 * The outbox's part of every transaction of the write path, timed: the request log reports
 * it as `outbox_ms` (docs/security.md, Request ids and logs).
 */
async function recordEvents(tx: Tx): Promise<void> {
  const started = performance.now();
  try {
    await takeAndWrite(tx);
  } finally {
    noteOutboxTime(performance.now() - started);
  }
}

/**
 * Turns the open transaction's captured changes into events, written in one statement, and
 * has the pending ones completed once the transaction commits. When a resource it changed
 * still has pending events of an earlier transaction, it stops: the write path waits for
 * them and runs the transaction again.
 */
async function takeAndWrite(tx: Tx): Promise<void> {
  const changes = await takeChanges(tx);
  if (!changes.length) return;
  const waiting = changes.flatMap((c) => (c.waiting_for ?? []).map((id): EventKey => ({ company_id: c.company_id, id })));
  if (waiting.length) {
    const unique = [...new Map(waiting.map((k) => [keyOf(k), k])).values()];
    throw new RetryAfterSettling(() => settleEvents(unique));
  }
  const events = eventsOf(changes);
  if (!events.length) return;
  const createdAt = new Date();
  const ids = newEventIds(events.length);
  const rows: RecordedEvent[] = events.map((e, i) => ({
    company_id: e.company_id,
    id: ids[i],
    type: e.type,
    payload: payloadOf(e),
    pending: e.resource && !e.data ? e.resource : null,
    created_at: createdAt,
  }));
  const subscribers = await insertEvents(tx, rows);
  for (const listener of listeners) await listener(tx, rows, subscribers);
  const pending = rows.flatMap((r) => (r.pending ? [{ company_id: r.company_id, id: r.id, pending: r.pending }] : []));
  if (pending.length) afterCommit(() => completeAfterCommit(pending));
}

beforeEveryCommit(recordEvents);
