// One batch of the AIS importer (ais-import.ts) written in one transaction: vessels created and
// updated, voyages started or moved, and the changes handed to their followers (shipments that
// follow a vessel), each kind of row in one statement.
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { write as inTransaction } from '../database/transaction.ts';
import { onVesselsChanged, type VesselChange, type VoyageState } from './vessel-changes.ts';
import { destinationPort, type Pending } from './ais-decode.ts';
import { flagOfMmsi } from './mid.ts';

/** What a batch did, added to the import's report. */
export interface BatchCounts {
  created: number;
  updated: number;
  started: number;
  voyages: number;
  events: number;
}

type Existing = {
  id: number; mmsi_number: string; imo_number: string | null; name: string | null; callsign: string | null; ais_class: 'A' | 'B' | null;
  ship_type_code: number | null; dimension_a: number | null; dimension_b: number | null; dimension_c: number | null; dimension_d: number | null;
  draught: number | null; ais_updated_at: Date | null; country_code: string | null;
  latitude: number | null; longitude: number | null; course: number | null; speed: number | null; heading: number | null; nav_status: number | null;
  voyages: VoyageState[];
};

type VesselRow = Omit<Existing, 'voyages' | 'mmsi_number' | 'country_code'>;

const vesselColumns: Record<Exclude<keyof VesselRow, 'id'>, string> = {
  imo_number: 'text', name: 'text', callsign: 'text', ais_class: '"AisClass"', ship_type_code: 'int4',
  dimension_a: 'int4', dimension_b: 'int4', dimension_c: 'int4', dimension_d: 'int4', draught: 'float8', ais_updated_at: 'timestamptz',
  latitude: 'float8', longitude: 'float8', course: 'float8', speed: 'float8', heading: 'int4', nav_status: 'int4',
};

/** Writes the batch's vessel rows in one UPDATE ... FROM unnest(...) (one statement, not one per vessel). */
async function updateVessels(db: Prisma.TransactionClient, rows: VesselRow[]): Promise<void> {
  if (!rows.length) return;
  const names = Object.keys(vesselColumns) as (keyof typeof vesselColumns)[];
  const params: unknown[] = [rows.map((r) => r.id), ...names.map((n) => rows.map((r) => r[n] ?? null))];
  const types = ['int4', ...names.map((n) => (n === 'ais_class' ? 'text' : vesselColumns[n]))];
  const sets = names.map((n) => `"${n}" = u."${n}"${n === 'ais_class' ? '::"AisClass"' : ''}`).join(', ');
  const cols = ['id', ...names].map((n) => `"${n}"`).join(', ');
  const unnest = types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
  await db.$executeRawUnsafe(
    `UPDATE "vessels" AS v SET ${sets}, "updated_at" = now() FROM unnest(${unnest}) AS u(${cols}) WHERE v."id" = u."id"`,
    ...params,
  );
}

/**
 * The stored vessels of `mmsis`, each with its latest voyage, in one statement. Raw SQL: a
 * batch names thousands of vessels, and Prisma's query compiler spent more time on lists that
 * long than PostgreSQL spent answering them (docs/decisions/007-reference-datasets.md).
 */
async function readVessels(db: Prisma.TransactionClient, mmsis: string[]): Promise<Existing[]> {
  type Row = Omit<Existing, 'voyages'> & { voyage: (Omit<VoyageState, 'eta' | 'updated_at'> & { eta: string | null; updated_at: string }) | null };
  const rows = await db.$queryRawUnsafe<Row[]>(
    `SELECT v.id, v.mmsi_number, v.imo_number, v.name, v.callsign, v.ais_class::text AS ais_class, v.ship_type_code,
            v.dimension_a, v.dimension_b, v.dimension_c, v.dimension_d, v.draught, v.ais_updated_at, v.country_code,
            v.latitude, v.longitude, v.course, v.speed, v.heading, v.nav_status,
            (SELECT json_build_object('id', w.id, 'destination', w.destination, 'destination_port_unlocode', w.destination_port_unlocode, 'eta', w.eta, 'updated_at', w.updated_at)
               FROM vessel_voyages w WHERE w.vessel_id = v.id ORDER BY w.started_at DESC, w.id DESC LIMIT 1) AS voyage
       FROM vessels v WHERE v.mmsi_number = ANY($1::bpchar[])`,
    mmsis,
  );
  return rows.map(({ voyage, ...v }) => ({
    ...v,
    voyages: voyage ? [{ ...voyage, eta: voyage.eta ? new Date(voyage.eta) : null, updated_at: new Date(voyage.updated_at) }] : [],
  }));
}

type VoyageRow = Omit<VoyageState, 'id'> & { vessel_id: number; draught: number | null; started_at: Date };
type VoyageUpdate = { id: number; eta: Date | null; draught: number | null; updated_at: Date };
/** What the batch writes, planned from the stored vessels and the pending entries. */
interface Plan {
  changes: VesselChange[];
  updates: VesselRow[];
  voyageUpdates: VoyageUpdate[];
  voyageRows: VoyageRow[];
  voyageChanges: { change: VesselChange; previous: VoyageState | null; mmsi: string }[];
}

/** Creates the vessels not stored yet; answers them read back. */
async function createMissing(db: Prisma.TransactionClient, pending: Map<string, Pending>, missing: string[]): Promise<Existing[]> {
  if (!missing.length) return [];
  await db.$executeRawUnsafe(
    `INSERT INTO vessels (mmsi_number, ais_class, country_code, updated_at)
     SELECT u.mmsi, u.class::"AisClass", u.country, now() FROM unnest($1::text[], $2::text[], $3::text[]) AS u(mmsi, class, country)
     ON CONFLICT (mmsi_number) DO NOTHING`,
    missing,
    missing.map((mmsi) => pending.get(mmsi)!.ais_class),
    missing.map((mmsi) => flagOfMmsi(mmsi)),
  );
  return readVessels(db, missing);
}

/** A voyage report's effect: a new voyage when the destination changed, else a moved ETA. */
function planVoyage(plan: Plan, counts: BatchCounts, v: Existing, st: NonNullable<Pending['static']>, change: VesselChange, port: string | null): boolean {
  const previous = v.voyages[0] ?? null;
  const destination = st.destination ?? null;
  const eta = st.eta ?? null;
  if (!previous || (previous.destination ?? null) !== destination) {
    plan.voyageRows.push({ vessel_id: v.id, destination, destination_port_unlocode: port, eta, draught: st.draught ?? null, started_at: st.at, updated_at: st.at });
    plan.voyageChanges.push({ change, previous, mmsi: v.mmsi_number });
    counts.started++;
    return true;
  }
  if ((previous.eta?.getTime() ?? null) !== (eta?.getTime() ?? null)) {
    plan.voyageUpdates.push({ id: previous.id, eta, draught: st.draught ?? null, updated_at: st.at });
    change.voyage = { previous, current: { ...previous, eta, updated_at: st.at }, new_voyage: false };
    counts.voyages++;
  }
  return false;
}

/** One vessel's pending news against its stored row: its update, its change for followers. */
function planVessel(plan: Plan, counts: BatchCounts, v: Existing, p: Pending, resolved: Map<string, string | null>, created: boolean): void {
  const data: Prisma.VesselUpdateInput = {};
  if (v.ais_class !== p.ais_class && (p.ais_class === 'B' || v.ais_class == null)) data.ais_class = p.ais_class;
  const change: VesselChange = { vessel: { id: v.id, mmsi_number: v.mmsi_number, imo_number: v.imo_number, name: v.name } };
  let startsVoyage = false;
  if (p.position && (!v.ais_updated_at || v.ais_updated_at <= p.position.at)) {
    const { at, ...pos } = p.position;
    Object.assign(data, pos, { ais_updated_at: at });
    change.position = { latitude: pos.latitude, longitude: pos.longitude, course: pos.course, speed: pos.speed, heading: pos.heading, ais_updated_at: at };
  }
  const st = p.static;
  if (st) {
    for (const k of ['imo_number', 'callsign', 'name', 'ship_type_code', 'dimension_a', 'dimension_b', 'dimension_c', 'dimension_d', 'draught'] as const) {
      const value = st[k];
      if (value !== undefined && value !== null && value !== v[k]) (data as Record<string, unknown>)[k] = value;
    }
    change.vessel.imo_number = (data.imo_number as string | undefined) ?? v.imo_number;
    change.vessel.name = (data.name as string | undefined) ?? v.name;
    if (st.voyage) startsVoyage = planVoyage(plan, counts, v, st, change, st.destination ? (resolved.get(st.destination) ?? null) : null);
  }
  if (Object.keys(data).length) {
    const { voyages: _v, mmsi_number: _m, country_code: _c, ...current } = v;
    plan.updates.push({ ...current, ...(data as Partial<Existing>) });
    if (!created) counts.updated++;
  }
  if (change.position || change.voyage || startsVoyage) plan.changes.push(change);
}

/** Writes the planned voyages: moved ETAs in one statement, new voyages in another. */
async function writeVoyages(db: Prisma.TransactionClient, { voyageUpdates, voyageRows, voyageChanges }: Plan): Promise<void> {
  if (voyageUpdates.length) {
    await db.$executeRawUnsafe(
      'UPDATE "vessel_voyages" AS v SET "eta" = u."eta", "draught" = u."draught", "updated_at" = u."updated_at" ' +
        'FROM unnest($1::int4[], $2::timestamptz[], $3::float8[], $4::timestamptz[]) AS u("id", "eta", "draught", "updated_at") WHERE v."id" = u."id"',
      voyageUpdates.map((u) => u.id), voyageUpdates.map((u) => u.eta), voyageUpdates.map((u) => u.draught), voyageUpdates.map((u) => u.updated_at),
    );
  }
  if (!voyageRows.length) return;
  const created = await db.$queryRawUnsafe<(VoyageState & { vessel_id: number })[]>(
    `INSERT INTO vessel_voyages (vessel_id, destination, destination_port_unlocode, eta, draught, started_at, updated_at)
     SELECT * FROM unnest($1::int4[], $2::text[], $3::bpchar[], $4::timestamptz[], $5::float8[], $6::timestamptz[], $7::timestamptz[])
     RETURNING id, vessel_id, destination, destination_port_unlocode, eta, updated_at`,
    ...(['vessel_id', 'destination', 'destination_port_unlocode', 'eta', 'draught', 'started_at', 'updated_at'] as const).map((k) => voyageRows.map((r) => r[k] ?? null)),
  );
  // One new voyage per vessel in a batch (the batch holds one entry per vessel).
  const byVessel = new Map(created.map(({ vessel_id, ...current }) => [vessel_id, current]));
  voyageRows.forEach((row, i) => {
    const vc = voyageChanges[i];
    vc.change.voyage = { previous: vc.previous, current: byVessel.get(row.vessel_id)!, new_voyage: true };
  });
}

/** Applies one batch of decoded messages in a transaction; answers what it did. */
export async function applyBatch(pending: Map<string, Pending>): Promise<BatchCounts> {
  const resolved = new Map<string, string | null>();
  for (const p of pending.values()) {
    const dest = p.static?.destination;
    if (dest && !resolved.has(dest)) resolved.set(dest, await destinationPort(dest));
  }
  const counts: BatchCounts = { created: 0, updated: 0, started: 0, voyages: 0, events: 0 };
  await inTransaction(
    async (db) => {
      const mmsis = [...pending.keys()];
      const existing = new Map<string, Existing>((await readVessels(db, mmsis)).map((v) => [v.mmsi_number, v]));
      const missing = mmsis.filter((m) => !existing.has(m));
      for (const v of await createMissing(db, pending, missing)) existing.set(v.mmsi_number, v);
      counts.created += missing.length;
      const plan: Plan = { changes: [], updates: [], voyageUpdates: [], voyageRows: [], voyageChanges: [] };
      for (const p of pending.values()) planVessel(plan, counts, existing.get(p.mmsi)!, p, resolved, missing.includes(p.mmsi));
      await updateVessels(db, plan.updates);
      await writeVoyages(db, plan);
      await onVesselsChanged(db, plan.changes);
      counts.events = plan.changes.length;
    },
    { timeout: 120_000 },
  );
  return counts;
}
