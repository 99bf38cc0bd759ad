// Writes what carriers said about shipments (docs/tracking.md), through the write path, a
// group of shipments in one transaction under their processes' locks, so the changes are
// captured and relayed as the processes' events (shipment.eta_changed,
// shipment.tracking_status_changed, container.event_added), a group's in one relay. A lookup
// that failed writes only its error and the next attempt.
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { lockRows, touchRows } from '../kit/locks.ts';
import { write } from '../kit/transaction.ts';
import { etaByPrecedence } from '../process/shipment/tracking.ts';
import { sharedClient } from '../db.ts';
import { summarize, type CarrierSummary } from './dcsa-events.ts';
// The outbox's check before each commit, and the relay right after it: a process that polls
// without serving the API (`npm run worker`) loads no GraphQL schema, which would load it.
import '../events/outbox.ts';

/** What asking the carrier gave: its events (possibly none), a reference it refused, or a failure. */
export type LookupOutcome = { kind: 'events'; events: unknown[] } | { kind: 'invalid'; reason: string } | { kind: 'failed'; error: string };

/** The shipment a lookup is about. */
export interface TrackedShipment {
  company_id: number;
  id: number;
  process_id: number;
}

/** When a shipment is looked up next: after the interval, or sooner with backoff after a failure. */
export function nextCheckAt(now: Date, intervalMs: number, failures: number, random = Math.random): Date {
  if (failures <= 0) return new Date(now.getTime() + intervalMs);
  const wait = Math.min(intervalMs, Math.min(60_000, intervalMs) * 2 ** (failures - 1));
  return new Date(now.getTime() + Math.round(wait * (0.75 + random() / 2)));
}

/** Records a lookup that failed: its error and the backoff; nothing the carrier said before is changed. */
export async function recordFailure(s: TrackedShipment, api: string, error: string, intervalMs: number): Promise<void> {
  await write(async (db) => {
    const row = await db.foreignTradeShipment.findUnique({ where: { company_id_id: { company_id: s.company_id, id: s.id } }, select: { tracking_failures: true } });
    if (!row) return;
    const failures = row.tracking_failures + 1;
    const now = new Date();
    await db.foreignTradeShipment.update({
      where: { company_id_id: { company_id: s.company_id, id: s.id } },
      data: { tracking_api: api, tracking_checked_at: now, tracking_error: error.slice(0, 500), tracking_failures: failures, tracking_next_check_at: nextCheckAt(now, intervalMs, failures) },
    });
  });
}

/** What one lookup or push gave for one shipment, to apply. */
export interface ShipmentOutcome {
  shipment: TrackedShipment;
  api: string;
  outcome: Exclude<LookupOutcome, { kind: 'failed' }>;
  /** A push: never turns the status to NOT_FOUND. */
  partial?: boolean;
}

/** Shipments one transaction applies at most: their processes stay locked until it commits. */
export const APPLIED_AT_ONCE = 25;

/**
 * Applies what carriers answered for shipments: the status, the dates by the precedence rule,
 * the ports, the vessel and voyage, and each container's new milestones (once per carrier
 * eventID). Up to APPLIED_AT_ONCE shipments share one transaction, which locks their processes
 * first (in key order), so their changes are relayed as events together.
 */
export async function applyOutcomes(items: ShipmentOutcome[], intervalMs: number): Promise<void> {
  for (let i = 0; i < items.length; i += APPLIED_AT_ONCE) await applyGroup(items.slice(i, i + APPLIED_AT_ONCE), intervalMs);
}

async function applyGroup(items: ShipmentOutcome[], intervalMs: number): Promise<void> {
  const summaries = items.map((item) => (item.outcome.kind === 'events' ? summarize(item.outcome.events) : null));
  const imos = [...new Set(summaries.flatMap((s) => (s?.vesselImo ? [s.vesselImo] : [])))];
  const vessels = new Map<string, number>();
  if (imos.length) {
    const found = await sharedClient().vessel.findMany({ where: { imo_number: { in: imos } }, orderBy: { id: 'asc' }, select: { id: true, imo_number: true } });
    for (const v of found) if (v.imo_number && !vessels.has(v.imo_number)) vessels.set(v.imo_number, v.id);
  }
  await write(async (db) => {
    const keys = items.map((item) => ({ company_id: item.shipment.company_id, id: item.shipment.process_id }));
    await lockRows(db, 'processes', keys);
    const changed: typeof keys = [];
    for (const [k, item] of items.entries()) {
      const summary = summaries[k];
      const vessel = summary?.vesselImo ? (vessels.get(summary.vesselImo) ?? null) : null;
      if (await applyOne(db, item, summary, vessel, intervalMs)) changed.push(keys[k]);
    }
    // The process's own change: its writers rerun after this one, and the relay sees it whole.
    await touchRows(db, 'processes', changed);
  });
}

/** Writes one shipment's outcome in the open transaction (its process locked); answers whether anything but bookkeeping changed. */
async function applyOne(db: Prisma.TransactionClient, item: ShipmentOutcome, summary: CarrierSummary | null, vesselId: number | null, intervalMs: number): Promise<boolean> {
  const { shipment: s, api, outcome, partial } = item;
  const row = await db.foreignTradeShipment.findUnique({
    where: { company_id_id: { company_id: s.company_id, id: s.id } },
    select: {
      eta: true, eta_source: true, etd: true, atd: true, ata: true, carrier_eta: true, carrier_eta_classifier: true, status_response: true,
      maritime_transport_shipment: { select: { id: true, tracking_loading_port: true, tracking_discharge_port: true, vessel_id: true, voyage_number: true } },
      transportables: { select: { container: { select: { id: true, code: true, tracking_api: true, tracking_manual: true } } } },
    },
  });
  if (!row) return false;
  const now = new Date();
  // Only what differs is written, so a lookup that learned nothing makes no event.
  const next: Record<string, unknown> = {};
  const put = (column: keyof typeof row, value: unknown) => {
    const was = row[column];
    if ((was instanceof Date && value instanceof Date ? was.getTime() !== value.getTime() : was !== value)) next[column] = value;
  };
  if (outcome.kind === 'invalid') put('status_response', 'INVALID');
  else if (outcome.events.length) put('status_response', 'FOUND');
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
    tracking_api: api, tracking_checked_at: now, tracking_error: outcome.kind === 'invalid' ? outcome.reason.slice(0, 500) : null,
    tracking_failures: 0, tracking_next_check_at: nextCheckAt(now, intervalMs, 0),
  };
  await db.foreignTradeShipment.update({ where: { company_id_id: { company_id: s.company_id, id: s.id } }, data: { ...next, ...bookkeeping } as Prisma.ForeignTradeShipmentUpdateInput });
  let changed = Object.keys(next).length > 0;
  const maritime = row.maritime_transport_shipment;
  if (summary && maritime) {
    const m: Prisma.MaritimeTransportShipmentUncheckedUpdateInput = {};
    if (summary.loadingPort && summary.loadingPort !== maritime.tracking_loading_port) m.tracking_loading_port = summary.loadingPort;
    if (summary.dischargePort && summary.dischargePort !== maritime.tracking_discharge_port) m.tracking_discharge_port = summary.dischargePort;
    if (vesselId !== null && vesselId !== maritime.vessel_id) m.vessel_id = vesselId;
    if (summary.voyage && summary.voyage !== maritime.voyage_number) m.voyage_number = summary.voyage;
    if (Object.keys(m).length) {
      changed = true;
      await db.maritimeTransportShipment.update({ where: { company_id_id: { company_id: s.company_id, id: maritime.id } }, data: m });
    }
  }
  const containers = new Map(row.transportables.flatMap((t) => (t.container ? [[t.container.code.toUpperCase(), t.container.id] as const] : [])));
  const events = (summary?.containerEvents ?? []).flatMap((e) => {
    const containerId = containers.get(e.equipmentReference);
    if (containerId === undefined) return [];
    const { eventId, equipmentReference: _ref, ...rest } = e;
    return [{ company_id: s.company_id, container_id: containerId, carrier_event_id: eventId, ...rest }];
  });
  if (events.length) {
    const added = await db.containerEvent.createMany({ data: events, skipDuplicates: true });
    if (added.count) changed = true;
    // The containers the carrier reports on are tracked by it (written once, not on every lookup).
    const reported = new Set(events.map((e) => e.container_id));
    const stale = row.transportables.flatMap((t) => (t.container && reported.has(t.container.id) && (t.container.tracking_api !== api || t.container.tracking_manual) ? [t.container.id] : []));
    if (stale.length) await db.container.updateMany({ where: { company_id: s.company_id, id: { in: stale } }, data: { tracking_api: api, tracking_manual: false } });
  }
  return changed;
}
