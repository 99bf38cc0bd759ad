// The events outbox (docs/decisions/012-events-and-webhooks.md). Statement triggers copy every
// row a transaction changes in the tables events are about into `event_changes`; before the
// write path commits (graph/kit/transaction.ts, beforeEveryCommit) this takes its own
// transaction's rows out again, classifies them (catalogue.ts), renders each resource once
// as its GET route answers it (render.ts) and writes all the events in one statement.
import { randomBytes } from 'node:crypto';
import { Prisma } from '../../prisma/generated/client/client.ts';
import { insertJsonRows } from '../kit/json-rows.ts';
import { beforeEveryCommit, type Tx } from '../kit/transaction.ts';
import { eventsOf, type PendingEvent, type RowChange } from './catalogue.ts';
import { renderResources, resourceKey } from './render.ts';

/** A new public event id: `evt_` and 24 hex digits. */
export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

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

/**
 * Takes the open transaction's captured rows out (one statement; none when the transaction
 * wrote nothing) with the process and operation of rows below a process.
 */
async function takeChanges(tx: Tx): Promise<(RowChange & { seq: bigint })[]> {
  return tx.$queryRawUnsafe(`
    WITH g AS (
      DELETE FROM event_changes WHERE txid = pg_current_xact_id_if_assigned()::text::bigint
      RETURNING company_id, seq, table_name, row_id, old_row, new_row
    ), placed AS (SELECT g.*, ${processOfRow} AS process_id FROM g)
    SELECT placed.*, p.operation_id
    FROM placed LEFT JOIN processes p ON p.company_id = placed.company_id AND p.id = placed.process_id
    ORDER BY placed.seq`);
}

/** One change per row: the first old version and the last new one, in the order rows were first changed. */
function coalesce(rows: RowChange[]): RowChange[] {
  const byRow = new Map<string, RowChange>();
  for (const r of rows) {
    const key = `${r.table_name}:${r.company_id}:${r.row_id}`;
    const seen = byRow.get(key);
    if (seen) seen.new_row = r.new_row;
    else byRow.set(key, { ...r });
  }
  return [...byRow.values()];
}

/** The payload of an event: `data` (the resource as its GET answers it), what else it is about, and `previous`. */
function payloadOf(event: PendingEvent, rendered: Map<string, unknown>): Prisma.InputJsonValue {
  const data = event.data ?? rendered.get(resourceKey({ company_id: event.company_id, ...event.resource! }));
  return { data, ...event.extra, ...(event.previous ? { previous: event.previous } : {}) } as Prisma.InputJsonValue;
}

/** The channel that tells listening processes which events a transaction committed (graph/events/live.ts). */
export const EVENTS_CHANNEL = 'tt_events';
/** Event ids per notice: a NOTIFY payload holds at most 8,000 bytes. */
const IDS_PER_NOTICE = 200;

/**
 * Writes events in one statement with one parameter (graph/kit/json-rows.ts), in their order
 * (`seq`). The same statement
 * sends the notices of live subscriptions, `{"c": company, "ids": [...]}` on EVENTS_CHANNEL:
 * PostgreSQL delivers them when the transaction commits, and never when it rolls back.
 */
async function insertEvents(tx: Tx, rows: RecordedEvent[]): Promise<void> {
  await tx.$queryRawUnsafe(
    `WITH written AS (
       ${insertJsonRows('events', { company_id: 'int', id: 'varchar', type: 'varchar', payload: 'jsonb', created_at: 'timestamptz' })}
       RETURNING company_id, seq, id
     ), numbered AS (
       SELECT company_id, id, seq, (row_number() OVER (PARTITION BY company_id ORDER BY seq) - 1) / ${IDS_PER_NOTICE} AS part FROM written
     )
     SELECT count(pg_notify('${EVENTS_CHANNEL}', json_build_object('c', company_id, 'ids', ids)::text))::int AS notices
     FROM (SELECT company_id, part, array_agg(id ORDER BY seq) AS ids FROM numbered GROUP BY company_id, part) AS notices`,
    JSON.stringify(rows),
  );
}

/** An event as recorded. */
export interface RecordedEvent {
  company_id: number;
  id: string;
  type: string;
  payload: Prisma.InputJsonValue;
  created_at: Date;
}

/** Reacts to the events of a transaction, inside it (the webhook deliveries, graph/webhooks/fan-out.ts). */
export type EventsListener = (tx: Tx, events: RecordedEvent[]) => Promise<void>;
const listeners: EventsListener[] = [];

/** Registers work to do with every transaction's events before it commits. */
export function onEventsRecorded(listener: EventsListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** Turns the open transaction's captured changes into events, written in one statement. */
export async function recordEvents(tx: Tx): Promise<void> {
  const changes = await takeChanges(tx);
  if (!changes.length) return;
  const events = eventsOf(coalesce(changes));
  if (!events.length) return;
  const rendered = await renderResources(events.flatMap((e) => (e.resource && !e.data ? [{ company_id: e.company_id, ...e.resource }] : [])));
  const createdAt = new Date();
  const rows: RecordedEvent[] = events.map((e) => ({ company_id: e.company_id, id: newEventId(), type: e.type, payload: payloadOf(e, rendered), created_at: createdAt }));
  await insertEvents(tx, rows);
  for (const listener of listeners) await listener(tx, rows);
}

beforeEveryCommit(recordEvents);
