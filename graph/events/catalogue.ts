// The event catalogue (docs/webhooks.md): which changes of which tables make which events.
// Pure functions over the rows the capture triggers copied (graph/events/outbox.ts); the
// payloads' `data` is rendered by the relay, once per resource (relay.ts).
import { formatDateTime } from '../scalars.ts';

/** Every event type an endpoint may subscribe to, in the order the docs list them. */
export const eventTypes = [
  'order.created',
  'order.updated',
  'order.finished',
  'order.canceled',
  'order.uncanceled',
  'order.deleted',
  'process.created',
  'process.updated',
  'process.finished',
  'process.canceled',
  'process.uncanceled',
  'process.deleted',
  'product.created',
  'product.updated',
  'product.deleted',
  'costs.closed',
  'costs.reopened',
  'document.uploaded',
  'document.deleted',
  'shipment.eta_changed',
  'shipment.tracking_status_changed',
  'container.event_added',
  'customs.status_changed',
] as const;
export type EventType = (typeof eventTypes)[number];

/** One row a transaction changed: its last version and the columns it changed. */
export interface RowChange {
  company_id: number;
  table_name: string;
  row_id: number;
  /** The columns the transaction changed, each with its value before it; null for a row it inserted. */
  changed: Record<string, unknown> | null;
  /** Its last version: of a resource's own row, only `resourceRowColumns`. */
  new_row: Record<string, unknown>;
  /** The process a row below a process belongs to (shipment, container event, customs, document). */
  process_id: number | null;
  /** The operation of that process. */
  operation_id: number | null;
}

/** A resource whose GET answer is the payload's `data`. */
export type Resource =
  | { kind: 'order'; id: number; operation_id: number }
  | { kind: 'process'; id: number; operation_id: number }
  | { kind: 'product'; id: number };

/** An event before its payload is rendered. */
export interface PendingEvent {
  company_id: number;
  type: EventType;
  /** Rendered into `data`; absent when `data` is given (deleted resources, documents). */
  resource?: Resource;
  data?: Record<string, unknown>;
  /** What the payload carries beside `data` (the shipment, container event or customs record). */
  extra?: Record<string, unknown>;
  previous?: Record<string, unknown>;
}

/** Columns that are bookkeeping, never reported as changed. */
const unreported = new Set(['company_id', 'updated_at', 'inserted_at', 'id']);
const lifecycleColumns = ['finished_at', 'canceled_at', 'deleted_at', 'costs_closed_at'];
/** The columns of an order, process or product row read here (the rest of `data` is rendered after the commit). */
export const resourceRowColumns = ['id', 'operation_id', 'reference_code', 'code', ...lifecycleColumns];

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/;

/** A column value as the API writes it: timestamps in UTC with a Z. */
function asAnswered(value: unknown): unknown {
  return typeof value === 'string' && TIMESTAMP.test(value) ? formatDateTime(new Date(value)) : value;
}

/** The old values of the columns a change changed, bookkeeping left out. */
export function previousValues(change: RowChange, except: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, old] of Object.entries(change.changed ?? {})) {
    if (!unreported.has(column) && !except.includes(column)) out[column] = asAnswered(old);
  }
  return out;
}

/** A column's value before the transaction: null for a row it inserted. */
function before(c: RowChange, column: string): unknown {
  if (!c.changed) return null;
  return column in c.changed ? c.changed[column] : c.new_row[column];
}
const becameSet = (c: RowChange, column: string) => before(c, column) == null && c.new_row[column] != null;
const becameUnset = (c: RowChange, column: string) => before(c, column) != null && c.new_row[column] == null;

/**
 * The short answer of a deleted order, process or product (what its DELETE answers) with when it
 * was deleted; an order's or a process's with its operation's id too, so that a board of the
 * operation's processes (`processesChanged`) sees it leave.
 */
function deletedRecord(row: Record<string, unknown>, key: 'reference_code' | 'code') {
  const operation = row.operation_id == null ? {} : { operation: { id: Number(row.operation_id) } };
  return { id: row.id, [key]: row[key], ...operation, deleted_at: asAnswered(row.deleted_at) };
}

/** Events of an order or a process row: created, a lifecycle step, costs closed or reopened, or updated. */
function recordEvents(c: RowChange, kind: 'order' | 'process'): PendingEvent[] {
  const resource: Resource = { kind, id: c.row_id, operation_id: Number(c.new_row.operation_id) };
  const base = { company_id: c.company_id, resource };
  if (!c.changed) return [{ ...base, type: `${kind}.created` }];
  if (becameSet(c, 'deleted_at')) return [{ company_id: c.company_id, type: `${kind}.deleted`, data: deletedRecord(c.new_row, 'reference_code') }];
  const events: PendingEvent[] = [];
  const step = (type: EventType, column: string) => events.push({ ...base, type, previous: { [column]: asAnswered(before(c, column)) } });
  if (becameSet(c, 'finished_at')) step(`${kind}.finished`, 'finished_at');
  if (becameSet(c, 'canceled_at')) step(`${kind}.canceled`, 'canceled_at');
  if (becameUnset(c, 'canceled_at')) step(`${kind}.uncanceled`, 'canceled_at');
  if (kind === 'process' && becameSet(c, 'costs_closed_at')) step('costs.closed', 'costs_closed_at');
  if (kind === 'process' && becameUnset(c, 'costs_closed_at')) step('costs.reopened', 'costs_closed_at');
  const previous = previousValues(c, lifecycleColumns);
  // A lifecycle step alone is its own event; anything else written (a child included: the
  // write path touches the root's updated_at) is an update.
  if (!events.length || Object.keys(previous).length) events.push({ ...base, type: `${kind}.updated`, previous });
  return events;
}

function productEvents(c: RowChange): PendingEvent[] {
  const resource: Resource = { kind: 'product', id: c.row_id };
  if (!c.changed) return [{ company_id: c.company_id, type: 'product.created', resource }];
  if (becameSet(c, 'deleted_at')) return [{ company_id: c.company_id, type: 'product.deleted', data: deletedRecord(c.new_row, 'code') }];
  return [{ company_id: c.company_id, type: 'product.updated', resource, previous: previousValues(c) }];
}

/** A document as the process's documents answer it (the stored file's place is never answered). */
function documentData(row: Record<string, unknown>) {
  return {
    id: row.id,
    process_id: row.process_id,
    type: row.type,
    original_filename: row.original_filename,
    description: row.description,
    content_type: row.content_type,
    size: row.size_bytes,
    invoice_id: row.invoice_id,
    parent_document_id: row.parent_document_id,
    inserted_at: asAnswered(row.inserted_at),
    ...(row.deleted_at ? { deleted_at: asAnswered(row.deleted_at) } : {}),
  };
}

function documentEvents(c: RowChange): PendingEvent[] {
  if (!c.changed) return [{ company_id: c.company_id, type: 'document.uploaded', data: documentData(c.new_row) }];
  if (becameSet(c, 'deleted_at')) return [{ company_id: c.company_id, type: 'document.deleted', data: documentData(c.new_row) }];
  return [];
}

/** Customs records whose status changes make `customs.status_changed`, by table. */
const customsKinds: Record<string, string> = {
  import_declarations: 'import_declaration',
  duimps: 'duimp',
  import_licenses: 'import_license',
  export_declarations: 'export_declaration',
};

/** Events of rows below a process; a process created in the same transaction reports them in `process.created`. */
function shipmentEvents(c: RowChange): PendingEvent[] {
  if (c.process_id === null) return [];
  const base = { company_id: c.company_id, resource: { kind: 'process', id: c.process_id, operation_id: Number(c.operation_id) } as Resource };
  const row = c.new_row;
  if (c.table_name === 'foreign_trade_shipments') {
    const changed = c.changed;
    if (!changed) return [];
    const events: PendingEvent[] = [];
    const shipment = { id: row.id, eta: asAnswered(row.eta), status_response: row.status_response };
    if ('eta' in changed) events.push({ ...base, type: 'shipment.eta_changed', extra: { shipment }, previous: { eta: asAnswered(changed.eta) } });
    if ('status_response' in changed)
      events.push({ ...base, type: 'shipment.tracking_status_changed', extra: { shipment }, previous: { status_response: changed.status_response } });
    return events;
  }
  if (c.table_name === 'container_events') {
    if (c.changed) return [];
    const { company_id: _c, ...event } = row;
    return [{ ...base, type: 'container.event_added', extra: { container_event: { ...event, datetime: asAnswered(event.datetime) } } }];
  }
  const kind = customsKinds[c.table_name];
  const status = before(c, 'status') ?? null;
  if (!kind || status === (row.status ?? null)) return [];
  return [{ ...base, type: 'customs.status_changed', extra: { customs: { kind, id: row.id, status: row.status ?? null } }, previous: { status } }];
}

/**
 * The events of a transaction's changes, in the order the rows were first changed. Rows
 * below a process created in the same transaction make no events of their own.
 */
export function eventsOf(changes: RowChange[]): PendingEvent[] {
  const createdProcesses = new Set(changes.filter((c) => c.table_name === 'processes' && !c.changed).map((c) => `${c.company_id}:${c.row_id}`));
  return changes.flatMap((c) => {
    switch (c.table_name) {
      case 'orders':
        return recordEvents(c, 'order');
      case 'processes':
        return recordEvents(c, 'process');
      case 'products':
        return productEvents(c);
      case 'process_documents':
        return documentEvents(c);
      default: {
        if (c.process_id !== null && createdProcesses.has(`${c.company_id}:${c.process_id}`)) return [];
        return shipmentEvents(c);
      }
    }
  });
}

/**
 * The id and code of the record an event's `data` describes, stored beside the payload so a
 * reader can have them without `data` (docs/webhooks.md, "Typed fields"): the order's or
 * process's `reference_code`, the product's `code`; a document has no code.
 */
export function resourceOf(type: string, data: unknown): { resource_id: number | null; resource_reference_code: string | null } {
  const record = (data ?? {}) as Record<string, unknown>;
  const code = type.startsWith('document.') ? null : type.startsWith('product.') ? record.code : record.reference_code;
  return { resource_id: typeof record.id === 'number' ? record.id : null, resource_reference_code: typeof code === 'string' ? code : null };
}
