// Demo logistics data: the company's routes with points (through the GraphQL mutations),
// and global reference data a tracking demo needs: vessels with a current voyage near
// Santos (BRSSZ) and Paranaguá (BRPNG), fed through the AIS importer, and the two ports'
// berth line-ups over the next 30 days, fed through the port schedule importer. The global
// part is idempotent (vessels by MMSI, calls by port and schedule number).
import type { NewCompany } from '../company/companies.ts';
import { encodePosition, encodeStatic, nmeaChecksum } from '../logistics/ais-encode.ts';
import { importAis } from '../logistics/ais-import.ts';
import { importPortSchedules, portScheduleColumns } from '../logistics/port-schedule-import.ts';
import { runAs } from './run-as.ts';

const routes = [
  {
    name: 'Campinas plant -> Port of Santos (export)',
    description: 'Full containers from the plant to the terminal; empties back to the depot.',
    points: [
      { position: 1, route_type: 'WITHDRAWAL_EMPTY_CONTAINER', name: 'Santos container depot', latitude: -23.93, longitude: -46.36 },
      { position: 2, route_type: 'LOADING_FULL_CONTAINER', name: 'Campinas plant', address: 'Rod. Anhanguera, km 104, Campinas - SP', latitude: -22.86, longitude: -47.13 },
      { position: 3, route_type: 'UNLOADING_FULL_CONTAINER', name: 'Santos terminal', latitude: -23.96, longitude: -46.3 },
    ],
  },
  {
    name: 'Port of Paranaguá -> Curitiba DC (import)',
    description: 'Import containers to the distribution centre; empty return at Paranaguá.',
    points: [
      { position: 1, route_type: 'LOADING', name: 'Paranaguá terminal', latitude: -25.5, longitude: -48.52 },
      { position: 2, route_type: 'UNLOADING', name: 'Curitiba distribution centre', address: 'Rod. BR-116, Curitiba - PR', latitude: -25.47, longitude: -49.27 },
      { position: 3, route_type: 'RETURN_EMPTY_CONTAINER', name: 'Paranaguá empty depot', latitude: -25.52, longitude: -48.5 },
    ],
  },
  {
    name: 'São Paulo -> Buenos Aires (road, via Uruguaiana)',
    description: 'International road transport, border crossing at Uruguaiana / Paso de los Libres.',
    active: false,
    points: [
      { position: 1, route_type: 'LOADING', name: 'São Paulo warehouse', latitude: -23.55, longitude: -46.63 },
      { position: 2, route_type: 'ARRIVAL_AT_THE_BORDER', name: 'Uruguaiana customs', latitude: -29.75, longitude: -57.08 },
      { position: 3, route_type: 'INVOICE_EXCHANGE', name: 'Paso de los Libres', latitude: -29.71, longitude: -57.09 },
      { position: 4, route_type: 'UNLOADING', name: 'Buenos Aires DC', latitude: -34.6, longitude: -58.38 },
    ],
  },
];

// Fictional vessels (MMSIs under the Brazilian, Liberian, Marshall Islands and Panama MIDs).
const vessels = [
  { mmsi: 710990001, imo: 9990011, callsign: 'PPDM1', name: 'TT DEMO SANTOS', shipType: 71, dims: { a: 280, b: 54, c: 24, d: 24 }, draught: 13.2, destination: 'BRSSZ', lat: -24.08, lon: -46.21, sog: 12.4, cog: 330, days: 1 },
  { mmsi: 636990002, imo: 9990023, callsign: 'A8DM2', name: 'TT DEMO ATLANTICO', shipType: 70, dims: { a: 230, b: 45, c: 20, d: 20 }, draught: 11.8, destination: 'SANTOS', lat: -24.3, lon: -45.9, sog: 14.1, cog: 300, days: 2 },
  { mmsi: 538990003, imo: 9990035, callsign: 'V7DM3', name: 'TT DEMO PARANAGUA', shipType: 80, dims: { a: 150, b: 33, c: 16, d: 16 }, draught: 10.4, destination: 'BRPNG', lat: -25.62, lon: -48.1, sog: 9.8, cog: 285, days: 1 },
  { mmsi: 355990004, imo: 9990047, callsign: '3EDM4', name: 'TT DEMO SUL', shipType: 70, dims: { a: 190, b: 40, c: 16, d: 16 }, draught: 9.6, destination: 'BR PNG', lat: -25.9, lon: -47.8, sog: 11.0, cog: 310, days: 3 },
];

const carriers = [
  { code: 'MAEU', name: 'Maersk', country: 'DK' },
  { code: 'MSCU', name: 'Mediterranean Shipping Company (MSC)', country: 'CH' },
  { code: 'CMDU', name: 'CMA CGM', country: 'FR' },
  { code: 'HLCU', name: 'Hapag-Lloyd', country: 'DE' },
];

const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');
const tag = (d: Date) => {
  const block = `c:${Math.floor(d.getTime() / 1000)}`;
  return `\\${block}*${nmeaChecksum(block)}\\`;
};

/** Vessels with a current voyage near Santos and Paranaguá, through the AIS importer. */
export async function seedDemoVessels(now = new Date()): Promise<void> {
  const lines: string[] = [];
  vessels.forEach((v, i) => {
    const eta = new Date(now.getTime() + v.days * 86_400_000);
    const at = tag(now);
    for (const s of encodeStatic({
      mmsi: v.mmsi, imo: v.imo, callsign: v.callsign, name: v.name, shipType: v.shipType, dimensions: v.dims, draught: v.draught, destination: v.destination,
      eta: { month: eta.getUTCMonth() + 1, day: eta.getUTCDate(), hour: eta.getUTCHours(), minute: 0 },
    }, i + 1)) lines.push(at + s);
    lines.push(at + encodePosition({ mmsi: v.mmsi, latitude: v.lat, longitude: v.lon, speed: v.sog, course: v.cog, heading: Math.round(v.cog) }));
  });
  const report = await importAis(lines, { now });
  if (report.bad_lines) throw new Error(`demo vessels: ${JSON.stringify(report.errors)}`);
}

/** Berth calls at BRSSZ and BRPNG over the next 30 days, through the port schedule importer. */
export async function seedDemoPortSchedules(now = new Date()): Promise<void> {
  const day = 86_400_000;
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 6);
  const rows: string[] = [portScheduleColumns.join(',')];
  for (const [p, port] of (['BRSSZ', 'BRPNG'] as const).entries()) {
    for (let n = 0; n < 10; n++) {
      const v = vessels[(n + p * 2) % vessels.length];
      const c = carriers[(n + p) % carriers.length];
      const etb = new Date(start + (n * 3 + p) * day + ((n * 5) % 12) * 3_600_000);
      const berthed = etb.getTime() < now.getTime();
      const row: Record<(typeof portScheduleColumns)[number], string> = {
        port_unlocode: port,
        schedule_number: `${port.slice(2)}-DEMO-${String(n + 1).padStart(3, '0')}`,
        vessel_mmsi: n < vessels.length ? String(v.mmsi) : '',
        vessel_imo: n < vessels.length ? String(v.imo) : '',
        vessel_name: n < vessels.length ? v.name : `TT DEMO CALL ${n + 1}`,
        etb: iso(etb),
        atb: berthed ? iso(new Date(etb.getTime() + 3_600_000)) : '',
        etu: iso(new Date(etb.getTime() + 36 * 3_600_000)),
        atu: '',
        carrier_code: c.code,
        carrier_name: `"${c.name}"`,
        carrier_country: c.country,
        carrier_voyage: `${600 + n}${p ? 'N' : 'S'}`,
        operation_type: ['LOADING', 'UNLOADING', 'LOADING_AND_UNLOADING'][n % 3],
        shipping_agency_cnpj: `1234567800${String(100 + n).padStart(4, '0')}`,
        shipping_agency_name: '"Agência Marítima Demo Ltda"',
        vessel_responsible: 'Demo Agency Desk',
        last_ports: `ARBUE@${iso(new Date(etb.getTime() - 4 * day))};UYMVD@${iso(new Date(etb.getTime() - 3 * day))}`,
        next_ports: `${p ? 'BRRIG' : 'BRPNG'}@${iso(new Date(etb.getTime() + 3 * day))}`,
      };
      rows.push(portScheduleColumns.map((k) => row[k]).join(','));
    }
  }
  const report = await importPortSchedules(rows.join('\n'));
  if (report.bad_lines) throw new Error(`demo port schedules: ${JSON.stringify(report.errors)}`);
}

/** Routes with points for the company, and the global vessels and port schedules of the demo. */
export async function seedLogistics(created: NewCompany): Promise<void> {
  for (const p of routes) {
    await runAs(created.company, 'mutation SeedRoute($p: RouteParams!) { createRoute(params: $p) { route { id } } }', { p });
  }
  await seedDemoVessels();
  await seedDemoPortSchedules();
}
