// What one carrier answer changes in one stored shipment (docs/processes/foreign_trade_shipment.md,
// Tracking): pure, so graph/carriers/apply.ts writes a group of shipments by set. Only what
// differs is written, so an answer that says nothing new makes no event: the status, the
// dates by the precedence rule, the ports, the vessel and voyage, and each container's new
// milestones (once per carrier eventID, which the insert's conflict rule enforces).
import type { Row } from '../database/set-rows.ts';
import { etaByPrecedence } from '../process/shipment/tracking.ts';
import type { CarrierSummary } from './dcsa-events.ts';

/** When a shipment is looked up next: after the interval, or sooner with backoff after a failure. */
export function nextCheckAt(now: Date, intervalMs: number, failures: number, random = Math.random): Date {
  if (failures <= 0) return new Date(now.getTime() + intervalMs);
  const wait = Math.min(intervalMs, Math.min(60_000, intervalMs) * 2 ** (failures - 1));
  return new Date(now.getTime() + Math.round(wait * (0.75 + random() / 2)));
}

/** The stored shipment an answer is applied to. */
export interface StoredShipment {
  company_id: number;
  id: number;
  eta: Date | null;
  eta_source: string | null;
  etd: Date | null;
  atd: Date | null;
  ata: Date | null;
  carrier_eta: Date | null;
  carrier_eta_classifier: string | null;
  status_response: string;
  maritime_transport_shipment: { id: number; tracking_loading_port: string | null; tracking_discharge_port: string | null; vessel_id: number | null; voyage_number: string | null } | null;
  transportables: { container: { id: number; code: string; tracking_api: string | null; tracking_manual: boolean } | null }[];
}

/** What an answer was: events (a push's are `partial`: they never make NOT_FOUND), or a reference refused. */
export type Answer = { kind: 'events'; events: unknown[] } | { kind: 'invalid'; reason: string };

/** The rows one answer writes. */
export interface ShipmentChanges {
  /** The shipment's row (`company_id`, `id`, the changed columns and the bookkeeping). */
  shipment: Row;
  /** The maritime shipment's changed columns, or null. */
  maritime: Row | null;
  /** Container milestones to add (those already stored are skipped by the insert). */
  events: Row[];
  /** Containers the carrier reports on that are not yet marked as tracked by it. */
  containers: number[];
  /** Whether anything but bookkeeping changed (the milestones aside: only the insert knows). */
  changed: boolean;
}

/** The changes of one carrier answer (`summary`: its events read, null for a refusal) to `row`. */
export function changesOf(row: StoredShipment, api: string, answer: Answer, summary: CarrierSummary | null, vesselId: number | null, partial: boolean, now: Date, intervalMs: number): ShipmentChanges {
  const next: Row = {};
  const put = (column: keyof StoredShipment, value: unknown) => {
    const was = row[column];
    if (was instanceof Date && value instanceof Date ? was.getTime() !== value.getTime() : was !== value) next[column] = value;
  };
  if (answer.kind === 'invalid') put('status_response', 'INVALID');
  else if (answer.events.length) put('status_response', 'FOUND');
  else if (!partial) put('status_response', 'NOT_FOUND');
  if (summary?.arrival) {
    const ruled = etaByPrecedence({ carrier: summary.arrival, ais: null, sent: null });
    put('carrier_eta', summary.arrival.at);
    put('carrier_eta_classifier', summary.arrival.classifier);
    put('eta', ruled.eta);
    put('eta_source', ruled.source);
    if (summary.arrival.classifier === 'ACT') put('ata', summary.arrival.at);
  }
  if (summary?.departure) {
    put('etd', summary.departure.at);
    if (summary.departure.classifier === 'ACT') put('atd', summary.departure.at);
  }
  const bookkeeping = {
    tracking_api: api, tracking_checked_at: now, tracking_error: answer.kind === 'invalid' ? answer.reason.slice(0, 500) : null,
    tracking_failures: 0, tracking_next_check_at: nextCheckAt(now, intervalMs, 0),
  };
  const m = row.maritime_transport_shipment;
  let maritime: Row | null = null;
  if (summary && m) {
    const set: Row = {};
    if (summary.loadingPort && summary.loadingPort !== m.tracking_loading_port) set.tracking_loading_port = summary.loadingPort;
    if (summary.dischargePort && summary.dischargePort !== m.tracking_discharge_port) set.tracking_discharge_port = summary.dischargePort;
    if (vesselId !== null && vesselId !== m.vessel_id) set.vessel_id = vesselId;
    if (summary.voyage && summary.voyage !== m.voyage_number) set.voyage_number = summary.voyage;
    if (Object.keys(set).length) maritime = { company_id: row.company_id, id: m.id, ...set };
  }
  const containers = new Map(row.transportables.flatMap((t) => (t.container ? [[t.container.code.toUpperCase(), t.container] as const] : [])));
  const events = (summary?.containerEvents ?? []).flatMap((e) => {
    const container = containers.get(e.equipmentReference);
    if (!container) return [];
    const { eventId, equipmentReference: _ref, ...rest } = e;
    return [{ company_id: row.company_id, container_id: container.id, carrier_event_id: eventId, ...rest }];
  });
  const reported = new Set(events.map((e) => e.container_id));
  const stale = [...containers.values()].filter((c) => reported.has(c.id) && (c.tracking_api !== api || c.tracking_manual)).map((c) => c.id);
  return { shipment: { company_id: row.company_id, id: row.id, ...next, ...bookkeeping }, maritime, events, containers: [...new Set(stale)], changed: Object.keys(next).length > 0 || maritime !== null };
}
