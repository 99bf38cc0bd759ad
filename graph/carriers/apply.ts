// Writes what carriers said about shipments (docs/tracking.md, Settings), through the write
// path: a group of shipments in one transaction under their processes' locks, each table
// written by set (graph/database/set-rows.ts), so the changes are captured and relayed as the
// processes' events (shipment.eta_changed, shipment.tracking_status_changed,
// container.event_added), a group's in one relay. What each answer changes is worked out by
// changes.ts. A lookup that failed writes only its error and the next attempt.
import { sharedClient } from '../db.ts';
import { lockRows, touchRows } from '../database/locks.ts';
import { updateRows, type Row } from '../database/set-rows.ts';
import { write, type Tx } from '../database/transaction.ts';
import { changesOf, nextCheckAt, type Answer } from './changes.ts';
import { summarize } from './dcsa-events.ts';

/** What asking the carrier gave: its events (possibly none), a reference it refused, or a failure. */
export type LookupOutcome = Answer | { kind: 'failed'; error: string };

/** The shipment a lookup is about. */
export interface TrackedShipment {
  company_id: number;
  id: number;
  process_id: number;
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
  outcome: Answer;
  /** A push: never turns the status to NOT_FOUND. */
  partial?: boolean;
}

/** Shipments one transaction applies at most: their processes stay locked until it commits. */
export const APPLIED_AT_ONCE = 25;

/**
 * Applies what carriers answered for shipments, APPLIED_AT_ONCE shipments a transaction, which
 * locks their processes first (in key order) and writes each table in a statement or two.
 */
export async function applyOutcomes(items: ShipmentOutcome[], intervalMs: number): Promise<void> {
  for (let i = 0; i < items.length; i += APPLIED_AT_ONCE) await applyGroup(items.slice(i, i + APPLIED_AT_ONCE), intervalMs);
}

const storedSelect = {
  company_id: true, id: true, eta: true, eta_source: true, etd: true, atd: true, ata: true, carrier_eta: true, carrier_eta_classifier: true, status_response: true,
  maritime_transport_shipment: { select: { id: true, tracking_loading_port: true, tracking_discharge_port: true, vessel_id: true, voyage_number: true } },
  transportables: { select: { container: { select: { id: true, code: true, tracking_api: true, tracking_manual: true } } } },
} as const;

/** Adds container milestones, skipping those stored already (one per container and carrier eventID); answers the containers that got one, as `company:container`. */
async function addMilestones(db: Tx, events: Row[]): Promise<Set<string>> {
  if (!events.length) return new Set();
  const added = await db.$queryRawUnsafe<{ company_id: number; container_id: number }[]>(
    `INSERT INTO container_events (company_id, container_id, carrier_event_id, datetime, estimated, status, place, transport, voyage)
     SELECT company_id, container_id, carrier_event_id, datetime, estimated, status, place, transport, voyage
     FROM ROWS FROM (jsonb_populate_recordset(NULL::container_events, $1::jsonb)) WITH ORDINALITY AS r ORDER BY r.ordinality
     ON CONFLICT (company_id, container_id, carrier_event_id) DO NOTHING
     RETURNING company_id, container_id`,
    JSON.stringify(events),
  );
  return new Set(added.map((a) => `${a.company_id}:${a.container_id}`));
}

async function applyGroup(items: ShipmentOutcome[], intervalMs: number): Promise<void> {
  const summaries = items.map((item) => (item.outcome.kind === 'events' ? summarize(item.outcome.events) : null));
  const imos = [...new Set(summaries.flatMap((s) => (s?.vesselImo ? [s.vesselImo] : [])))];
  const vessels = new Map<string, number>();
  if (imos.length) {
    const found = await sharedClient().vessel.findMany({ where: { imo_number: { in: imos } }, orderBy: { id: 'asc' }, select: { id: true, imo_number: true } });
    for (const v of found) if (v.imo_number && !vessels.has(v.imo_number)) vessels.set(v.imo_number, v.id);
  }
  const companies = [...new Set(items.map((i) => i.shipment.company_id))];
  await write(async (db) => {
    await lockRows(db, 'processes', items.map((i) => ({ company_id: i.shipment.company_id, id: i.shipment.process_id })));
    const stored = await db.foreignTradeShipment.findMany({
      where: { OR: companies.map((c) => ({ company_id: c, id: { in: items.filter((i) => i.shipment.company_id === c).map((i) => i.shipment.id) } })) },
      select: storedSelect,
    });
    const byKey = new Map(stored.map((r) => [`${r.company_id}:${r.id}`, r]));
    const now = new Date();
    const changes = items.flatMap((item, k) => {
      const row = byKey.get(`${item.shipment.company_id}:${item.shipment.id}`);
      const summary = summaries[k];
      const vessel = summary?.vesselImo ? (vessels.get(summary.vesselImo) ?? null) : null;
      return row ? [{ item, ...changesOf(row, item.api, item.outcome, summary, vessel, item.partial ?? false, now, intervalMs) }] : [];
    });
    await updateRows(db, 'foreign_trade_shipments', changes.map((c) => c.shipment));
    await updateRows(db, 'maritime_transport_shipments', changes.flatMap((c) => (c.maritime ? [c.maritime] : [])));
    const added = await addMilestones(db, changes.flatMap((c) => c.events));
    // The containers the carrier reports on are tracked by it (marked once, not on every lookup).
    const marked = new Map<string, { company_id: number; api: string; ids: number[] }>();
    for (const c of changes) {
      if (!c.containers.length) continue;
      const key = `${c.item.shipment.company_id}:${c.item.api}`;
      const entry = marked.get(key) ?? { company_id: c.item.shipment.company_id, api: c.item.api, ids: [] };
      marked.set(key, { ...entry, ids: [...entry.ids, ...c.containers] });
    }
    for (const m of marked.values()) await db.container.updateMany({ where: { company_id: m.company_id, id: { in: m.ids } }, data: { tracking_api: m.api, tracking_manual: false } });
    // Each process's own change: its writers rerun after this one, and the relay sees it whole.
    const touched = changes.filter((c) => c.changed || c.events.some((e) => added.has(`${e.company_id}:${e.container_id}`)));
    await touchRows(db, 'processes', touched.map((c) => ({ company_id: c.item.shipment.company_id, id: c.item.shipment.process_id })));
  });
}
