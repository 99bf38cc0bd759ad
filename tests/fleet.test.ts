// Drivers, vehicles and trailers over REST: create, read, update, list, delete; validation;
// tenant isolation; and trips of a process referring to them.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, newCompany, routeOf, uniq, type TestCompany } from './helpers.ts';

const kinds = [
  {
    path: '/drivers',
    create: { name: 'Maria Souza', country_code: 'BR', cpf: '12345678909', license_number: 'CNH-42', license_category: 'E', license_expiration_date: '2029-06-30T00:00:00Z' },
    readBack: { name: 'Maria Souza', country_code: 'BR', country: { code: 'BR' }, license_category: 'E', license_expiration_date: '2029-06-30T00:00:00Z' },
    update: { license_category: 'D' },
    kept: { name: 'Maria Souza', license_category: 'D' },
    required: ['name'],
    badEnum: null,
    search: (suffix: string) => ({ name: `Driver ${suffix}` }),
    searchTerm: (suffix: string) => `driver ${suffix}`,
  },
  {
    path: '/vehicles',
    create: { type: 'TRUCK', plate: 'QWE1R23', is_refrigerated: true, temperature_min: '-18.0', temperature_max: '4.0', tracker_brand: 'OMNILINK', tracker_id: 'OM-1' },
    readBack: { type: 'TRUCK', plate: 'QWE1R23', is_refrigerated: true, temperature_min: '-18.0', tracker_brand: 'OMNILINK' },
    update: { is_refrigerated: false },
    kept: { plate: 'QWE1R23', is_refrigerated: false, tracker_id: 'OM-1' },
    required: ['type', 'plate', 'is_refrigerated'],
    badEnum: { type: 'SPACESHIP', plate: 'X', is_refrigerated: false },
    search: (suffix: string) => ({ type: 'VAN', plate: `V${suffix}`, is_refrigerated: false }),
    searchTerm: (suffix: string) => `v${suffix}`,
  },
  {
    path: '/trailers',
    create: { type: 'SLIDER', plate: 'TRL9Z99', axles: 3, tare_weight_kg: '6100.500', max_weight_kg: '30000.000' },
    readBack: { type: 'SLIDER', plate: 'TRL9Z99', axles: 3, is_refrigerated: false, tare_weight_kg: '6100.500', max_weight_kg: '30000.000' },
    update: { axles: 2 },
    kept: { plate: 'TRL9Z99', axles: 2, type: 'SLIDER' },
    required: ['type', 'plate'],
    badEnum: { type: 'FLATBED', plate: 'X' },
    search: (suffix: string) => ({ type: 'BOX', plate: `T${suffix}` }),
    searchTerm: (suffix: string) => `t${suffix}`,
  },
] as const;

describe('fleet', () => {
  let a: TestCompany;
  let b: TestCompany;
  beforeAll(async () => {
    [a, b] = await Promise.all([newCompany(), newCompany()]);
  });

  for (const k of kinds) {
    describe(k.path, () => {
      it('creates (201), reads back by id, updates keeping fields left out, lists and deletes', async () => {
        const A = client(a.api_key);
        const created = await A.post(k.path, k.create);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body.data.id;
        expect(created.body.data).toMatchObject(k.readBack);
        const got = await A.get(`${k.path}/${id}`);
        expect(got.status).toBe(200);
        expect(got.body.data).toEqual(created.body.data);
        const updated = await A.put(`${k.path}/${id}`, k.update);
        expect(updated.status, JSON.stringify(updated.body)).toBe(200);
        expect(updated.body.data).toMatchObject(k.kept);
        expect((await A.get(`${k.path}/${id}`)).body.data).toMatchObject(k.kept);
        const listed = await A.get(k.path, 'limit=100');
        expect(listed.status).toBe(200);
        expect(listed.body.data.map((x: any) => x.id)).toContain(id);
        const deleted = await A.del(`${k.path}/${id}`);
        expect(deleted.status).toBe(200);
        expect(deleted.body.data.id).toBe(id);
        expect((await A.get(`${k.path}/${id}`)).status).toBe(404);
        expect((await A.del(`${k.path}/${id}`)).status).toBe(404);
        expect((await A.get(k.path, 'limit=100')).body.data.map((x: any) => x.id)).not.toContain(id);
      });

      it('paginates and searches', async () => {
        const A = client(a.api_key);
        const suffix = uniq();
        const ids = [];
        for (let i = 0; i < 3; i++) ids.push((await A.post(k.path, k.search(`${suffix}${i}`))).body.data.id);
        const found = await A.get(k.path, `search=${encodeURIComponent(k.searchTerm(suffix))}&limit=2`);
        expect(found.status).toBe(200);
        expect(found.body.total_count).toBe(3);
        expect(found.body.data.map((x: any) => x.id)).toEqual(ids.slice(0, 2));
        const next = await A.get(k.path, `search=${encodeURIComponent(k.searchTerm(suffix))}&limit=2&offset=2`);
        expect(next.body.data.map((x: any) => x.id)).toEqual(ids.slice(2));
        expect((await A.get(k.path, 'limit=0')).status).toBe(400);
      });

      it("refuses blank required fields (422) and unknown enum values (400), and writes nothing", async () => {
        const A = client(a.api_key);
        const before = (await A.get(k.path)).body.total_count;
        const blank = await A.post(k.path, {}, 'locale=en-US');
        expect(blank.status).toBe(422);
        expect(blank.body.fields.map((f: any) => f.name)).toEqual(k.required);
        expect(blank.body.fields.every((f: any) => f.message === "can't be blank")).toBe(true);
        if (k.badEnum) expect((await A.post(k.path, k.badEnum)).status).toBe(400);
        expect((await A.get(k.path)).body.total_count).toBe(before);
      });

      it("answers 404 for another company's record and never lists it", async () => {
        const A = client(a.api_key);
        const B = client(b.api_key);
        const id = (await A.post(k.path, k.create)).body.data.id;
        expect((await B.get(`${k.path}/${id}`)).status).toBe(404);
        expect((await B.put(`${k.path}/${id}`, k.update)).status).toBe(404);
        expect((await B.del(`${k.path}/${id}`)).status).toBe(404);
        expect((await B.get(k.path, 'limit=100')).body.data.map((x: any) => x.id)).not.toContain(id);
        expect((await A.get(`${k.path}/${id}`)).body.data).toMatchObject(k.readBack);
      });
    });
  }

  it('lets a trip of a process refer to the driver, vehicle and trailer created over REST', async () => {
    const A = client(a.api_key);
    const [driver, vehicle, trailer] = await Promise.all(kinds.map(async (k) => (await A.post(k.path, k.create)).body.data));
    const route = await routeOf(a.api_key);
    const code = uniq('PRC-');
    const made = await A.post(`/operations/${a.operation.id}/processes`, {
      reference_code: code,
      foreign_trade_shipment: {
        national_road_transports: [
          { route_id: route.id, leg_slug: 'santos-plant', trips: [{ position: 1, driver_id: driver.id, vehicle_id: vehicle.id, trailer_id: trailer.id, phases: [{ route_point_id: route.points[0] }] }] },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const trip = (await A.get(`/operations/${a.operation.id}/processes/${made.body.data.id}`)).body.data.foreign_trade_shipment.national_road_transports[0].trips[0];
    expect(trip).toMatchObject({
      driver: { id: driver.id, name: driver.name },
      vehicle: { id: vehicle.id, plate: vehicle.plate },
      trailer: { id: trailer.id, plate: trailer.plate, type: trailer.type },
    });
  });
});
