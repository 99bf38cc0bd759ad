import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { encodePosition, encodeStatic } from '../graph/logistics/ais-encode.ts';
import { nodeArgs } from './setup/project-process.ts';
import { baseUrl, client, graphql, newCompany, uniq, type TestCompany, errorBody, sameAnswer } from './helpers.ts';

/** Runs an importer through the operator endpoint (the same function as `npm run admin -- import-*`). */
async function runImport(kind: 'ais' | 'port-schedules', body: string) {
  const res = await fetch(`${baseUrl()}/admin/imports/${kind}`, {
    method: 'POST',
    headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A random ship-station MMSI under the Brazilian MID. */
const newMmsi = () => `710${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

describe('reference places', () => {
  let key: string;
  beforeAll(async () => {
    key = (await newCompany()).api_key;
  });

  it('serves every UN/LOCODE port, airports with coordinates and time zone, airlines and sealines', async () => {
    const res = await graphql(
      key,
      `{ santos: maritimePorts(search: "BRSSZ") { data { unlocode name latitude longitude country { code iso3 name } } total_count }
         all: maritimePorts(limit: 1) { total_count }
         gru: airports(search: "SBGR") { data { name iata_code icao_code city_iata_code latitude longitude timezone country { code } } }
         airports(limit: 1) { total_count }
         latam: airlines(search: "LATAM Airlines") { data { name iata_code icao_code callsign } }
         sealines(search: "MAEU") { data { scac name } }
         maritimePort(unlocode: "brpng") { name unlocode } }`,
    );
    expect(res.body.errors).toBeUndefined();
    const d = res.body.data;
    expect(d.all.total_count).toBe(17506);
    expect(d.santos.data).toEqual([
      { unlocode: 'BRSSZ', name: 'Santos', latitude: -23.9333, longitude: -46.3167, country: { code: 'BR', iso3: 'BRA', name: expect.stringMatching(/Brazil/) } },
    ]);
    expect(d.maritimePort).toEqual({ name: 'Paranaguá', unlocode: 'BRPNG' });
    expect(d.airports.total_count).toBeGreaterThan(7000);
    expect(d.gru.data[0]).toMatchObject({ iata_code: 'GRU', icao_code: 'SBGR', city_iata_code: 'SAO', timezone: 'America/Sao_Paulo', country: { code: 'BR' } });
    expect(d.gru.data[0].latitude).toBeCloseTo(-23.43, 1);
    expect(d.latam.data.some((a: any) => a.icao_code === 'LAN' && a.iata_code === 'LA' && a.callsign)).toBe(true);
    expect(d.sealines.data).toEqual([{ scac: 'MAEU', name: 'Maersk' }]);
  });
});

describe('importers and vessels', () => {
  let A: ReturnType<typeof client>;
  let ais: any;
  let schedules: any;
  beforeAll(async () => {
    A = client((await newCompany()).api_key);
    ais = await runImport('ais', readFileSync('tests/fixtures/ais-sample.nmea', 'utf8'));
    schedules = await runImport('port-schedules', readFileSync('tests/fixtures/port-schedules-sample.csv', 'utf8'));
  });

  it('imports the AIS sample: multi-part type 5 (also interleaved), types 1-3, and counts every malformed line with its reason', () => {
    expect(ais.status).toBe(200);
    const r = ais.body;
    expect(r).toMatchObject({ lines: 17, sentences: 13, messages: 7, position_reports: 4, static_reports: 3, bad_lines: 7 });
    expect(r.vessels_created + r.vessels_updated).toBeGreaterThanOrEqual(4);
    expect(r.errors.map((e: any) => e.line)).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(r.errors.find((e: any) => e.line === 11).reason).toMatch(/checksum/);
    expect(r.errors.find((e: any) => e.line === 14).reason).toMatch(/truncated/);
    expect(r.errors.find((e: any) => e.line === 15).reason).toMatch(/out of order/);
    expect(r.errors.find((e: any) => e.line === 17).reason).toMatch(/incomplete/);
  });

  it('answers a vessel with its last position and current voyage by MMSI, every 3.10 field present', async () => {
    const res = await A.get('/vessels/710000001/current-voyage');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      name: 'TT SANTOS STAR',
      imo_number: '9811000',
      mmsi_number: '710000001',
      callsign: 'PPSS1',
      ais_class: 'A',
      country: { code: 'BR', iso3: 'BRA', name: expect.any(String) },
      deadweight: null,
      gross_tonnage: null,
      dimensions: { a: 250, b: 50, c: 20, d: 20, length: 300, width: 40 },
      ship_type_code: 71,
      ship_type: 'CARGO',
      ship_sub_type: 'HAZARDOUS_CATEGORY_A',
      last_position_update: {
        ais_updated_at: '2026-01-01T00:10:00Z',
        course: 335,
        heading: 334,
        latitude: -24,
        longitude: -46.29,
        speed: 8.1,
        voyage_destination: 'BRSSZ',
        voyage_destination_port_name: 'Santos',
        voyage_destination_port_unlocode: 'BRSSZ',
        voyage_eta: '2026-01-05T14:30:00Z',
        voyage_updated_at: '2026-01-01T00:00:00Z',
      },
    });
    const png = (await A.get('/vessels/636000002/current-voyage')).body.data;
    expect(png.country.code).toBe('LR');
    expect(png.ship_type).toBe('TANKER');
    expect(png.last_position_update).toMatchObject({ voyage_destination: 'PARANAGUA', voyage_destination_port_unlocode: 'BRPNG', voyage_destination_port_name: 'Paranaguá' });
    const interleaved = (await A.get('/vessels/538000004/current-voyage')).body.data;
    expect(interleaved.name).toBe('TT ATLANTIC BREEZE');
    expect(interleaved.last_position_update).toMatchObject({ voyage_destination: 'BR SSZ', voyage_destination_port_unlocode: 'BRSSZ', ais_updated_at: null });
  });

  it('answers 400 for an MMSI that is not 9 digits and 404 for an unknown one', async () => {
    for (const bad of ['12345678', '1234567890', 'abcdefghi', '71000000x']) {
      const res = await A.get(`/vessels/${bad}/current-voyage`, 'locale=en-US');
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual(errorBody('BAD_REQUEST', expect.any(String), [{ name: 'mmsi', message: 'is invalid' }]));
    }
    const missing = await A.get('/vessels/999999998/current-voyage');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  it('lists vessels with search by name, IMO, MMSI and callsign, and paginates', async () => {
    const by = async (q: string) => (await A.get('/vessels', `search=${encodeURIComponent(q)}&limit=100`)).body.data.map((v: any) => v.mmsi_number);
    expect(await by('santos star')).toEqual(['710000001']);
    expect(await by('9811000')).toEqual(['710000001']);
    expect(await by('636000002')).toEqual(['636000002']);
    expect(await by('a8pt2')).toEqual(['636000002']);
    // Vessels are shared reference data: other tests import theirs at the same time.
    const all = await A.get('/vessels', 'limit=100&order_by[0][field]=mmsi_number');
    expect(all.status).toBe(200);
    expect(all.body.total_count).toBeGreaterThanOrEqual(4);
    const sorted = all.body.data.map((v: any) => v.mmsi_number);
    expect(sorted).toEqual([...sorted].sort());
    const page = await A.get('/vessels', 'limit=2&offset=1&order_by[0][field]=mmsi_number');
    expect(page.body.data.map((v: any) => v.mmsi_number)).toEqual(sorted.slice(1, 3));
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'order_by[0][field]=nope']) expect((await A.get('/vessels', q)).status, q).toBe(400);
  });

  it('a later import updates the voyage ETA and position, reports the tracking events, and a new destination starts a new voyage', async () => {
    const mmsi = newMmsi();
    const at = (t: string, s: string) => `\\c:${Math.floor(Date.parse(t) / 1000)}*00\\${s}`;
    const first = [
      ...encodeStatic({ mmsi: Number(mmsi), name: 'TT TRACKED', eta: { month: 2, day: 1, hour: 10, minute: 0 }, destination: 'BRSSZ' }).map((s) => at('2026-01-20T00:00:00Z', s)),
      at('2026-01-20T00:01:00Z', encodePosition({ mmsi: Number(mmsi), latitude: -24.2, longitude: -46.1, speed: 12, course: 300, heading: 300 })),
    ];
    const r1 = await runImport('ais', first.join('\n'));
    expect(r1.body).toMatchObject({ bad_lines: 0, vessels_created: 1, voyages_started: 1, tracking_events: 1 });
    const later = encodeStatic({ mmsi: Number(mmsi), name: 'TT TRACKED', eta: { month: 2, day: 2, hour: 18, minute: 0 }, destination: 'BRSSZ' }).map((s) => at('2026-01-21T00:00:00Z', s));
    const r2 = await runImport('ais', later.join('\n'));
    expect(r2.body).toMatchObject({ bad_lines: 0, vessels_created: 0, voyages_started: 0, voyages_updated: 1, tracking_events: 1 });
    let v = (await A.get(`/vessels/${mmsi}/current-voyage`)).body.data.last_position_update;
    expect(v).toMatchObject({ voyage_eta: '2026-02-02T18:00:00Z', voyage_updated_at: '2026-01-21T00:00:00Z', latitude: -24.2 });
    // Same data again: nothing changes, nothing is recorded.
    const r3 = await runImport('ais', later.join('\n'));
    expect(r3.body).toMatchObject({ voyages_updated: 0, tracking_events: 0 });
    const moved = encodeStatic({ mmsi: Number(mmsi), name: 'TT TRACKED', eta: { month: 2, day: 5, hour: 0, minute: 0 }, destination: 'PARANAGUA' }).map((s) => at('2026-01-22T00:00:00Z', s));
    const r4 = await runImport('ais', moved.join('\n'));
    expect(r4.body).toMatchObject({ voyages_started: 1, tracking_events: 1 });
    v = (await A.get(`/vessels/${mmsi}/current-voyage`)).body.data.last_position_update;
    expect(v).toMatchObject({ voyage_destination_port_unlocode: 'BRPNG', voyage_eta: '2026-02-05T00:00:00Z' });
  });

  it('imports the port schedule sample, reporting each bad row, and upserts by port and schedule number', async () => {
    expect(schedules.status).toBe(200);
    expect(schedules.body).toMatchObject({ rows: 3, bad_lines: 6 });
    expect(schedules.body.errors.map((e: any) => e.line)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(schedules.body.errors[0].reason).toMatch(/unknown port/);
    expect(schedules.body.errors[1].reason).toMatch(/etb is not an ISO 8601/);
    expect(schedules.body.errors[3].reason).toMatch(/columns/);
    const again = await runImport('port-schedules', readFileSync('tests/fixtures/port-schedules-sample.csv', 'utf8'));
    expect(again.body).toMatchObject({ rows: 3, created: 0, updated: 3 });
  });

  it('applies a schedule repeated within one file in line order: the last line wins', async () => {
    const header = readFileSync('tests/fixtures/port-schedules-sample.csv', 'utf8').split('\n')[0];
    const number = `RIG-${Date.now()}`;
    const line = (etb: string, voyage: string) => `BRRIG,${number},,,,${etb},,,,MAEU,Maersk,DK,${voyage},LOADING,,,,,`;
    const res = await runImport('port-schedules', [header, line('2026-03-01T00:00:00Z', 'V1'), line('2026-03-02T00:00:00Z', 'V2'), line('2026-03-03T06:00:00Z', 'V3')].join('\n'));
    expect(res.body).toMatchObject({ rows: 3, bad_lines: 0, created: 1, updated: 2 });
    const got = await A.get('/port-schedules/BRRIG', 'start_date_etb=2026-03-01T00:00:00Z&end_date_etb=2026-03-31T00:00:00Z&limit=100');
    const mine = got.body.data.filter((s: any) => s.schedule_number === number);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ etb: '2026-03-03T06:00:00Z', carrier: { voyage: 'V3' } });
  });

  it('answers the calls of a port in an ETB window with data and total_count, every 3.10 field present', async () => {
    const res = await A.get('/port-schedules/BRSSZ', 'start_date_etb=2026-01-01T00:00:00Z&end_date_etb=2026-01-31T23:59:59Z');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total_count).toBe(2);
    expect(res.body.data.map((s: any) => s.schedule_number)).toEqual(['SSZ-2026-0001', 'SSZ-2026-0002']);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      schedule_number: 'SSZ-2026-0001',
      port: expect.objectContaining({ unlocode: 'BRSSZ', name: 'Santos' }),
      etb: '2026-01-05T14:30:00Z',
      atb: null,
      etu: '2026-01-06T20:00:00Z',
      atu: null,
      carrier: { code: 'MAEU', name: 'Maersk', country: { code: 'DK', iso3: 'DNK', name: expect.any(String) }, voyage: '612S' },
      operation_type: 'LOADING_AND_UNLOADING',
      shipping_agency_cnpj: '12345678000190',
      shipping_agency_name: 'Agência Marítima Exemplo Ltda',
      vessel_responsible: 'Capt. Silva',
      last_ports: [
        { port_unlocode: 'ARBUE', atu: '2026-01-01T10:00:00Z' },
        { port_unlocode: 'UYMVD', atu: '2026-01-02T18:00:00Z' },
      ],
      next_ports: [{ port_unlocode: 'BRPNG', etb: '2026-01-08T08:00:00Z' }],
      vessel: expect.objectContaining({ mmsi_number: '710000001', dimensions: expect.objectContaining({ length: 300, width: 40 }) }),
    });
    expect(res.body.data[1]).toMatchObject({ atb: '2026-01-10T09:15:00Z', vessel: null, last_ports: [], next_ports: [] });
    const narrow = await A.get('/port-schedules/brssz', 'start_date_etb=2026-01-06T00:00:00Z&end_date_etb=2026-01-31T00:00:00Z');
    expect(narrow.body.data.map((s: any) => s.schedule_number)).toEqual(['SSZ-2026-0002']);
    const paged = await A.get('/port-schedules/BRSSZ', 'start_date_etb=2026-01-01T00:00:00Z&end_date_etb=2026-01-31T00:00:00Z&limit=1&offset=1');
    expect(paged.body).toMatchObject({ total_count: 2, data: [{ schedule_number: 'SSZ-2026-0002' }] });
    const png = await A.get('/port-schedules/BRPNG', 'start_date_etb=2026-01-01T00:00:00Z&end_date_etb=2026-01-31T00:00:00Z');
    expect(png.body.data[0]).toMatchObject({ schedule_number: 'PNG-2026-0001', shipping_agency_name: 'Agência Sul, Paranaguá', carrier: { country: { code: 'FR' } } });
  });

  it('answers 400 naming start_date_etb or end_date_etb when missing or unreadable, and 404 for an unknown port', async () => {
    const ok = 'start_date_etb=2026-01-01T00:00:00Z&end_date_etb=2026-01-31T00:00:00Z';
    const cases: [string, string, string][] = [
      ['BRSSZ', 'end_date_etb=2026-01-31T00:00:00Z', 'start_date_etb'],
      ['BRSSZ', 'start_date_etb=2026-01-01T00:00:00Z', 'end_date_etb'],
      ['BRSSZ', 'start_date_etb=yesterday&end_date_etb=2026-01-31T00:00:00Z', 'start_date_etb'],
      ['BRSSZ', 'start_date_etb=2026-01-01T00:00:00Z&end_date_etb=31/01/2026', 'end_date_etb'],
      ['BRSSZ', 'start_date_etb=2026-02-01T00:00:00Z&end_date_etb=2026-01-01T00:00:00Z', 'end_date_etb'],
      ['BR-SSZ', ok, 'port_unlocode'],
      ['BRSSZ', `${ok}&limit=500`, 'limit'],
    ];
    for (const [port, query, field] of cases) {
      const res = await A.get(`/port-schedules/${port}`, `${query}&locale=en-US`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.fields.map((f: any) => f.name), query).toEqual([field]);
    }
    const none = await A.get('/port-schedules/ZZZZZ', ok);
    expect(none.status).toBe(404);
    const noRoute = await A.get('/port-schedules', ok);
    expect(noRoute.status).toBe(404);
  });

  it('refuses the operator import endpoint without the admin token', async () => {
    const res = await fetch(`${baseUrl()}/admin/imports/ais`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(401);
  });

  it('the admin command prints its usage and exits 2 without a file', async () => {
    const run = promisify(execFile);
    const err = await run(process.execPath, nodeArgs('scripts/admin.ts', 'import-ais', '/nonexistent/file.nmea')).catch((e) => e);
    expect(err.code).toBe(2);
    expect(err.stderr).toMatch(/no such file/);
  });
});

describe('routes', () => {
  let a: TestCompany;
  let A: ReturnType<typeof client>;
  let B: ReturnType<typeof client>;
  const create = async (key: string, params: unknown) => {
    const res = await graphql(key, 'mutation ($p: RouteParams!) { createRoute(params: $p) { route { id points { id position route_type } } userErrors { field } } }', { p: params });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createRoute.userErrors).toEqual([]);
    return res.body.data.createRoute.route;
  };
  beforeAll(async () => {
    a = await newCompany();
    A = client(a.api_key);
    B = client((await newCompany()).api_key);
  });

  it('creates a route with points through GraphQL and answers it over REST with points in order', async () => {
    const name = uniq('Santos - Campinas ');
    const created = await create(a.api_key, {
      name,
      description: 'Export flow',
      points: [
        { position: 2, route_type: 'UNLOADING', name: 'Santos terminal', latitude: -23.95, longitude: -46.3 },
        { position: 1, route_type: 'LOADING', name: 'Campinas plant', address: 'Rod. Anhanguera km 100' },
        { position: 3, route_type: 'RETURN_EMPTY_CONTAINER', name: 'Depot' },
      ],
    });
    const res = await A.get(`/routes/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, name, active: true, description: 'Export flow' });
    expect(res.body.data.inserted_at).toMatch(ISO);
    expect(res.body.data.points.map((p: any) => [p.position, p.route_type, p.name])).toEqual([
      [1, 'LOADING', 'Campinas plant'],
      [2, 'UNLOADING', 'Santos terminal'],
      [3, 'RETURN_EMPTY_CONTAINER', 'Depot'],
    ]);
    expect(res.body.data.points[0]).toEqual({ id: expect.any(Number), position: 1, route_type: 'LOADING', name: 'Campinas plant', address: 'Rod. Anhanguera km 100', latitude: null, longitude: null });
  });

  it('updates points matching by id, validates, and soft-deletes', async () => {
    const r = await create(a.api_key, { name: uniq('R '), points: [{ position: 1, route_type: 'LOADING' }, { position: 2, route_type: 'UNLOADING' }] });
    const keep = r.points[0].id;
    const upd = await graphql(a.api_key, 'mutation ($id: Int!, $p: RouteParams!) { updateRoute(id: $id, params: $p) { route { points { id position route_type } } } }', {
      id: r.id,
      p: { active: false, points: [{ id: keep, position: 1, route_type: 'LOADING_FULL_CONTAINER' }, { position: 2, route_type: 'ARRIVAL_AT_THE_BORDER' }] },
    });
    expect(upd.body.errors).toBeUndefined();
    expect(upd.body.data.updateRoute.route.points[0]).toEqual({ id: keep, position: 1, route_type: 'LOADING_FULL_CONTAINER' });
    expect((await A.get(`/routes/${r.id}`)).body.data.active).toBe(false);
    const bad = await graphql(a.api_key, 'mutation ($p: RouteParams!) { createRoute(params: $p) { route { id } userErrors { field code } } }', {
      p: { name: ' ', points: [{ position: 1, route_type: 'LOADING' }, { position: 1, route_type: 'UNLOADING' }, { id: 999999, position: 3, route_type: 'LOADING' }] },
    });
    expect(bad.body.data.createRoute.route).toBeNull();
    expect(bad.body.data.createRoute.userErrors).toEqual(['name', 'points.1.position', 'points.2.id'].map((field) => ({ field, code: 'UNPROCESSABLE_ENTITY' })));
    const del = await graphql(a.api_key, 'mutation ($id: Int!) { deleteRoute(id: $id) { route { id } } }', { id: r.id });
    expect(del.body.data.deleteRoute.route.id).toBe(r.id);
    expect((await A.get(`/routes/${r.id}`)).status).toBe(404);
  });

  it('lists routes with filters[active], filters[name], search and pagination', async () => {
    const c = await newCompany();
    const C = client(c.api_key);
    const tagName = uniq('zz');
    for (const [i, active] of [true, false, true, true].entries()) {
      await create(c.api_key, { name: `${tagName} route ${i}`, active, description: i === 3 ? 'via Paranaguá' : null, points: [] });
    }
    const all = await C.get('/routes');
    expect(all.body.total_count).toBe(4);
    expect((await C.get('/routes', 'filters[active]=false')).body.data.map((r: any) => r.name)).toEqual([`${tagName} route 1`]);
    expect((await C.get('/routes', 'filters[active]=true')).body.total_count).toBe(3);
    expect((await C.get('/routes', `filters[name]=${tagName.toUpperCase()} ROUTE 2`)).body.data.map((r: any) => r.name)).toEqual([`${tagName} route 2`]);
    expect((await C.get('/routes', 'search=paranagu')).body.data.map((r: any) => r.name)).toEqual([`${tagName} route 3`]);
    const page = await C.get('/routes', 'limit=2&offset=2&order_by[0][field]=name&order_by[0][order]=DESC');
    expect(page.body.data.map((r: any) => r.name)).toEqual([`${tagName} route 1`, `${tagName} route 0`]);
    for (const q of ['filters[active]=maybe', 'limit=0', 'offset=-2']) expect((await C.get('/routes', q)).status, q).toBe(400);
    expect((await C.get('/routes/abc')).status).toBe(400);
  });

  it("answers 404 for another company's route and never lists it", async () => {
    const r = await create(a.api_key, { name: uniq('Secret route '), points: [{ position: 1, route_type: 'LOADING' }] });
    const missing = await B.get('/routes/999999999');
    const other = await B.get(`/routes/${r.id}`);
    expect(other.status).toBe(404);
    expect(sameAnswer(other.body)).toEqual(sameAnswer(missing.body));
    expect((await B.get('/routes', 'search=Secret route&limit=100')).body.data).toEqual([]);
    const upd = await graphql((await newCompany()).api_key, 'mutation ($id: Int!) { updateRoute(id: $id, params: { name: "x" }) { route { id } userErrors { field code } } }', { id: r.id });
    expect(upd.body.data.updateRoute).toEqual({ route: null, userErrors: [{ field: 'id', code: 'NOT_FOUND' }] });
    expect((await A.get(`/routes/${r.id}`)).status).toBe(200);
  });
});
