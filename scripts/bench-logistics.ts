// Logistics part of `npm run bench` (called from scripts/bench.ts): fills the throwaway
// database with a full vessel set through the AIS importer (100,000 synthetic but valid
// sentences, timed in sentences/s) and a year of port schedules, and gives the request paths
// of the two read measurements (vessel search, port schedule window).
import { syntheticAisFeed } from '../graph/logistics/ais-encode.ts';
import { importAis, type AisReport } from '../graph/logistics/ais-import.ts';
import { importPortSchedules, portScheduleColumns } from '../graph/logistics/port-schedule-import.ts';

export const AIS_SENTENCES = 100_000;
export const AIS_VESSELS = 20_000;
export const SCHEDULE_PORTS = ['BRSSZ', 'BRPNG', 'BRRIG', 'BRIOA', 'BRSUA', 'ARBUE', 'UYMVD', 'NLRTM', 'CNSGH', 'USHOU'];
export const SCHEDULES_PER_PORT = 500;

export interface LogisticsData {
  ais: AisReport;
  schedules: { rows: number; elapsed_ms: number };
}

/** Imports the synthetic AIS feed (timed) and a year of port schedules. Needs the reference data seeded. */
export async function seedLogisticsBenchData(start = new Date('2026-01-01T00:00:00Z')): Promise<LogisticsData> {
  const ais = await importAis(syntheticAisFeed(AIS_SENTENCES, AIS_VESSELS, start));
  if (ais.bad_lines) throw new Error(`bench AIS feed had bad lines: ${JSON.stringify(ais.errors.slice(0, 3))}`);
  const rows = [portScheduleColumns.join(',')];
  for (const port of SCHEDULE_PORTS) {
    for (let i = 0; i < SCHEDULES_PER_PORT; i++) {
      const etb = new Date(start.getTime() + i * (8_760 / SCHEDULES_PER_PORT) * 3_600_000); // a year, evenly
      const mmsi = 710_100_000 + ((i * 7) % AIS_VESSELS);
      const r: Record<string, string> = {
        port_unlocode: port, schedule_number: `${port}-${i}`, vessel_mmsi: String(mmsi), etb: etb.toISOString(),
        etu: new Date(etb.getTime() + 30 * 3_600_000).toISOString(), carrier_code: 'MAEU', carrier_name: 'Maersk', carrier_country: 'DK',
        carrier_voyage: `${i}S`, operation_type: 'LOADING_AND_UNLOADING', shipping_agency_name: 'Bench Agency',
        last_ports: `ARBUE@${new Date(etb.getTime() - 3 * 86_400_000).toISOString()}`, next_ports: `UYMVD@${new Date(etb.getTime() + 2 * 86_400_000).toISOString()}`,
      };
      rows.push(portScheduleColumns.map((c) => r[c] ?? '').join(','));
    }
  }
  const t = performance.now();
  const report = await importPortSchedules(rows.join('\n'));
  if (report.bad_lines) throw new Error(`bench port schedules had bad lines: ${JSON.stringify(report.errors.slice(0, 3))}`);
  return { ais, schedules: { rows: report.rows, elapsed_ms: Math.round(performance.now() - t) } };
}

/** `GET /api/vessels?search=...`: names, the start of MMSIs and IMO numbers, callsigns (20,000 vessels). */
export function vesselSearchPaths(): string[] {
  const paths: string[] = [];
  for (let i = 0; i < 50; i++) {
    const v = (i * 397) % AIS_VESSELS;
    paths.push(`/api/vessels?limit=20&search=${encodeURIComponent(`BENCH VESSEL ${v}`)}`);
    paths.push(`/api/vessels?limit=20&search=${710_100_000 + v}`);
    paths.push(`/api/vessels?limit=20&search=${9_000_000 + v}`);
    paths.push(`/api/vessels?limit=20&search=PP${v}`);
  }
  return paths;
}

/** `GET /api/port-schedules/{port}` over 30-day windows of the year, 20 calls a page (5,000 calls in all). */
export function portScheduleWindowPaths(start = new Date('2026-01-01T00:00:00Z')): string[] {
  const paths: string[] = [];
  for (let i = 0; i < 100; i++) {
    const from = new Date(start.getTime() + ((i * 37) % 330) * 86_400_000);
    const to = new Date(from.getTime() + 30 * 86_400_000);
    paths.push(`/api/port-schedules/${SCHEDULE_PORTS[i % SCHEDULE_PORTS.length]}?start_date_etb=${from.toISOString()}&end_date_etb=${to.toISOString()}&limit=20`);
  }
  return paths;
}
