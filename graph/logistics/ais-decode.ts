// Reading AIS lines: NMEA !AIVDM/!AIVDO sentences, assembled when they come in several parts,
// decoded with the npm package ais-stream-decoder into what the importer keeps of each vessel
// (its latest position, its static and voyage data). A line that cannot be read is a bad line
// of the report, never fatal.
import { createRequire } from 'node:module';
import { portsByUnlocode } from '../reference/places.ts';
import { currentUnlocode } from '../reference/port-aliases.ts';
import { badLine, type ImportReport } from './import-report.ts';

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
  decode(payload: string, channel: string, sentences: Sentence[]): DecodedFields | null {
    this.last = null;
    this.decoder.decodePayload(payload, channel, sentences);
    const out = this.last as string | null;
    return out ? JSON.parse(out) : null;
  }
}

// Minimum payload lengths in bits for the types read (shorter payloads are truncated).
const minBits: Record<number, number> = { 1: 168, 2: 168, 3: 168, 5: 420, 18: 168, 24: 160 };

export type Position = { latitude: number; longitude: number; course: number | null; speed: number | null; heading: number | null; nav_status: number | null; at: Date };
export type Static = {
  imo_number?: string | null; callsign?: string | null; name?: string | null; ship_type_code?: number | null;
  dimension_a?: number; dimension_b?: number; dimension_c?: number; dimension_d?: number; draught?: number | null;
  destination?: string | null; eta?: Date | null; voyage?: boolean; at: Date;
};
export type Pending = { mmsi: string; ais_class: 'A' | 'B'; position?: Position; static?: Static };

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
function etaOf(m: { etaMonth: number | null; etaDay: number | null; etaHour: number | null; etaMinute: number | null }, at: Date): Date | null {
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

/**
 * The fields of a decoded message that are read, as the decoder names them (JSON it produced:
 * absent when the message type does not carry them).
 */
export interface DecodedFields {
  mmsi: number;
  lat?: number | null;
  lon?: number | null;
  courseOverGround?: number | null;
  speedOverGround?: number | null;
  heading?: number | null;
  navStatus?: number | null;
  imo?: number;
  callsign?: string | null;
  name?: string | null;
  typeAndCargo?: number | null;
  dimBow?: number;
  dimStern?: number;
  dimPort?: number;
  dimStarboard?: number;
  draught?: number | null;
  destination?: string | null;
  partNum?: number;
  etaMonth?: number | null;
  etaDay?: number | null;
  etaHour?: number | null;
  etaMinute?: number | null;
}

/** One decoded message: its type, its fields as the decoder names them, the time of its line. */
export interface Message {
  type: number;
  fields: DecodedFields;
  at: Date;
}

/** Reads lines one at a time, holding the parts of multi-part messages until they are whole. */
export class SentenceReader {
  private decoder = new PayloadDecoder();
  private partial = new Map<string, { parts: Sentence[]; lines: number[] }>();
  constructor(
    private report: ImportReport & { sentences: number; messages: number; ignored_messages: number },
    private now: Date | undefined,
  ) {}

  private bad(lineNo: number, reason: string): null {
    badLine(this.report, lineNo, reason);
    return null;
  }

  /** The sentence of a line, or null (a bad line is reported; an empty one is skipped). */
  private sentenceOf(raw: string, lineNo: number): { s: Sentence; at: Date } | null {
    const text = raw.trim();
    if (!text) return null;
    const bang = text.indexOf('!');
    if (bang < 0) return this.bad(lineNo, text.startsWith('$') ? 'not an AIVDM/AIVDO sentence' : 'not an NMEA sentence');
    const sentenceText = text.slice(bang);
    if (!/^!AIVD[MO],/.test(sentenceText)) return this.bad(lineNo, 'not an AIVDM/AIVDO sentence');
    const at = (bang > 0 ? lineTime(text.slice(0, bang)) : null) ?? this.now ?? new Date();
    let s: Sentence;
    try {
      s = new AisSentence(sentenceText);
    } catch (e) {
      badLine(this.report, lineNo, ((e as Error).message ?? 'unreadable').replace(/ \(!.*\)$/, '').toLowerCase());
      return null;
    }
    if (!(s.numParts >= 1 && s.partNumber >= 1 && s.partNumber <= s.numParts && /^[0-9:;<=>?@A-W`a-w]*$/.test(s.payload))) {
      return this.bad(lineNo, 'malformed sentence fields');
    }
    return { s, at };
  }

  /** The whole message a sentence completes, or null while parts are missing or out of order. */
  private assemble(s: Sentence, lineNo: number): { payload: string; parts: Sentence[]; fill: number } | null {
    if (s.numParts === 1) return { payload: s.payload, parts: [s], fill: s.fillBits };
    const key = `${s.channel}|${s.partId}`;
    const open = this.partial.get(key);
    const abandon = () => open && open.lines.forEach((l) => badLine(this.report, l, 'incomplete multi-part message'));
    if (s.partNumber === 1) {
      abandon();
      this.partial.set(key, { parts: [s], lines: [lineNo] });
      return null;
    }
    if (!open || open.parts.length !== s.partNumber - 1 || open.parts[0].numParts !== s.numParts) {
      abandon();
      this.partial.delete(key);
      badLine(this.report, lineNo, 'multi-part sentence out of order');
      return null;
    }
    open.parts.push(s);
    open.lines.push(lineNo);
    if (s.partNumber < s.numParts) return null;
    this.partial.delete(key);
    return { payload: open.parts.map((p) => p.payload).join(''), parts: open.parts, fill: s.fillBits };
  }

  /** The message a line completes, or null; `sentence` is called for each readable sentence. */
  read(raw: string, lineNo: number, sentence: () => void): Message | null {
    const read = this.sentenceOf(raw, lineNo);
    if (!read) return null;
    this.report.sentences++;
    sentence();
    const whole = this.assemble(read.s, lineNo);
    if (!whole) return null;
    const { payload, parts, fill } = whole;
    const type = payload.length ? (payload.charCodeAt(0) - 48 > 40 ? payload.charCodeAt(0) - 56 : payload.charCodeAt(0) - 48) : -1;
    if (!(type in minBits)) {
      this.report.messages++;
      this.report.ignored_messages++;
      return null;
    }
    if (payload.length * 6 - fill < minBits[type]) return this.bad(lineNo, `truncated type ${type} message`);
    let m: DecodedFields | null;
    try {
      m = this.decoder.decode(payload, read.s.channel, parts);
    } catch {
      m = null;
    }
    if (!m || !Number.isInteger(m.mmsi) || m.mmsi <= 0) return this.bad(lineNo, `undecodable type ${type} message`);
    this.report.messages++;
    return { type, fields: m, at: read.at };
  }

  /** Reports the parts of messages that never became whole. */
  finish(): void {
    for (const open of this.partial.values()) for (const l of open.lines) badLine(this.report, l, 'incomplete multi-part message');
  }
}

/**
 * Keeps a message's news in the vessel's pending entry: the latest position, the static and voyage
 * data. False for a position report without a usable position.
 */
export function keep(entry: Pending, { type, fields: m, at }: Message, counts: { position_reports: number; static_reports: number }): boolean {
  if (type <= 3 || type === 18) {
    counts.position_reports++;
    if (m.lat == null || m.lon == null || Math.abs(m.lat) > 90 || Math.abs(m.lon) > 180) return false;
    if (!entry.position || entry.position.at <= at) {
      entry.position = {
        latitude: m.lat, longitude: m.lon, course: m.courseOverGround ?? null, speed: m.speedOverGround ?? null,
        heading: m.heading ?? null, nav_status: type <= 3 ? (m.navStatus ?? null) : null, at,
      };
    }
    return true;
  }
  counts.static_reports++;
  const st: Static = { ...(entry.static ?? {}), at };
  if (type === 5) {
    Object.assign(st, {
      imo_number: m.imo !== undefined && m.imo > 0 && m.imo <= 9999999 ? String(m.imo).padStart(7, '0') : null,
      callsign: clean(m.callsign), name: clean(m.name), ship_type_code: m.typeAndCargo ?? null,
      dimension_a: m.dimBow, dimension_b: m.dimStern, dimension_c: m.dimPort, dimension_d: m.dimStarboard,
      draught: m.draught || null, destination: clean(m.destination), eta: etaOf({ etaMonth: m.etaMonth ?? null, etaDay: m.etaDay ?? null, etaHour: m.etaHour ?? null, etaMinute: m.etaMinute ?? null }, at), voyage: true,
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
  return true;
}
