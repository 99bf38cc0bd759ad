// A minimal AIS encoder (ITU-R M.1371 types 1 and 5 as !AIVDM sentences): used to make
// sample files, test data and the benchmark's synthetic feed. Decoding uses the npm package.

class Bits {
  private bits: number[] = [];
  uint(value: number, width: number): this {
    for (let i = width - 1; i >= 0; i--) this.bits.push(Math.floor(value / 2 ** i) % 2);
    return this;
  }
  int(value: number, width: number): this {
    return this.uint(value < 0 ? 2 ** width + value : value, width);
  }
  text(value: string, chars: number): this {
    const s = value.toUpperCase().padEnd(chars, '@').slice(0, chars);
    for (const ch of s) {
      const c = ch.charCodeAt(0);
      this.uint(c >= 64 ? c - 64 : c < 32 || c > 63 ? 32 : c, 6);
    }
    return this;
  }
  armor(): { payload: string; fill: number } {
    const fill = (6 - (this.bits.length % 6)) % 6;
    const all = [...this.bits, ...new Array(fill).fill(0)];
    let payload = '';
    for (let i = 0; i < all.length; i += 6) {
      let v = 0;
      for (let j = 0; j < 6; j++) v = v * 2 + all[i + j];
      payload += String.fromCharCode(v < 40 ? v + 48 : v + 56);
    }
    return { payload, fill };
  }
}

/** The NMEA checksum of a sentence body (between `!` and `*`). */
export function nmeaChecksum(body: string): string {
  let x = 0;
  for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i);
  return x.toString(16).toUpperCase().padStart(2, '0');
}

function sentences(payload: string, fill: number, channel: string, seq: number | null, maxChars = 60): string[] {
  const parts: string[] = [];
  for (let i = 0; i < payload.length; i += maxChars) parts.push(payload.slice(i, i + maxChars));
  return parts.map((p, i) => {
    const body = `AIVDM,${parts.length},${i + 1},${parts.length > 1 ? (seq ?? 0) : ''},${channel},${p},${i === parts.length - 1 ? fill : 0}`;
    return `!${body}*${nmeaChecksum(body)}`;
  });
}

export interface PositionReport {
  mmsi: number;
  latitude: number;
  longitude: number;
  speed?: number | null;
  course?: number | null;
  heading?: number | null;
  navStatus?: number;
  type?: 1 | 2 | 3;
  second?: number;
}

/** One type 1-3 position report as a single !AIVDM sentence. */
export function encodePosition(r: PositionReport, channel = 'A'): string {
  const b = new Bits()
    .uint(r.type ?? 1, 6).uint(0, 2).uint(r.mmsi, 30).uint(r.navStatus ?? 0, 4).int(-128, 8)
    .uint(r.speed == null ? 1023 : Math.round(r.speed * 10), 10).uint(1, 1)
    .int(Math.round(r.longitude * 600000), 28).int(Math.round(r.latitude * 600000), 27)
    .uint(r.course == null ? 3600 : Math.round(r.course * 10), 12).uint(r.heading ?? 511, 9)
    .uint(r.second ?? 60, 6).uint(0, 2).uint(0, 3).uint(0, 1).uint(0, 19);
  const { payload, fill } = b.armor();
  return sentences(payload, fill, channel, null)[0];
}

export interface StaticReport {
  mmsi: number;
  imo?: number;
  callsign?: string;
  name?: string;
  shipType?: number;
  dimensions?: { a: number; b: number; c: number; d: number };
  eta?: { month: number; day: number; hour: number; minute: number } | null;
  draught?: number;
  destination?: string;
}

/** One type 5 static and voyage report as two !AIVDM sentences (a multi-part message). */
export function encodeStatic(r: StaticReport, seq = 1, channel = 'A'): string[] {
  const d = r.dimensions ?? { a: 0, b: 0, c: 0, d: 0 };
  const eta = r.eta ?? { month: 0, day: 0, hour: 24, minute: 60 };
  const b = new Bits()
    .uint(5, 6).uint(0, 2).uint(r.mmsi, 30).uint(0, 2).uint(r.imo ?? 0, 30)
    .text(r.callsign ?? '', 7).text(r.name ?? '', 20).uint(r.shipType ?? 0, 8)
    .uint(d.a, 9).uint(d.b, 9).uint(d.c, 6).uint(d.d, 6).uint(1, 4)
    .uint(eta.month, 4).uint(eta.day, 5).uint(eta.hour, 5).uint(eta.minute, 6)
    .uint(Math.round((r.draught ?? 0) * 10), 8).text(r.destination ?? '', 20).uint(0, 1).uint(0, 1);
  const { payload, fill } = b.armor();
  return sentences(payload, fill, channel, seq % 10);
}

/**
 * A synthetic but valid AIS feed of `count` sentences for benchmarks: `vessels` ships
 * steaming towards Santos or Paranaguá, each sending position reports (types 1-3) and, every
 * 20th report, a two-part type 5 with its destination and an ETA that moves.
 */
export function* syntheticAisFeed(count: number, vessels = 1000, start = new Date('2026-01-01T00:00:00Z')): Generator<string> {
  let emitted = 0;
  for (let i = 0; emitted < count; i++) {
    const v = i % vessels;
    const round = Math.floor(i / vessels);
    const mmsi = 710_000_000 + 100_000 + v;
    const t = Math.floor(start.getTime() / 1000) + round * 10 + (v % 10);
    const block = `c:${t}`;
    const tag = `\\${block}*${nmeaChecksum(block)}\\`;
    if (round % 20 === 0 && emitted + 2 <= count) {
      const eta = new Date((t + 86_400 * (1 + (v % 5)) + round * 60) * 1000);
      for (const s of encodeStatic({
        mmsi, imo: 9_000_000 + v, callsign: `PP${v}`, name: `BENCH VESSEL ${v}`, shipType: 70 + (v % 10),
        dimensions: { a: 150 + (v % 100), b: 30, c: 15, d: 15 }, draught: 8 + (v % 5),
        destination: v % 2 ? 'BRPNG' : 'BRSSZ', eta: { month: eta.getUTCMonth() + 1, day: eta.getUTCDate(), hour: eta.getUTCHours(), minute: eta.getUTCMinutes() },
      }, i)) {
        yield tag + s;
        emitted++;
      }
      continue;
    }
    const lat = -24 - (v % 2) * 1.5 - ((v % 50) - round * 0.01) * 0.01;
    const lon = -46.3 - (v % 2) * 2.2 + (v % 37) * 0.01;
    yield tag + encodePosition({ mmsi, latitude: lat, longitude: lon, speed: 8 + (v % 10), course: (v * 7) % 360, heading: (v * 7) % 360, type: ((round % 3) + 1) as 1 | 2 | 3 });
    emitted++;
  }
}
