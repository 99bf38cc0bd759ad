// AIS importer: reads NMEA !AIVDM/!AIVDO sentences (types 1-3 and 18 position reports,
// 5 and 24 static and voyage data, multi-part messages), decodes them with the npm package
// ais-stream-decoder, and creates or updates vessels, their last position and their
// current voyage. Work is applied in batches, each in one transaction (a crash leaves
// whole batches only). Bad lines are counted and reported, never fatal.
import '../process/shipment/tracking.ts'; // registers the shipment follower of vessel changes
import { createRequire } from 'node:module';
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { write as inTransaction } from '../kit/transaction.ts';
import { portsByUnlocode } from '../reference/places.ts';
import { currentUnlocode } from '../reference/port-aliases.ts';
import { onVesselsChanged, type VesselChange, type VoyageState } from './vessel-changes.ts';
import { badLine, type ImportReport } from './import-report.ts';
import { flagOfMmsi } from './mid.ts';

const require = createRequire(import.meta.url);

interface Sentence {
  numParts: number;
  partNumber: number;
  partId: number;
  channel: string;
  payload: string;
  fillBits: number;
}
const AisSentence = require('ais-stream-decoder/dist/ais-sentence').default as new (line: string) => Sentence;
const AisDecoder = require('ais-stream-decoder/dist/ais-decoder').default as new (o?: object) => {
  decodePayload(payload: string, channel: string, sentences: Sentence[]): void;
  push(chunk: unknown): boolean;
};

/** Decodes one assembled payload synchronously with the package's decoder. */
class PayloadDecoder {
  private decoder = new AisDecoder({ silent: true });
  private last: string | null = null;
  constructor() {
    this.decoder.push = (chunk: unknown) => {
      this.last = chunk as string;
      return true;
    };
  }
  decode(payload: string, channel: string, sentences: Sentence[]): Record<string, any> | null {
    this.last = null;
    this.decoder.decodePayload(payload, channel, sentences);
    const out = this.last as string | null;
    return out ? JSON.parse(out) : null;
  }
}

// Minimum payload lengths in bits for the types read (shorter payloads are truncated).
const minBits: Record<number, number> = { 1: 168, 2: 168, 3: 168, 5: 420, 18: 168, 24: 160 };

export interface AisReport extends ImportReport {
  sentences: number;
  messages: number;
  position_reports: number;
  static_reports: number;
  ignored_messages: number;
  vessels_created: number;
  vessels_updated: number;
  voyages_started: number;
  voyages_updated: number;
  tracking_events: number;
  batches: number;
  elapsed_ms: number;
  sentences_per_second: number;
}

export function emptyAisReport(): AisReport {
  return {
    lines: 0, sentences: 0, messages: 0, position_reports: 0, static_reports: 0, ignored_messages: 0,
    vessels_created: 0, vessels_updated: 0, voyages_started: 0, voyages_updated: 0, tracking_events: 0, batches: 0, elapsed_ms: 0, sentences_per_second: 0, bad_lines: 0, errors: [],
  };
}

type Position = { latitude: number; longitude: number; course: number | null; speed: number | null; heading: number | null; nav_status: number | null; at: Date };
type Static = {
  imo_number?: string | null; callsign?: string | null; name?: string | null; ship_type_code?: number | null;
  dimension_a?: number; dimension_b?: number; dimension_c?: number; dimension_d?: number; draught?: number | null;
  destination?: string | null; eta?: Date | null; voyage?: boolean; at: Date;
};
type Pending = { mmsi: string; ais_class: 'A' | 'B'; position?: Position; static?: Static };

/** When a line carries a time (a `\c:unix*hh\` tag block, or a leading unix or ISO timestamp), that time. */
function lineTime(prefix: string): Date | null {
  const tag = /(?:^|[,\\])c:(\d{9,13})/.exec(prefix);
  const raw = tag?.[1] ?? prefix.trim().replace(/[,;\s]+$/, '');
  if (!raw) return null;
  if (/^\d{9,13}(\.\d+)?$/.test(raw)) {
    const n = Number(raw);
    return new Date(n > 1e11 ? n : n * 1000);
  }
  const d = new Date(raw);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The ETA of a type 5 message (month, day, hour, minute; no year): the nearest such instant to `at`. */
export function etaOf(m: { etaMonth: number | null; etaDay: number | null; etaHour: number | null; etaMinute: number | null }, at: Date): Date | null {
  if (!m.etaMonth || !m.etaDay || m.etaHour == null || m.etaMinute == null) return null;
  const year = at.getUTCFullYear();
  const candidates = [year - 1, year, year + 1].map((y) => new Date(Date.UTC(y, m.etaMonth! - 1, m.etaDay!, m.etaHour!, m.etaMinute!)));
  const valid = candidates.filter((d) => d.getUTCDate() === m.etaDay);
  if (!valid.length) return null;
  return valid.reduce((best, d) => (Math.abs(d.getTime() - at.getTime()) < Math.abs(best.getTime() - at.getTime()) ? d : best));
}

const clean = (s: unknown): string | null => {
  if (typeof s !== 'string') return null;
  const t = s.replace(/@+$/g, '').trim().replace(/\s+/g, ' ');
  return t || null;
};

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]/g, '');

let portNames: Promise<{ byCode: Set<string>; byName: Map<string, string | null> }> | undefined;
/** Port lookup for AIS destinations: UN/LOCODEs, and names that identify one port. */
function portIndex() {
  portNames ??= portsByUnlocode().then((ports) => {
    const byName = new Map<string, string | null>();
    for (const p of ports.values()) {
      const key = fold(p.name);
      byName.set(key, byName.has(key) ? null : p.unlocode);
    }
    return { byCode: new Set(ports.keys()), byName };
  });
  return portNames;
}

/** The UN/LOCODE of a destination as crews type it ("BRSSZ", "BR SSZ", "SANTOS", "ARBUE>BRSSZ"), when it names one port. */
export async function destinationPort(destination: string | null): Promise<string | null> {
  if (!destination) return null;
  const { byCode, byName } = await portIndex();
  const last = destination.split(/>|=>|->/).pop()!.trim().toUpperCase();
  const code = last.replace(/[\s-]/g, '');
  // A code in everyday use (CNSHA) stands for its port (graph/reference/port-aliases.ts).
  if (/^[A-Z]{2}[A-Z0-9]{3}$/.test(code) && byCode.has(currentUnlocode(code))) return currentUnlocode(code);
  return byName.get(fold(last)) ?? null;
}

export interface AisImportOptions {
  /** Sentences per transaction (default 5,000). */
  batchSize?: number;
  /** Time of lines that carry none (default: now). */
  now?: Date;
  /** Called after each committed batch. */
  onBatch?: (report: AisReport) => void;
}

/** Imports AIS sentences from an iterable of lines. */
export async function importAis(lines: AsyncIterable<string> | Iterable<string>, options: AisImportOptions = {}): Promise<AisReport> {
  const report = emptyAisReport();
  const started = performance.now();
  const batchSize = options.batchSize ?? 5000;
  const decoder = new PayloadDecoder();
  const partial = new Map<string, { parts: Sentence[]; lines: number[] }>();
  let pending = new Map<string, Pending>();
  let inBatch = 0;

  const flush = async () => {
    if (pending.size) await applyBatch(pending, report);
    if (inBatch) {
      report.batches++;
      options.onBatch?.(report);
    }
    pending = new Map();
    inBatch = 0;
  };

  for await (const raw of lines) {
    report.lines++;
    const lineNo = report.lines;
    const text = raw.trim();
    if (!text) continue;
    const bang = text.indexOf('!');
    if (bang < 0) {
      badLine(report, lineNo, text.startsWith('$') ? 'not an AIVDM/AIVDO sentence' : 'not an NMEA sentence');
      continue;
    }
    const sentenceText = text.slice(bang);
    if (!/^!AIVD[MO],/.test(sentenceText)) {
      badLine(report, lineNo, 'not an AIVDM/AIVDO sentence');
      continue;
    }
    const at = (bang > 0 ? lineTime(text.slice(0, bang)) : null) ?? options.now ?? new Date();
    let s: Sentence;
    try {
      s = new AisSentence(sentenceText);
    } catch (e) {
      badLine(report, lineNo, ((e as Error).message ?? 'unreadable').replace(/ \(!.*\)$/, '').toLowerCase());
      continue;
    }
    if (!(s.numParts >= 1 && s.partNumber >= 1 && s.partNumber <= s.numParts && /^[0-9:;<=>?@A-W`a-w]*$/.test(s.payload))) {
      badLine(report, lineNo, 'malformed sentence fields');
      continue;
    }
    report.sentences++;
    inBatch++;
    let payload = s.payload;
    let parts: Sentence[] = [s];
    let fill = s.fillBits;
    if (s.numParts > 1) {
      const key = `${s.channel}|${s.partId}`;
      const open = partial.get(key);
      if (s.partNumber === 1) {
        if (open) for (const l of open.lines) badLine(report, l, 'incomplete multi-part message');
        partial.set(key, { parts: [s], lines: [lineNo] });
        continue;
      }
      if (!open || open.parts.length !== s.partNumber - 1 || open.parts[0].numParts !== s.numParts) {
        if (open) for (const l of open.lines) badLine(report, l, 'incomplete multi-part message');
        partial.delete(key);
        badLine(report, lineNo, 'multi-part sentence out of order');
        continue;
      }
      open.parts.push(s);
      open.lines.push(lineNo);
      if (s.partNumber < s.numParts) continue;
      partial.delete(key);
      parts = open.parts;
      payload = parts.map((p) => p.payload).join('');
      fill = s.fillBits;
    }
    const type = payload.length ? (payload.charCodeAt(0) - 48 > 40 ? payload.charCodeAt(0) - 56 : payload.charCodeAt(0) - 48) : -1;
    if (!(type in minBits)) {
      report.messages++;
      report.ignored_messages++;
      continue;
    }
    if (payload.length * 6 - fill < minBits[type]) {
      badLine(report, lineNo, `truncated type ${type} message`);
      continue;
    }
    let m: Record<string, any> | null;
    try {
      m = decoder.decode(payload, s.channel, parts);
    } catch {
      m = null;
    }
    if (!m || !Number.isInteger(m.mmsi) || m.mmsi <= 0) {
      badLine(report, lineNo, `undecodable type ${type} message`);
      continue;
    }
    report.messages++;
    const mmsi = String(m.mmsi).padStart(9, '0');
    const entry = pending.get(mmsi) ?? { mmsi, ais_class: type === 18 || type === 24 ? 'B' : 'A' };
    if (type === 18 || type === 24) entry.ais_class = 'B';
    pending.set(mmsi, entry);
    if (type <= 3 || type === 18) {
      report.position_reports++;
      if (m.lat == null || m.lon == null || Math.abs(m.lat) > 90 || Math.abs(m.lon) > 180) continue;
      if (!entry.position || entry.position.at <= at) {
        entry.position = {
          latitude: m.lat, longitude: m.lon, course: m.courseOverGround ?? null, speed: m.speedOverGround ?? null,
          heading: m.heading ?? null, nav_status: type <= 3 ? (m.navStatus ?? null) : null, at,
        };
      }
    } else {
      report.static_reports++;
      const st: Static = { ...(entry.static ?? {}), at };
      if (type === 5) {
        Object.assign(st, {
          imo_number: m.imo > 0 && m.imo <= 9999999 ? String(m.imo).padStart(7, '0') : null,
          callsign: clean(m.callsign), name: clean(m.name), ship_type_code: m.typeAndCargo ?? null,
          dimension_a: m.dimBow, dimension_b: m.dimStern, dimension_c: m.dimPort, dimension_d: m.dimStarboard,
          draught: m.draught || null, destination: clean(m.destination), eta: etaOf(m as never, at), voyage: true,
        });
      } else if (m.partNum === 0) {
        st.name = clean(m.name);
      } else {
        Object.assign(st, {
          callsign: clean(m.callsign), ship_type_code: m.typeAndCargo ?? null,
          dimension_a: m.dimBow, dimension_b: m.dimStern, dimension_c: m.dimPort, dimension_d: m.dimStarboard,
        });
      }
      entry.static = st;
    }
    if (inBatch >= batchSize) await flush();
  }
  for (const open of partial.values()) for (const l of open.lines) badLine(report, l, 'incomplete multi-part message');
  await flush();
  report.errors.sort((a, b) => a.line - b.line);
  report.elapsed_ms = Math.round(performance.now() - started);
  report.sentences_per_second = report.elapsed_ms ? Math.round((report.sentences * 1000) / report.elapsed_ms) : 0;
  return report;
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

/** Applies one batch of decoded messages in a transaction. */
async function applyBatch(pending: Map<string, Pending>, report: AisReport): Promise<void> {
  const resolved = new Map<string, string | null>();
  for (const p of pending.values()) {
    const dest = p.static?.destination;
    if (dest && !resolved.has(dest)) resolved.set(dest, await destinationPort(dest));
  }
  const counts = { created: 0, updated: 0, started: 0, voyages: 0, events: 0 };
  await inTransaction(
    async (db) => {
      const mmsis = [...pending.keys()];
      const existing = new Map<string, Existing>((await readVessels(db, mmsis)).map((v) => [v.mmsi_number, v]));
      const missing = mmsis.filter((m) => !existing.has(m));
      if (missing.length) {
        await db.$executeRawUnsafe(
          `INSERT INTO vessels (mmsi_number, ais_class, country_code, updated_at)
           SELECT u.mmsi, u.class::"AisClass", u.country, now() FROM unnest($1::text[], $2::text[], $3::text[]) AS u(mmsi, class, country)
           ON CONFLICT (mmsi_number) DO NOTHING`,
          missing,
          missing.map((mmsi) => pending.get(mmsi)!.ais_class),
          missing.map((mmsi) => flagOfMmsi(mmsi)),
        );
        for (const v of await readVessels(db, missing)) existing.set(v.mmsi_number, v);
        counts.created += missing.length;
      }
      const changes: VesselChange[] = [];
      const updates: VesselRow[] = [];
      const voyageUpdates: { id: number; eta: Date | null; draught: number | null; updated_at: Date }[] = [];
      const voyageRows: (Omit<VoyageState, 'id'> & { vessel_id: number; draught: number | null; started_at: Date })[] = [];
      const voyageChanges: { change: VesselChange; previous: VoyageState | null; mmsi: string }[] = [];
      for (const p of pending.values()) {
        const v = existing.get(p.mmsi)!;
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
          if (st.voyage) {
            const previous = v.voyages[0] ?? null;
            const destination = st.destination ?? null;
            const port = destination ? (resolved.get(destination) ?? null) : null;
            const eta = st.eta ?? null;
            if (!previous || (previous.destination ?? null) !== destination) {
              voyageRows.push({ vessel_id: v.id, destination, destination_port_unlocode: port, eta, draught: st.draught ?? null, started_at: st.at, updated_at: st.at });
              voyageChanges.push({ change, previous, mmsi: v.mmsi_number });
              startsVoyage = true;
              counts.started++;
            } else if ((previous.eta?.getTime() ?? null) !== (eta?.getTime() ?? null)) {
              voyageUpdates.push({ id: previous.id, eta, draught: st.draught ?? null, updated_at: st.at });
              const current = { ...previous, eta, updated_at: st.at };
              change.voyage = { previous, current, new_voyage: false };
              counts.voyages++;
            }
          }
        }
        if (Object.keys(data).length) {
          const { voyages: _v, mmsi_number: _m, country_code: _c, ...current } = v;
          updates.push({ ...current, ...(data as Partial<Existing>) });
          if (!missing.includes(p.mmsi)) counts.updated++;
        }
        if (change.position || change.voyage || startsVoyage) changes.push(change);
      }
      await updateVessels(db, updates);
      if (voyageUpdates.length) {
        await db.$executeRawUnsafe(
          'UPDATE "vessel_voyages" AS v SET "eta" = u."eta", "draught" = u."draught", "updated_at" = u."updated_at" ' +
            'FROM unnest($1::int4[], $2::timestamptz[], $3::float8[], $4::timestamptz[]) AS u("id", "eta", "draught", "updated_at") WHERE v."id" = u."id"',
          voyageUpdates.map((u) => u.id), voyageUpdates.map((u) => u.eta), voyageUpdates.map((u) => u.draught), voyageUpdates.map((u) => u.updated_at),
        );
      }
      if (voyageRows.length) {
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
      await onVesselsChanged(db, changes);
      counts.events = changes.length;
    },
    { timeout: 120_000 },
  );
  report.vessels_created += counts.created;
  report.vessels_updated += counts.updated;
  report.voyages_started += counts.started;
  report.voyages_updated += counts.voyages;
  report.tracking_events += counts.events;
}
