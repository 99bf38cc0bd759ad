import { beforeAll, describe, expect, it } from 'vitest';
import { api, client, costModelOf, graphql, newCompany, routeOf, uniq, type TestCompany, sameAnswer } from './helpers.ts';

import { maritimeImport, placesOf, purchaseOrder, type Client } from './setup/process-fixtures.ts';

const nfe = (key: string, number: string, cnpj: string, total: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${key}" versao="4.00"><ide><nNF>${number}</nNF></ide><emit><CNPJ>${cnpj}</CNPJ><xNome>Acme</xNome></emit><total><ICMSTot><vNF>${total}</vNF></ICMSTot></total></infNFe></NFe></nfeProc>`,
  ).toString('base64');

/** Drops undefined values the way JSON does. */
const json = <T>(v: T): T => JSON.parse(JSON.stringify(v));

describe('processes', () => {
  let a: TestCompany;
  let b: TestCompany;
  let A: Client;
  let B: Client;
  let opA: number;
  let opB: number;
  beforeAll(async () => {
    [a, b] = await Promise.all([newCompany(), newCompany()]);
    A = client(a.api_key);
    B = client(b.api_key);
    opA = a.operation.id;
    opB = b.operation.id;
  });
  const P = () => `/operations/${opA}/processes`;
  const R = () => `/operations/${opA}/processes-by-reference-code`;

  it('round-trips a maritime import with containers, cargo, invoice, road transport, demurrage, freight, DI and DUIMP by id and by reference code', async () => {
    const order = await purchaseOrder(A, opA);
    const route = await routeOf(a.api_key);
    const code = uniq('PRC-');
    const places = await placesOf(a.api_key);
    const { order_ids: _linkedById, ...sent } = json(maritimeImport(code, { order, route }));
    Object.assign(sent.foreign_trade_shipment.maritime_transport_shipment, { loading_port_id: places.paranagua, discharge_port_id: places.santos, sealine_id: places.maersk, vessel_id: places.vessel });
    Object.assign(sent.foreign_trade_shipment.international_freight, {
      sealine_id: places.maersk, vessel_id: places.vessel, booking_loading_port_id: places.paranagua, booking_discharge_port_id: places.santos,
      booking_loading_airport_id: places.gru, booking_discharge_airport_id: places.vcp,
    });
    const invoices = [nfe('35250312345678000195550010000012341000012345', '1234', '12345678000195', '182450.00'), nfe('35250312345678000195550010000012351000012346', '1235', '12345678000195', '10.50')];
    const created = await A.post(P(), { ...sent, order_reference_codes: [order.code], brazilian_invoices: invoices });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ data: { id: expect.any(Number), reference_code: code } });
    const id = created.body.data.id;
    const byId = await A.get(`${P()}/${id}`);
    const byCode = await A.get(`${R()}/${code}`);
    expect(byId.status).toBe(200);
    expect(byCode.body).toEqual(byId.body);
    const p = byId.body.data;
    expect(p).toMatchObject(sent);
    expect(p.operation.id).toBe(opA);
    expect(p.orders).toEqual([{ id: order.id, reference_code: order.code }]);
    expect(p.brazilian_invoices.map((i: any) => [i.access_key, i.number, i.issuer_cnpj, i.total_value])).toEqual([
      ['35250312345678000195550010000012341000012345', '1234', '12345678000195', '182450.00'],
      ['35250312345678000195550010000012351000012346', '1235', '12345678000195', '10.50'],
    ]);
    expect(p.brazilian_invoices[0].xml).toContain('<nNF>1234</nNF>');
    expect(p.inserted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    expect(p).toMatchObject({ finished_at: null, canceled_at: null, deleted_at: null, costs_closed_at: null, documents: [], cost_per_expenses: [] });
    const s = p.foreign_trade_shipment;
    expect(s.status_response).toBe('PENDING');
    // Derived values (docs/processes/foreign_trade_shipment.md): warehouse days and demurrage.
    expect(s.days_in_warehouse).toBe(12);
    expect(s.days_left_in_warehouse).toBe(-2);
    // Container 1: 20 days in use (May 1 -> May 21) - 14 free = 6 x 150; container 2: 10 days, none over.
    expect(s.transportables[0].container).toMatchObject({ demurrage_exceeding_days: 6, demurrage_costs: '900.0000' });
    expect(s.transportables[1].container).toMatchObject({ demurrage_exceeding_days: 0, demurrage_costs: '0.0000' });
    expect(s.transportables[2].container).toBeNull();
    expect(s.demurrage.total_demurrage_costs).toBe('900.0000');
    // Invoice totals: 800 x 35.5 + 9000 = 37400, less the discount.
    expect(s.invoices[0]).toMatchObject({ total_amount: '37400.0000', final_value: '37300.0000', currency: { code: 'USD' } });
    expect(s.international_freight.currency.code).toBe('USD');
    expect(s.national_road_transports[0]).toMatchObject({ is_transport_type_dta: false });
    expect(s.national_road_transports[0].trips[0].phases.map((ph: any) => ph.route_point_id)).toEqual(route.points);
    expect(s.transportables[1].container).toMatchObject({ hidden: false, tracking_manual: true });
    expect(p.audit_items.map((i: any) => i.checked)).toEqual([true, false]);
    expect(s.national_road_transports[0].route.id).toBe(route.id);
    expect(s.national_road_transports[0].trips[0].phases.map((ph: any) => [ph.route_point.id, ph.route_point.position, ph.route_point.route_type])).toEqual([
      [route.points[0], 1, 'LOADING'],
      [route.points[1], 2, 'INVOICE_EXCHANGE'],
      [route.points[2], 3, 'UNLOADING'],
    ]);
    expect(s.items.map((i: any) => i.purchase_order_item.id)).toEqual(order.items);
    // References to global reference data read back as objects next to their ids.
    expect(s.maritime_transport_shipment).toMatchObject({
      loading_port: { id: places.paranagua, unlocode: 'BRPNG', name: 'Paranaguá' },
      discharge_port: { id: places.santos, unlocode: 'BRSSZ', country: { code: 'BR' } },
      sealine: { id: places.maersk, scac: 'MAEU' },
      vessel: { id: places.vessel, mmsi_number: places.mmsi, name: 'TT ROUND TRIP' },
    });
    expect(s.international_freight).toMatchObject({
      sealine: { scac: 'MAEU' }, vessel: { mmsi_number: places.mmsi },
      booking_loading_port: { unlocode: 'BRPNG' }, booking_discharge_port: { unlocode: 'BRSSZ' },
      booking_loading_airport: { icao_code: 'SBGR' }, booking_discharge_airport: { icao_code: 'SBKP' },
    });
    // Shipping order items lowers their balance; a canceled process gives it back.
    const balances = async () => (await A.get(`/operations/${opA}/orders/${order.id}`)).body.data.purchase_order.items.map((i: any) => [i.balance, i.balance_shipped]);
    expect(await balances()).toEqual([['200.0000', '800.0000'], ['0.0000', '50.0000']]);
    expect((await A.put(`${P()}/${id}/cancel`)).status).toBe(200);
    expect(await balances()).toEqual([['1000.0000', '0.0000'], ['50.0000', '0.0000']]);
  });

  it('round-trips an air export with house AWBs and an export declaration, and a parcel shipment', async () => {
    const code = uniq('PRC-');
    const places = await placesOf(a.api_key);
    const air = json({
      reference_code: code,
      foreign_trade_shipment: {
        type: 'AIR_TRANSPORT',
        etd: '2025-06-01T22:00:00Z',
        air_transport_shipment: {
          type: 'PALLET', awb: '045-12345675', hawb: 'H-1', airline_id: places.latam, origin_airport_id: places.vcp, destination_airport_id: places.gru,
          house_awbs: [
            { hawb: 'H-1', flight: 'LA8070', airline_id: places.latam, loading_airport_id: places.vcp, unloading_airport_id: places.gru, etd: '2025-06-01T22:00:00Z', eta: '2025-06-02T14:00:00Z', is_transport_type_dta: true, dta_number: 'DTA-1', di_number: 'DI-1', status: 'DEPARTED', stopovers: ['LIS', 'MAD'], extra: { k: 'v' } },
            { hawb: 'H-2', flight: 'LA8072' },
          ],
        },
        shipment_export_declarations: [
          { comments: 'DU-E', status: 'AUTHORIZED', export_declaration: { number: '25BR000123456-7', channel: 'ORANGE', status: 'RELEASED_WITHOUT_CUSTOMS_INSPECTION_GREEN_CHANNEL', registered_at: '2025-05-30T00:00:00Z', endorsed_at: '2025-06-02T00:00:00Z', extra: { ruc: '5BR123' } } },
        ],
        international_transport_legs: [{ modal_type: 'ROAD', departure_place: 'Campinas', arrival_place: 'Guarulhos' }],
      },
    });
    const res = await A.post(P(), air);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const got = (await A.get(`${R()}/${code}`)).body.data;
    expect(got).toMatchObject(air);
    expect(got).toMatchObject({ alert_level: 'NORMAL', extra_fields: null, orders: [], brazilian_invoices: [] });
    expect(got.foreign_trade_shipment.maritime_transport_shipment).toBeNull();
    const airShipment = got.foreign_trade_shipment.air_transport_shipment;
    expect(airShipment).toMatchObject({ airline: { id: places.latam }, origin_airport: { icao_code: 'SBKP' }, destination_airport: { icao_code: 'SBGR', iata_code: 'GRU' } });
    expect(airShipment.house_awbs[0]).toMatchObject({ airline: { id: places.latam }, loading_airport: { icao_code: 'SBKP' }, unloading_airport: { icao_code: 'SBGR' } });
    expect(airShipment.house_awbs[1]).toMatchObject({ airline: null, loading_airport: null, unloading_airport: null });

    const parcelCode = uniq('PRC-');
    const parcel = json({
      reference_code: parcelCode,
      foreign_trade_shipment: {
        type: 'AIR_TRANSPORT',
        parcel_shipments: [
          { slug: 'dhl', tracking_number: '1234567890', origin_address: 'Hamburg', origin_country_code: 'DE', destination_address: 'São Paulo', destination_country_code: 'BR', etd: '2025-06-01T00:00:00Z', eta: '2025-06-05T00:00:00Z' },
        ],
        road_transport_shipment: { type: 'LTL', crt: 'CRT-1', origin: 'Buenos Aires', destination: 'São Paulo' },
      },
    });
    expect((await A.post(P(), parcel)).status).toBe(201);
    expect((await A.get(`${R()}/${parcelCode}`)).body.data).toMatchObject(parcel);
  });

  it('updates keeping fields left out and replaces nested lists matching children by id; the batch upsert creates and updates by reference code', async () => {
    const route = await routeOf(a.api_key);
    const order = await purchaseOrder(A, opA);
    const code = uniq('PRC-');
    const { body } = await A.post(P(), json(maritimeImport(code, { order, route })));
    const id = body.data.id;
    const before = (await A.get(`${P()}/${id}`)).body.data.foreign_trade_shipment;
    const keep = before.transportables[0];
    const res = await A.put(`${R()}/${code}`, {
      alert_level: 'DANGER',
      foreign_trade_shipment: {
        eta: '2025-05-14T00:00:00Z',
        transportables: [
          { id: keep.id, type: 'CONTAINER', container: { code: 'MSCU1234565', seal_code: 'SL-NEW', events: [] } },
          { type: 'CONTAINER', container: { code: 'TGHU0000001', type: 'DRY', size_foot_type: 'STANDARD_20', actual_return_empty_container_at: '2025-05-10T00:00:00Z' } },
        ],
        demurrage: { daily_rate_usd: '200.0000' },
        shipment_duimps: null,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { id, reference_code: code } });
    const after = (await A.get(`${P()}/${id}`)).body.data;
    expect(after.alert_level).toBe('DANGER');
    expect(after.extra_fields).toEqual({ cost_center: '4100-MRO', tags: ['a', 'b'], nested: { n: 1 } });
    const s = after.foreign_trade_shipment;
    expect(s.eta).toBe('2025-05-14T00:00:00Z');
    expect(s.etd).toBe('2025-04-02T00:00:00Z');
    expect(s.transportables.map((t: any) => t.container.code)).toEqual(['MSCU1234565', 'TGHU0000001']);
    expect(s.transportables[0].id).toBe(keep.id);
    expect(s.transportables[0].container).toMatchObject({ seal_code: 'SL-NEW', type: 'DRY', events: [] });
    expect(s.demurrage).toMatchObject({ id: before.demurrage.id, free_time: 14, daily_rate_usd: '200.0000', total_demurrage_costs: '1200.0000' });
    expect(s.shipment_duimps).toEqual([]);
    expect(s.invoices).toHaveLength(1);
    expect(s.shipment_import_declarations).toHaveLength(1);

    // Batch upsert: one existing (by reference code), one new.
    const fresh = uniq('PRC-');
    const up = await A.put(P(), [
      { reference_code: code, alert_level: 'NORMAL', foreign_trade_shipment: { transportables: [] } },
      { reference_code: fresh, foreign_trade_shipment: { type: 'ROAD_TRANSPORT', demurrage: { free_time: 7, daily_rate_usd: '90' } } },
    ]);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toEqual([{ id, reference_code: code }, { id: expect.any(Number), reference_code: fresh }]);
    const again = (await A.get(`${P()}/${id}`)).body.data;
    expect(again.alert_level).toBe('NORMAL');
    expect(again.foreign_trade_shipment.transportables).toEqual([]);
    expect(again.foreign_trade_shipment.demurrage.total_demurrage_costs).toBe('0.0000');
    expect((await A.get(`${R()}/${fresh}`)).body.data.foreign_trade_shipment.demurrage).toMatchObject({ free_time: 7, daily_rate_usd: '90' });
  });

  it('a batch upsert is all or nothing, with field names prefixed by the element index', async () => {
    const existing = uniq('PRC-');
    await A.post(P(), { reference_code: existing, alert_level: 'WARNING' });
    const fresh = uniq('PRC-');
    const res = await A.put(P(), [
      { reference_code: existing, alert_level: 'DANGER' },
      { reference_code: fresh },
      { reference_code: uniq('PRC-'), foreign_trade_shipment: { transportables: [{ type: 'CONTAINER', container: { type: 'DRY' } }] } },
      { reference_code: fresh },
    ], 'locale=en-US');
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual([
      { name: '2.foreign_trade_shipment.transportables.0.container.code', message: "can't be blank" },
      { name: '3.reference_code', message: 'has already been taken' },
    ]);
    expect((await A.get(`${R()}/${fresh}`)).status).toBe(404);
    expect((await A.get(`${R()}/${existing}`)).body.data.alert_level).toBe('WARNING');
  });

  describe('validation', () => {
    it("answers 422 can't be blank with dotted names for every required field of the shipment", async () => {
      const res = await A.post(P(), {
        foreign_trade_shipment: {
          transportables: [{ type: 'CONTAINER', container: {} }, { type: 'CARGO', cargo: {} }, { type: 'CONTAINER' }, {}],
          demurrage: {},
          invoices: [{ items: [{}] }, {}],
          parcel_shipments: [{}],
          national_road_transports: [{ trips: [{ phases: [{}] }] }],
          shipment_import_licenses: [{ import_license: {} }],
          shipment_export_declarations: [{ export_declaration: { number: ' ' } }],
        },
        audit_items: [{}],
      }, 'locale=en-US');
      expect(res.status).toBe(422);
      const names = res.body.fields.map((f: any) => f.name);
      expect(res.body.fields.every((f: any) => f.message === "can't be blank")).toBe(true);
      const s = 'foreign_trade_shipment.';
      expect(names.sort()).toEqual([
        'audit_items.0.name',
        'reference_code',
        `${s}demurrage.daily_rate_usd`,
        `${s}demurrage.free_time`,
        `${s}invoices.0.emitted_at`,
        `${s}invoices.0.incoterm`,
        `${s}invoices.0.items.0.product_sku`,
        `${s}invoices.0.items.0.quantity`,
        `${s}invoices.0.items.0.shipment_quantity`,
        `${s}invoices.0.number`,
        `${s}invoices.1.emitted_at`,
        `${s}invoices.1.incoterm`,
        `${s}invoices.1.items`,
        `${s}invoices.1.number`,
        `${s}national_road_transports.0.leg_slug`,
        `${s}national_road_transports.0.route_id`,
        `${s}national_road_transports.0.trips.0.phases.0.route_point_id`,
        `${s}national_road_transports.0.trips.0.position`,
        `${s}parcel_shipments.0.slug`,
        `${s}parcel_shipments.0.tracking_number`,
        `${s}shipment_export_declarations.0.export_declaration.number`,
        `${s}shipment_import_licenses.0.import_license.number`,
        `${s}transportables.0.container.code`,
        `${s}transportables.1.cargo.measurement_unit`,
        `${s}transportables.1.cargo.quantity`,
        `${s}transportables.2.container.code`,
        `${s}transportables.3.type`,
      ].sort());
    });

    it('answers 400 on the dotted field for every enumeration, decimal and date of the tree', async () => {
      const s = 'foreign_trade_shipment';
      const cases: [Record<string, unknown>, string][] = [
        [{ alert_level: 'HIGH' }, 'alert_level'],
        [{ [s]: { type: 'SEA' } }, `${s}.type`],
        [{ [s]: { status_response: 'MAYBE' } }, `${s}.status_response`],
        [{ [s]: { ce_mercante_authorization_status: 'YES' } }, `${s}.ce_mercante_authorization_status`],
        [{ [s]: { transportables: [{ type: 'BOX' }] } }, `${s}.transportables.0.type`],
        [{ [s]: { transportables: [{ container: { code: 'x', type: 'CRATE' } }] } }, `${s}.transportables.0.container.type`],
        [{ [s]: { transportables: [{ container: { code: 'x', size_foot_type: '40_FOOT' } }] } }, `${s}.transportables.0.container.size_foot_type`],
        [{ [s]: { transportables: [{ container: { code: 'x', load_type: 'GOLD' } }] } }, `${s}.transportables.0.container.load_type`],
        [{ [s]: { transportables: [{ cargo: { quantity: '1', measurement_unit: 'CRATES' } }] } }, `${s}.transportables.0.cargo.measurement_unit`],
        [{ [s]: { invoices: [{ incoterm: 'FOO' }] } }, `${s}.invoices.0.incoterm`],
        [{ [s]: { international_freight: { type: 'CHEAP' } } }, `${s}.international_freight.type`],
        [{ [s]: { international_transport_legs: [{ modal_type: 'AIR' }] } }, `${s}.international_transport_legs.0.modal_type`],
        [{ [s]: { maritime_transport_shipment: { type: 'FTL' } } }, `${s}.maritime_transport_shipment.type`],
        [{ [s]: { maritime_transport_shipment: { tracking_key: 'BL' } } }, `${s}.maritime_transport_shipment.tracking_key`],
        [{ [s]: { maritime_transport_shipment: { valid_keys: ['VESSEL', 'X'] } } }, `${s}.maritime_transport_shipment.valid_keys.1`],
        [{ [s]: { air_transport_shipment: { type: 'BULK' } } }, `${s}.air_transport_shipment.type`],
        [{ [s]: { road_transport_shipment: { type: 'BULK_CARGO' } } }, `${s}.road_transport_shipment.type`],
        [{ [s]: { national_road_transports: [{ road_transport_type: 'X' }] } }, `${s}.national_road_transports.0.road_transport_type`],
        [{ [s]: { national_road_transports: [{ transport_features: ['COLD'] }] } }, `${s}.national_road_transports.0.transport_features.0`],
        [{ [s]: { national_road_transports: [{ load_type: 'X' }] } }, `${s}.national_road_transports.0.load_type`],
        [{ [s]: { shipment_import_declarations: [{ status: 'OK' }] } }, `${s}.shipment_import_declarations.0.status`],
        [{ [s]: { shipment_import_declarations: [{ import_declaration: { status: 'DONE' } }] } }, `${s}.shipment_import_declarations.0.import_declaration.status`],
        [{ [s]: { shipment_import_declarations: [{ import_declaration: { channel: 'ORANGE' } }] } }, `${s}.shipment_import_declarations.0.import_declaration.channel`],
        [{ [s]: { shipment_duimps: [{ duimp: { status: 'CLEARED' } }] } }, `${s}.shipment_duimps.0.duimp.status`],
        [{ [s]: { shipment_import_licenses: [{ import_license: { number: '1', status: 'OK' } }] } }, `${s}.shipment_import_licenses.0.import_license.status`],
        [{ [s]: { shipment_export_declarations: [{ export_declaration: { number: '1', status: 'CANCELLED' } }] } }, `${s}.shipment_export_declarations.0.export_declaration.status`],
        [{ [s]: { shipment_export_declarations: [{ export_declaration: { number: '1', channel: 'GRAY' } }] } }, `${s}.shipment_export_declarations.0.export_declaration.channel`],
        [{ [s]: { ce_mercante: { status_response: 'X' } } }, `${s}.ce_mercante.status_response`],
        [{ audit_items: [{ name: 'x', show_observations_when: 'SOMETIMES' }] }, 'audit_items.0.show_observations_when'],
        [{ [s]: { demurrage: { free_time: 1, daily_rate_usd: 150 } } }, `${s}.demurrage.daily_rate_usd`],
        [{ [s]: { demurrage: { free_time: '14', daily_rate_usd: '1' } } }, `${s}.demurrage.free_time`],
        [{ [s]: { eta: '2025-13-45' } }, `${s}.eta`],
        [{ [s]: { total_gross_weight: '1,5' } }, `${s}.total_gross_weight`],
        [{ extra_fields: ['a'] }, 'extra_fields'],
        [{ extra_fields: 'text' }, 'extra_fields'],
      ];
      for (const [params, field] of cases) {
        const res = await A.post(P(), { reference_code: uniq('PRC-'), ...params }, 'locale=en-US');
        expect(res.status, JSON.stringify(params)).toBe(400);
        expect(res.body.fields, JSON.stringify(params)).toEqual([{ name: field, message: 'is invalid' }]);
      }
    });

    it('refuses unknown references, ids of other parents, duplicate reference codes and what is not an NF-e XML with 422 on that field', async () => {
      const code = uniq('PRC-');
      const first = await A.post(P(), { reference_code: code });
      // A POST with the code of a live process updates it (docs/decisions/010-write-path.md).
      const again = await A.post(P(), { reference_code: code, alert_level: 'WARNING' }, 'locale=en-US');
      expect(again.status).toBe(201);
      expect(again.body.data.id).toBe(first.body.data.id);
      const bad = await A.post(P(), {
        reference_code: uniq('PRC-'),
        order_ids: [999999999],
        cost_model_version_id: 999999999,
        brazilian_invoices: [nfe('1', '1', '1', '1'), Buffer.from('not xml at all').toString('base64'), '%%%not-base64%%%', Buffer.from('<a><b></a>').toString('base64')],
        foreign_trade_shipment: {
          route_id: 999999999,
          items: [{ purchase_order_item_id: 999999999, quantity: '1' }],
          invoices: [{ number: '1', emitted_at: '2025-01-01T00:00:00Z', incoterm: 'FOB', currency_code: 'ABC', items: [{ product_sku: 'a', quantity: '1', shipment_quantity: '1' }] }],
          transportables: [{ id: 999999999, type: 'CARGO', cargo: { quantity: '1', measurement_unit: 'UNITS' } }],
          parcel_shipments: [{ slug: 'dhl', tracking_number: '1', origin_country_code: 'ZZ' }],
        },
      }, 'locale=en-US');
      expect(bad.status).toBe(422);
      expect(bad.body.fields).toEqual(expect.arrayContaining([
        { name: 'order_ids.0', message: 'does not exist' },
        { name: 'cost_model_version_id', message: 'does not exist' },
        { name: 'brazilian_invoices.1', message: 'is invalid' },
        { name: 'brazilian_invoices.2', message: 'is invalid' },
        { name: 'brazilian_invoices.3', message: 'is invalid' },
        { name: 'foreign_trade_shipment.route_id', message: 'does not exist' },
        { name: 'foreign_trade_shipment.items.0.purchase_order_item_id', message: 'does not exist' },
        { name: 'foreign_trade_shipment.invoices.0.currency_code', message: 'does not exist' },
        { name: 'foreign_trade_shipment.transportables.0.id', message: 'does not exist' },
        { name: 'foreign_trade_shipment.parcel_shipments.0.origin_country_code', message: 'does not exist' },
      ]));
      expect(bad.body.fields.map((f: any) => f.name)).not.toContain('brazilian_invoices.0');
      // Ids of another process's children are refused the same way.
      const other = await A.post(P(), { reference_code: uniq('PRC-'), foreign_trade_shipment: { transportables: [{ type: 'CARGO', cargo: { quantity: '1', measurement_unit: 'UNITS' } }] } });
      const otherT = (await A.get(`${P()}/${other.body.data.id}`)).body.data.foreign_trade_shipment.transportables[0].id;
      const steal = await A.put(`${R()}/${code}`, { foreign_trade_shipment: { transportables: [{ id: otherT, type: 'CARGO' }] } }, 'locale=en-US');
      expect(steal.body.fields).toEqual([{ name: 'foreign_trade_shipment.transportables.0.id', message: 'does not exist' }]);
      const both = await A.post(P(), { reference_code: uniq('PRC-'), order_ids: [], order_reference_codes: [] }, 'locale=en-US');
      expect(both.body.fields).toEqual([{ name: 'order_reference_codes', message: 'is invalid' }]);
      const blank = await A.put(`${R()}/${code}`, { reference_code: ' ' }, 'locale=en-US');
      expect(blank.body.fields).toEqual([{ name: 'reference_code', message: "can't be blank" }]);
    });
  });

  describe('lifecycle', () => {
    it('finishes, cancels and uncancels both ways, refusing other transitions with 422; cancel by reference answers id and reference_code', async () => {
      const code = uniq('PRC-');
      const { body } = await A.post(P(), { reference_code: code });
      const id = body.data.id;
      const short = { data: { id, reference_code: code } };
      const put = (path: string) => A.put(path, undefined, 'locale=en-US');
      expect((await put(`${P()}/${id}/uncancel`)).status).toBe(422);
      expect(await put(`${P()}/${id}/finish`)).toMatchObject({ status: 200, body: short });
      const refused = await put(`${R()}/${code}/finish`);
      expect(refused.status).toBe(422);
      expect(refused.body.fields).toEqual([{ name: 'status', message: 'is not allowed in the current state' }]);
      expect(await put(`${R()}/${code}/cancel`)).toMatchObject({ status: 200, body: short });
      expect((await put(`${P()}/${id}/cancel`)).status).toBe(422);
      expect((await put(`${P()}/${id}/finish`)).status).toBe(422);
      const state = (await A.get(`${P()}/${id}`)).body.data;
      expect(state.finished_at).not.toBeNull();
      expect(state.canceled_at).not.toBeNull();
      expect(await put(`${R()}/${code}/uncancel`)).toMatchObject({ status: 200, body: short });
      expect((await A.get(`${P()}/${id}`)).body.data.canceled_at).toBeNull();
      expect(await put(`${P()}/${id}/cancel`)).toMatchObject({ status: 200, body: short });
      expect(await put(`${P()}/${id}/uncancel`)).toMatchObject({ status: 200, body: short });
    });

    it('deletes by id and by reference code: 404 afterwards, left out of lists, reference code free again', async () => {
      const code = uniq('PRC-');
      const { body } = await A.post(P(), { reference_code: code });
      expect(await A.del(`${R()}/${code}`)).toMatchObject({ status: 200, body: { data: { id: body.data.id, reference_code: code } } });
      expect((await A.get(`${P()}/${body.data.id}`)).status).toBe(404);
      expect((await A.get(`${R()}/${code}`)).status).toBe(404);
      expect((await A.put(`${P()}/${body.data.id}/finish`)).status).toBe(404);
      expect((await A.get(P(), `search=${code}`)).body).toEqual({ data: [], total_count: 0, next_cursor: null });
      const again = await A.post(P(), { reference_code: code });
      expect(again.status).toBe(201);
      expect((await A.del(`${P()}/${again.body.data.id}`)).status).toBe(200);
      expect((await A.del(`${P()}/${again.body.data.id}`)).status).toBe(404);
    });
  });

  describe('lists', () => {
    it('paginates, sorts, filters and searches; SQL statements per request do not grow with the page size', async () => {
      const c = await newCompany();
      const C = client(c.api_key);
      const op = c.operation.id;
      const route = await routeOf(c.api_key);
      const order = await purchaseOrder(C, op, 6);
      const codes = Array.from({ length: 6 }, (_, i) => `PRC-${String(i + 1).padStart(2, '0')}`);
      const up = await C.put(`/operations/${op}/processes`, codes.map((code, i) => ({ ...json(maritimeImport(code, { order, route })), alert_level: i % 2 ? 'DANGER' : 'NORMAL' })));
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const page = await C.get(`/operations/${op}/processes`, 'limit=2&offset=1');
      expect(page.body.total_count).toBe(6);
      expect(page.body.data.map((p: any) => p.reference_code)).toEqual(codes.slice(1, 3));
      expect(page.body.data[0].foreign_trade_shipment.transportables).toHaveLength(3);
      const desc = await C.get(`/operations/${op}/processes`, 'order_by[0][field]=reference_code&order_by[0][order]=DESC');
      expect(desc.body.data.map((p: any) => p.reference_code)).toEqual([...codes].reverse());
      expect((await C.get(`/operations/${op}/processes`, 'filters[alert_level]=DANGER')).body.total_count).toBe(3);
      expect((await C.get(`/operations/${op}/processes`, 'search=prc-04')).body.data.map((p: any) => p.reference_code)).toEqual(['PRC-04']);
      expect((await C.get(`/operations/${op}/processes`, 'limit=101')).status).toBe(400);
      const counts = [];
      for (const limit of [1, 3, 6]) counts.push(Number((await C.get(`/operations/${op}/processes`, `limit=${limit}`)).headers.get('x-sql-statements')));
      expect(counts[0]).toBeGreaterThan(0);
      expect(new Set(counts).size).toBe(1);
      // The whole tree comes from one planned query (relations joined in the database): a few
      // statements, where reloading relations row by row would take dozens.
      expect(counts[0]).toBeLessThanOrEqual(6);
    });
  });

  describe('costs', () => {
    it('upserts costs per expense (201), closes and reopens the costs, and refuses changes while closed', async () => {
      const model = await costModelOf(a.api_key);
      const version = model.versions[0];
      const [e1, e2] = version.root_model_expenses.map((e: any) => e.id);
      const code = uniq('PRC-');
      const { body } = await A.post(P(), { reference_code: code, cost_model_version_id: version.id });
      const id = body.data.id;
      const base = `${P()}/${id}`;
      const res = await A.put(`${base}/cost-per-expenses`, [{ cost_model_expense_id: e1, cost: '2450.0000', planned_cost: '2300.0000' }, { cost_model_expense_id: e2, cost: '380.5' }]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject([{ cost_model_expense_id: e1, cost: '2450.0000', planned_cost: '2300.0000' }, { cost_model_expense_id: e2, cost: '380.5', planned_cost: null }]);
      const again = await A.put(`${base}/cost-per-expenses`, [{ cost_model_expense_id: e2, cost: '400.0000' }]);
      expect(again.body.data[0].id).toBe(res.body.data[1].id);
      const p = (await A.get(base)).body.data;
      expect(p.cost_per_expenses.map((c: any) => c.cost)).toEqual(['2450.0000', '400.0000']);
      expect(p.cost_model_version).toMatchObject({ id: version.id, version: 1, cost_model: { id: model.id } });
      const bad = await A.put(`${base}/cost-per-expenses`, [{ cost_model_expense_id: 999999999, cost: '1' }, { cost_model_expense_id: e1 }], 'locale=en-US');
      expect(bad.status).toBe(422);
      expect(bad.body.fields).toEqual([{ name: '1.cost', message: "can't be blank" }, { name: '0.cost_model_expense_id', message: 'does not exist' }]);
      expect((await A.put(`${base}/costs/reopen`, undefined, 'locale=en-US')).status).toBe(422);
      const closed = await A.put(`${base}/costs/close`);
      expect(closed.status).toBe(200);
      expect(closed.body.data).toMatchObject({ id, reference_code: code, costs_closed_at: expect.any(String) });
      expect((await A.put(`${base}/costs/close`)).status).toBe(422);
      const refused = await A.put(`${base}/cost-per-expenses`, [{ cost_model_expense_id: e1, cost: '1' }], 'locale=en-US');
      expect(refused.status).toBe(422);
      expect(refused.body.fields).toEqual([{ name: 'costs_closed_at', message: 'is not allowed in the current state' }]);
      const reopened = await A.put(`${base}/costs/reopen`);
      expect(reopened.body.data.costs_closed_at).toBeNull();
      expect((await A.put(`${base}/cost-per-expenses`, [{ cost_model_expense_id: e1, cost: '1' }])).status).toBe(201);
    });

    it('serves cost models and versions, scoped to the company', async () => {
      const model = await costModelOf(a.api_key);
      const list = await A.get('/cost-models', 'limit=100');
      expect(list.status).toBe(200);
      expect(list.body.data.map((m: any) => m.id)).toContain(model.id);
      const one = await A.get(`/cost-models/${model.id}`);
      expect(one.body.data).toMatchObject({ id: model.id, currency: { code: 'BRL' }, has_planned_costs: true, has_cost_per_product: false });
      expect(one.body.data.versions[0].root_model_expenses[0]).toMatchObject({
        cost_expense: { slug: 'ocean-freight', name: 'Ocean freight' },
        precification_model: 'LOOKUP',
        reference: 'CONTAINERS',
        matching_rules: [{ path: 'loading_port_id', operator: 'EQUALS', table_definition_field: 'origin' }],
      });
      const version = await A.get(`/cost-model-versions/${model.versions[0].id}`);
      expect(version.body.data).toMatchObject({ id: model.versions[0].id, version: 1, cost_model: { id: model.id } });
      expect((await B.get(`/cost-models/${model.id}`)).status).toBe(404);
      expect((await B.get(`/cost-model-versions/${model.versions[0].id}`)).status).toBe(404);
      expect((await B.get('/cost-models', 'limit=100')).body.data.map((m: any) => m.id)).not.toContain(model.id);
      // Another company's version or expense cannot be used.
      const other = await B.post(`/operations/${opB}/processes`, { reference_code: uniq('PRC-'), cost_model_version_id: model.versions[0].id }, 'locale=en-US');
      expect(other.body.fields).toEqual([{ name: 'cost_model_version_id', message: 'does not exist' }]);
      const mine = await B.post(`/operations/${opB}/processes`, { reference_code: uniq('PRC-') });
      const cost = await B.put(`/operations/${opB}/processes/${mine.body.data.id}/cost-per-expenses`, [{ cost_model_expense_id: model.versions[0].root_model_expenses[0].id, cost: '1' }], 'locale=en-US');
      expect(cost.body.fields).toEqual([{ name: '0.cost_model_expense_id', message: 'does not exist' }]);
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 for another company's process, its costs and any operation not its own, and never lists it", async () => {
      const code = uniq('PRC-');
      const { body } = await A.post(P(), { reference_code: code, extra_fields: { secret: true } });
      const id = body.data.id;
      const asB = [
        () => B.get(`/operations/${opA}/processes`),
        () => B.get(`/operations/${opA}/processes/${id}`),
        () => B.get(`/operations/${opB}/processes/${id}`),
        () => B.get(`/operations/${opB}/processes-by-reference-code/${code}`),
        () => B.put(`/operations/${opB}/processes/${id}`, { alert_level: 'DANGER' }),
        () => B.put(`/operations/${opA}/processes/${id}`, { alert_level: 'DANGER' }),
        () => B.put(`/operations/${opB}/processes-by-reference-code/${code}`, { alert_level: 'DANGER' }),
        () => B.put(`/operations/${opA}/processes`, [{ reference_code: code }]),
        () => B.post(`/operations/${opA}/processes`, { reference_code: uniq('PRC-') }),
        () => B.del(`/operations/${opB}/processes/${id}`),
        () => B.del(`/operations/${opB}/processes-by-reference-code/${code}`),
        () => B.put(`/operations/${opB}/processes/${id}/finish`),
        () => B.put(`/operations/${opB}/processes-by-reference-code/${code}/cancel`),
        () => B.put(`/operations/${opB}/processes/${id}/cost-per-expenses`, [{ cost_model_expense_id: 1, cost: '1' }]),
        () => B.put(`/operations/${opB}/processes/${id}/costs/close`),
        () => B.put(`/operations/${opB}/processes/${id}/costs/reopen`),
      ];
      const missing = await B.get(`/operations/${opB}/processes/999999999`);
      for (const call of asB) {
        const res = await call();
        expect(res.status).toBe(404);
        expect(sameAnswer(res.body)).toEqual(sameAnswer(missing.body));
      }
      expect((await B.get(`/operations/${opB}/processes`, `search=${code}&limit=100`)).body.data).toEqual([]);
      // The same reference code is free in another company; B's upsert creates B's own process.
      const mine = await B.put(`/operations/${opB}/processes`, [{ reference_code: code, alert_level: 'DANGER' }]);
      expect(mine.status).toBe(200);
      expect(mine.body.data[0].id).not.toBe(id);
      const stillA = (await A.get(`${P()}/${id}`)).body.data;
      expect(stillA).toMatchObject({ alert_level: 'NORMAL', extra_fields: { secret: true }, finished_at: null });
    });
  });

  it('keeps handler entries keyed by role, replaces them on update, and refuses slots and actors that are not the company\'s', async () => {
    const slot = (co: TestCompany, role: string) => co.operation.handlers.find((h) => h.role === role)!.id;
    const partner = async (C: Client) => (await C.post('/partnerships', { name: uniq('Partner '), internal_code: uniq('P-'), roles: [{ role: 'IMPORTER' }] })).body.data.partner.id as number;
    const importer = await partner(A);
    const code = uniq('PRC-');
    const res = await A.post(P(), {
      reference_code: code,
      handler: {
        importer: { operation_handler_id: slot(a, 'importer'), actor_id: importer, reference: 'IMP-1', business_unit: 'BU-1' },
        customs_broker: { operation_handler_id: slot(a, 'customs_broker'), actor: { official_name: 'Broker Ltda', internal_code: uniq('BRK-') } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = (await A.get(`${R()}/${code}`)).body.data;
    expect(p.handler.importer).toMatchObject({ reference: 'IMP-1', business_unit: 'BU-1', actor: { id: importer }, operation_handler: { id: slot(a, 'importer'), role: 'importer' } });
    expect(p.handler.customs_broker.actor.official_name).toBe('Broker Ltda');
    expect(p.handler.exporter).toBeNull();
    expect(p.handlers).toHaveLength(2);
    await A.put(`${R()}/${code}`, { handler: { importer: { actor_id: importer, reference: 'IMP-2' } } });
    const after = (await A.get(`${R()}/${code}`)).body.data;
    expect(after.handler.importer.reference).toBe('IMP-2');
    expect(after.handler.customs_broker).toBeNull();
    const bad = await A.put(`${R()}/${code}`, { handler: { exporter: { operation_handler_id: slot(b, 'exporter'), actor_id: await partner(B) } } }, 'locale=en-US');
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual([
      { name: 'handler.exporter.operation_handler_id', message: 'does not exist' },
      { name: 'handler.exporter.actor_id', message: 'does not exist' },
    ]);
  });

  it('refuses reference data that does not exist (ports, airports, airlines, sealines, vessels, route points)', async () => {
    const res = await A.post(P(), {
      reference_code: uniq('PRC-'),
      foreign_trade_shipment: {
        maritime_transport_shipment: { loading_port_id: 999999999, discharge_port_id: 999999998, sealine_id: 999999999, vessel_id: 999999999 },
        air_transport_shipment: { airline_id: 999999999, origin_airport_id: 999999999, house_awbs: [{ loading_airport_id: 999999999 }] },
        national_road_transports: [{ route_id: 999999999, leg_slug: 'x', trips: [{ position: 1, driver_id: 999999999, vehicle_id: 999999999, phases: [{ route_point_id: 999999999 }] }] }],
      },
    }, 'locale=en-US');
    expect(res.status).toBe(422);
    const s = 'foreign_trade_shipment.';
    expect(res.body.fields.map((f: any) => f.name).sort()).toEqual([
      `${s}air_transport_shipment.airline_id`,
      `${s}air_transport_shipment.house_awbs.0.loading_airport_id`,
      `${s}air_transport_shipment.origin_airport_id`,
      `${s}maritime_transport_shipment.discharge_port_id`,
      `${s}maritime_transport_shipment.loading_port_id`,
      `${s}maritime_transport_shipment.sealine_id`,
      `${s}maritime_transport_shipment.vessel_id`,
      `${s}national_road_transports.0.route_id`,
      `${s}national_road_transports.0.trips.0.driver_id`,
      `${s}national_road_transports.0.trips.0.vehicle_id`,
      `${s}national_road_transports.0.trips.0.phases.0.route_point_id`,
    ].sort());
    // Another company's route is refused the same way.
    const theirs = await routeOf(b.api_key);
    const other = await A.post(P(), { reference_code: uniq('PRC-'), foreign_trade_shipment: { route_id: theirs.id } }, 'locale=en-US');
    expect(other.body.fields).toEqual([{ name: 'foreign_trade_shipment.route_id', message: 'does not exist' }]);
  });

  it("refuses a trip phase whose route point is not a point of its transport's route, on create and on update", async () => {
    const [route, other] = await Promise.all([routeOf(a.api_key), routeOf(a.api_key)]);
    const s = 'foreign_trade_shipment.national_road_transports.0.trips.0.phases';
    const transport = (routeId: number, points: number[], id?: number) => ({
      foreign_trade_shipment: { national_road_transports: [{ ...(id ? { id } : { route_id: routeId, leg_slug: 'santos-campinas' }), trips: [{ position: 1, phases: points.map((route_point_id) => ({ route_point_id })) }] }] },
    });
    const bad = await A.post(P(), { reference_code: uniq('PRC-'), ...transport(route.id, [route.points[0], other.points[1]]) }, 'locale=en-US');
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual([{ name: `${s}.1.route_point_id`, message: 'does not exist' }]);
    const code = uniq('PRC-');
    const created = await A.post(P(), { reference_code: code, ...transport(route.id, route.points) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const nrt = (await A.get(`${P()}/${id}`)).body.data.foreign_trade_shipment.national_road_transports[0];
    // Updating the transport without route_id checks against its stored route.
    const upd = await A.put(`${P()}/${id}`, transport(route.id, [other.points[0], route.points[2]], nrt.id), 'locale=en-US');
    expect(upd.status).toBe(422);
    expect(upd.body.fields).toEqual([{ name: `${s}.0.route_point_id`, message: 'does not exist' }]);
    // Moving the transport to another route with that route's points is accepted.
    const moved = await A.put(`${P()}/${id}`, { foreign_trade_shipment: { national_road_transports: [{ id: nrt.id, route_id: other.id, trips: [{ position: 1, phases: other.points.map((route_point_id) => ({ route_point_id })) }] }] } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = (await A.get(`${P()}/${id}`)).body.data.foreign_trade_shipment.national_road_transports[0];
    expect(after.route.id).toBe(other.id);
    expect(after.trips[0].phases.map((ph: any) => ph.route_point.id)).toEqual(other.points);
    // A new route_id with the stored phases kept (trips left out, or a trip sent by id without
    // phases) would leave those phases on the old route's points: refused, nothing changes.
    const r = 'foreign_trade_shipment.national_road_transports.0.route_id';
    for (const change of [{ id: nrt.id, route_id: route.id }, { id: nrt.id, route_id: route.id, trips: [{ id: after.trips[0].id }] }]) {
      const refused = await A.put(`${P()}/${id}`, { foreign_trade_shipment: { national_road_transports: [change] } }, 'locale=en-US');
      expect(refused.status).toBe(422);
      expect(refused.body.fields).toEqual([{ name: r, message: 'is invalid' }]);
    }
    const still = (await A.get(`${P()}/${id}`)).body.data.foreign_trade_shipment.national_road_transports[0];
    expect(still.route.id).toBe(other.id);
    expect(still.trips[0].phases.map((ph: any) => ph.route_point.id)).toEqual(other.points);
    // The same route again, or a new route whose trips are replaced in the same request, is accepted.
    expect((await A.put(`${P()}/${id}`, { foreign_trade_shipment: { national_road_transports: [{ id: nrt.id, route_id: other.id }] } })).status).toBe(200);
    const back = await A.put(`${P()}/${id}`, { foreign_trade_shipment: { national_road_transports: [{ id: nrt.id, route_id: route.id, trips: [] }] } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const cleared = (await A.get(`${P()}/${id}`)).body.data.foreign_trade_shipment.national_road_transports[0];
    expect(cleared.route.id).toBe(route.id);
    expect(cleared.trips).toEqual([]);
  });

  it("keeps drivers and vehicles of the company; trips refer to them by id and read them back; another company's or deleted ones answer 422", async () => {
    const driver = await graphql(a.api_key, 'mutation($p: DriverParams!) { createDriver(params: $p) { driver { id name country { code } cpf birthday license_category license_expiration_date } } }', {
      p: { name: ' João Silva ', country_code: 'BR', cpf: '12345678909', official_document: 'RG-1', birthday: '1980-01-02T00:00:00Z', license_number: 'CNH-1', license_category: 'E', license_expiration_date: '2030-01-01T00:00:00Z' },
    });
    expect(driver.body.errors).toBeUndefined();
    expect(driver.body.data.createDriver.driver).toMatchObject({ name: 'João Silva', country: { code: 'BR' }, cpf: '12345678909', birthday: '1980-01-02T00:00:00Z', license_category: 'E' });
    const vehicle = await graphql(a.api_key, 'mutation($p: VehicleParams!) { createVehicle(params: $p) { vehicle { id type plate is_refrigerated tare_weight_kg temperature_min tracker_brand } } }', {
      p: { type: 'SEMI_TRUCK', plate: 'ABC1D23', is_refrigerated: true, speed_limit_dry: 80, speed_limit_wet: 60, tare_weight_kg: '8500.50', temperature_min: '-18.0', temperature_max: '4.0', tracker_brand: 'SASCAR', tracker_id: 'T-9' },
    });
    expect(vehicle.body.errors).toBeUndefined();
    expect(vehicle.body.data.createVehicle.vehicle).toMatchObject({ type: 'SEMI_TRUCK', plate: 'ABC1D23', is_refrigerated: true, tare_weight_kg: '8500.50', temperature_min: '-18.0', tracker_brand: 'SASCAR' });
    const blank = await graphql(a.api_key, 'mutation { createVehicle(params: { plate: " " }) { vehicle { id } userErrors { field message } } createDriver(params: { name: "x", country_code: "XX" }) { driver { id } userErrors { field } } }');
    expect(blank.body.data.createVehicle).toEqual({
      vehicle: null,
      userErrors: [
        { field: 'type', message: "can't be blank" },
        { field: 'plate', message: "can't be blank" },
        { field: 'is_refrigerated', message: "can't be blank" },
      ],
    });
    expect(blank.body.data.createDriver.driver).toBeNull();
    expect(blank.body.data.createDriver.userErrors).not.toEqual([]);
    const driverId = driver.body.data.createDriver.driver.id;
    const vehicleId = vehicle.body.data.createVehicle.vehicle.id;
    const route = await routeOf(a.api_key);
    const code = uniq('PRC-');
    const trip = (d: number, v: number) => ({
      foreign_trade_shipment: { national_road_transports: [{ route_id: route.id, leg_slug: 'x', trips: [{ position: 1, driver_id: d, vehicle_id: v, phases: [{ route_point_id: route.points[0] }] }] }] },
    });
    const created = await A.post(P(), { reference_code: code, ...trip(driverId, vehicleId) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const got = (await A.get(`${R()}/${code}`)).body.data.foreign_trade_shipment.national_road_transports[0].trips[0];
    expect(got).toMatchObject({ driver_id: driverId, vehicle_id: vehicleId, driver: { id: driverId, name: 'João Silva' }, vehicle: { id: vehicleId, plate: 'ABC1D23', type: 'SEMI_TRUCK' } });
    // Another company's driver and vehicle do not exist for this one; nor do deleted ones.
    const theirs = await graphql(b.api_key, 'mutation { createDriver(params: { name: "Other" }) { driver { id } } createVehicle(params: { type: VAN, plate: "XYZ", is_refrigerated: false }) { vehicle { id } } }');
    const stolen = await A.post(P(), { reference_code: uniq('PRC-'), ...trip(theirs.body.data.createDriver.driver.id, theirs.body.data.createVehicle.vehicle.id) }, 'locale=en-US');
    const t = 'foreign_trade_shipment.national_road_transports.0.trips.0.';
    expect(stolen.status).toBe(422);
    expect(stolen.body.fields).toEqual([{ name: `${t}driver_id`, message: 'does not exist' }, { name: `${t}vehicle_id`, message: 'does not exist' }]);
    const del = await graphql(a.api_key, `mutation { deleteVehicle(id: ${vehicleId}) { vehicle { id } userErrors { code } } }`);
    expect(del.body.data.deleteVehicle).toEqual({ vehicle: { id: vehicleId }, userErrors: [] });
    expect((await graphql(a.api_key, `{ vehicle(id: ${vehicleId}) { id } }`)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    const gone = await A.post(P(), { reference_code: uniq('PRC-'), ...trip(driverId, vehicleId) }, 'locale=en-US');
    expect(gone.body.fields).toEqual([{ name: `${t}vehicle_id`, message: 'does not exist' }]);
    const list = await graphql(a.api_key, '{ drivers(search: "joão") { data { id } total_count } vehicles { total_count } }');
    expect(list.body.data.drivers.data.map((d: any) => d.id)).toContain(driverId);
  });

  it("keeps trailers of the company; trips refer to them by trailer_id and read them back; another company's or deleted ones answer 422", async () => {
    const created = await graphql(a.api_key, 'mutation($p: TrailerParams!) { createTrailer(params: $p) { trailer { id type plate axles is_refrigerated tare_weight_kg max_weight_kg } } }', {
      p: { type: 'BUGGY_40', plate: ' TRL1A23 ', axles: 3, tare_weight_kg: '6200.00', max_weight_kg: '32000.00' },
    });
    expect(created.body.errors).toBeUndefined();
    const trailer = created.body.data.createTrailer.trailer;
    expect(trailer).toMatchObject({ type: 'BUGGY_40', plate: 'TRL1A23', axles: 3, is_refrigerated: false, tare_weight_kg: '6200.00', max_weight_kg: '32000.00' });
    const blank = await graphql(a.api_key, 'mutation { createTrailer(params: { plate: " " }) { trailer { id } userErrors { field message } } }');
    expect(blank.body.data.createTrailer.userErrors).toEqual([{ field: 'type', message: "can't be blank" }, { field: 'plate', message: "can't be blank" }]);
    const wrongType = await graphql(a.api_key, 'mutation { createTrailer(params: { type: FLATBED, plate: "X" }) { trailer { id } } }');
    expect(wrongType.body.errors).toBeDefined();
    const route = await routeOf(a.api_key);
    const trip = (trailerId: number) => ({
      foreign_trade_shipment: { national_road_transports: [{ route_id: route.id, leg_slug: 'x', trips: [{ position: 1, trailer_id: trailerId, phases: [{ route_point_id: route.points[0] }] }] }] },
    });
    const code = uniq('PRC-');
    const made = await A.post(P(), { reference_code: code, ...trip(trailer.id) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const got = (await A.get(`${R()}/${code}`)).body.data.foreign_trade_shipment.national_road_transports[0].trips[0];
    expect(got).toMatchObject({ trailer_id: trailer.id, trailer: { id: trailer.id, type: 'BUGGY_40', plate: 'TRL1A23', axles: 3 } });
    const t = 'foreign_trade_shipment.national_road_transports.0.trips.0.trailer_id';
    const theirs = await graphql(b.api_key, 'mutation { createTrailer(params: { type: BOX, plate: "OTH1" }) { trailer { id } } }');
    const stolen = await A.post(P(), { reference_code: uniq('PRC-'), ...trip(theirs.body.data.createTrailer.trailer.id) }, 'locale=en-US');
    expect(stolen.status).toBe(422);
    expect(stolen.body.fields).toEqual([{ name: t, message: 'does not exist' }]);
    expect((await graphql(b.api_key, `{ trailer(id: ${trailer.id}) { id } }`)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    const upd = await graphql(a.api_key, `mutation { updateTrailer(id: ${trailer.id}, params: { is_refrigerated: true }) { trailer { id plate is_refrigerated } } }`);
    expect(upd.body.data.updateTrailer.trailer).toEqual({ id: trailer.id, plate: 'TRL1A23', is_refrigerated: true });
    expect((await graphql(a.api_key, `mutation { deleteTrailer(id: ${trailer.id}) { trailer { id } } }`)).body.data.deleteTrailer.trailer).toEqual({ id: trailer.id });
    const gone = await A.post(P(), { reference_code: uniq('PRC-'), ...trip(trailer.id) }, 'locale=en-US');
    expect(gone.body.fields).toEqual([{ name: t, message: 'does not exist' }]);
    const list = await graphql(a.api_key, '{ trailers(search: "trl1") { data { id } total_count } }');
    expect(list.body.data.trailers.total_count).toBe(0);
  });

  it('reads every customs declaration and licence of a shipment back in the declarations and licenses views', async () => {
    const code = uniq('PRC-');
    const made = await A.post(P(), {
      reference_code: code,
      foreign_trade_shipment: {
        shipment_import_declarations: [{ status: 'AUTHORIZED', import_declaration: { number: '25/0001', status: 'CLEARED', channel: 'GREEN', registered_at: '2025-05-02T00:00:00Z' } }],
        shipment_duimps: [{ status: 'PENDING', duimp: { number: '25BR0001', status: 'REGISTERED_AWAITING_CHANNEL', channel: 'YELLOW' } }],
        shipment_export_declarations: [{ export_declaration: { number: '25BR-E1', status: 'ENDORSED', channel: 'ORANGE' } }],
        shipment_import_licenses: [
          { status: 'AUTHORIZED', import_license: { number: 'LI-1', status: 'DEFERRED', approved_at: '2025-04-01T00:00:00Z' } },
          { import_license: { number: 'LI-2' } },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const s = (await A.get(`${R()}/${code}`)).body.data.foreign_trade_shipment;
    const pick = (d: any) => ({ kind: d.kind, number: d.number, status: d.status, channel: d.channel, link_status: d.link_status });
    expect(s.declarations.map(pick)).toEqual([
      { kind: 'IMPORT_DECLARATION', number: '25/0001', status: 'CLEARED', channel: 'GREEN', link_status: 'AUTHORIZED' },
      { kind: 'DUIMP', number: '25BR0001', status: 'REGISTERED_AWAITING_CHANNEL', channel: 'YELLOW', link_status: 'PENDING' },
      { kind: 'EXPORT_DECLARATION', number: '25BR-E1', status: 'ENDORSED', channel: 'ORANGE', link_status: null },
    ]);
    expect(s.declarations[0]).toMatchObject({ id: s.shipment_import_declarations[0].import_declaration.id, link_id: s.shipment_import_declarations[0].id, registered_at: '2025-05-02T00:00:00Z' });
    expect(s.licenses.map((l: any) => [l.kind, l.number, l.status, l.approved_at])).toEqual([
      ['IMPORT_LICENSE', 'LI-1', 'DEFERRED', '2025-04-01T00:00:00Z'],
      ['IMPORT_LICENSE', 'LI-2', null, null],
    ]);
    // The views are read only: sent, they are ignored like any unknown field (docs/index.md: unknown body fields are ignored).
    const sent = await A.put(`${R()}/${code}`, { foreign_trade_shipment: { declarations: [], licenses: [] } });
    expect(sent.status).toBe(200);
    const again = (await A.get(`${R()}/${code}`)).body.data.foreign_trade_shipment;
    expect(again.declarations).toEqual(s.declarations);
    expect(again.licenses).toEqual(s.licenses);
  });

  it('serves the process mutations over GraphQL with the same validation', async () => {
    const res = await graphql(a.api_key, 'mutation($op: Int!) { createProcess(operation_id: $op, params: { foreign_trade_shipment: { demurrage: { free_time: 1 } } }) { process { id } userErrors { field code message } } }', { op: opA });
    expect(res.body.data.createProcess).toEqual({
      process: null,
      userErrors: [
        { field: 'reference_code', code: 'UNPROCESSABLE_ENTITY', message: "can't be blank" },
        { field: 'foreign_trade_shipment.demurrage.daily_rate_usd', code: 'UNPROCESSABLE_ENTITY', message: "can't be blank" },
      ],
    });
  });
});

export { maritimeImport, nfe, purchaseOrder };
void api;
