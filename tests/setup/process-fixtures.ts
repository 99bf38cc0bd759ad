// A process of every part (sea import with containers, cargo, invoices, demurrage, freight, a road
// transport, CE Mercante and customs documents), the purchase order it ships and the global
// reference rows it names, for the tests that read whole processes.
import { expect, inject } from 'vitest';
import { encodeStatic } from '../../graph/logistics/ais-encode.ts';
import { baseUrl, client, graphql, uniq } from '../helpers.ts';

export type Client = ReturnType<typeof client>;

/** A purchase order of two lines (10 and 20); `scale` multiplies their quantities so several processes can ship them. */
export async function purchaseOrder(C: Client, op: number, scale = 1) {
  const code = uniq('ORC-');
  const product = uniq('PRD-');
  expect((await C.post('/products', { code: product, description: 'Valve' })).status).toBe(201);
  const created = await C.post(`/operations/${op}/orders`, {
    reference_code: code,
    purchase_order: {
      type: 'DIRECT',
      items: [
        { line_reference: '10', product_code: product, quantity: `${1000 * scale}.0000` },
        { line_reference: '20', product_code: product, quantity: `${50 * scale}.0000` },
      ],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const order = (await C.get(`/operations/${op}/orders/${created.body.data.id}`)).body.data;
  return { id: order.id as number, code, items: order.purchase_order.items.map((i: any) => i.id) as number[] };
}

/** Ids of global reference rows (GraphQL), and a vessel imported over AIS under a new MMSI. */
export async function placesOf(key: string) {
  const res = await graphql(
    key,
    `{ santos: maritimePorts(search: "BRSSZ") { data { id unlocode } } paranagua: maritimePorts(search: "BRPNG") { data { id unlocode } }
       gru: airports(search: "SBGR") { data { id icao_code } } vcp: airports(search: "SBKP") { data { id icao_code } }
       latam: airlines(search: "LATAM Airlines") { data { id name } } maersk: sealines(search: "MAEU") { data { id scac } } }`,
  );
  expect(res.body.errors).toBeUndefined();
  const d = res.body.data;
  const one = (x: any, k: string, v: string) => {
    const row = x.data.find((r: any) => r[k] === v);
    expect(row, `${v} in ${JSON.stringify(x.data)}`).toBeDefined();
    return row.id as number;
  };
  const mmsi = `710${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const ais = await fetch(`${baseUrl()}/admin/imports/ais`, {
    method: 'POST',
    headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' },
    body: encodeStatic({ mmsi: Number(mmsi), name: 'TT ROUND TRIP' }).join('\n'),
  });
  expect(ais.status).toBe(200);
  const vessel = await graphql(key, `{ vessels(search: "${mmsi}") { data { id mmsi_number } } }`);
  expect(vessel.body.errors).toBeUndefined();
  return {
    santos: one(d.santos, 'unlocode', 'BRSSZ'),
    paranagua: one(d.paranagua, 'unlocode', 'BRPNG'),
    gru: one(d.gru, 'icao_code', 'SBGR'),
    vcp: one(d.vcp, 'icao_code', 'SBKP'),
    latam: d.latam.data[0].id as number,
    maersk: one(d.maersk, 'scac', 'MAEU'),
    vessel: vessel.body.data.vessels.data[0].id as number,
    mmsi,
  };
}

export function maritimeImport(code: string, f: { order: { id: number; items: number[] }; route: { id: number; points: number[] }; costModelVersionId?: number }) {
  return {
    reference_code: code,
    order_ids: [f.order.id],
    alert_level: 'WARNING',
    lead_time_datetime_reference: '2025-03-03T14:30:00Z',
    extra_fields: { cost_center: '4100-MRO', tags: ['a', 'b'], nested: { n: 1 } },
    audit_items: [
      { name: 'Documents checked', checked: true, observations: 'ok', show_observations_when: 'ALWAYS' },
      { name: 'Insurance', show_observations_when: 'NEVER' },
    ],
    foreign_trade_shipment: {
      type: 'MARITIME_TRANSPORT',
      etd: '2025-04-02T00:00:00Z',
      eta: '2025-05-10T00:00:00Z',
      atd: '2025-04-03T00:00:00Z',
      ata: '2025-05-01T00:00:00Z',
      delivered_at: '2025-05-20T00:00:00Z',
      received_in_warehouse_at: '2025-05-02T00:00:00Z',
      departed_from_warehouse_at: '2025-05-14T00:00:00Z',
      warehouse_free_time_days: 10,
      automatic_tracking_enabled: false,
      ce_mercante_authorization_status: 'AUTHORIZED',
      ce_mercante_number: '152505123456789',
      cubage_cubic_meters: '58.2000',
      total_gross_weight: '14250.0000',
      total_net_weight: '13800.0000',
      empty_return_date: '2025-05-30T00:00:00Z',
      route_id: f.route.id,
      items: [
        { purchase_order_item_id: f.order.items[0], line_reference: '10', quantity: '800.0000', unit_value: '35.5000', total_value: '28400.0000', net_weight_kg: '7000.5', gross_weight_kg: '7100.25', cubage_cubic_meters: '20.1' },
        { purchase_order_item_id: f.order.items[1], line_reference: '20', quantity: '50.0000', brazilian_invoice_unit_value: '180.0000' },
      ],
      invoices: [
        {
          number: 'INV-2025-0042',
          emitted_at: '2025-03-28T00:00:00Z',
          incoterm: 'FOB',
          currency_code: 'USD',
          discount: '100.00',
          items: [
            { product_sku: 'PRD-01', product_description: 'Valve', quantity: '800.0000', shipment_quantity: '800.0000', unitary_amount: '35.5000', batch_number: 'B1', batch_validity_date: '2027-01-01T00:00:00Z', production_date: '2025-01-15T00:00:00Z', order_item_line_reference: '10', total_gross_weight_kg: '7100.25' },
            { product_sku: 'PRD-02', quantity: '50.0000', shipment_quantity: '50.0000', total_amount: '9000.0000' },
          ],
        },
      ],
      transportables: [
        {
          type: 'CONTAINER',
          container: {
            code: 'MSCU1234565', type: 'DRY', size_foot_type: 'STANDARD_40', load_type: 'GENERAL_CARGO', cubic_meters: '67.7', gross_weight_kg: '14250.0000', tare_weight_kg: '3750', max_weight_kg: '30480',
            seal_code: 'SL-1', secondary_seal_code: 'SL-2', invoice_number: 'INV-2025-0042', observations: 'fragile', is_stackable: true, hidden: false, tracking_api: 'sealine', tracking_manual: false,
            demurrage_free_time_start_at: '2025-05-01T00:00:00Z', demurrage_reference_date: '2025-05-01T00:00:00Z', demurrage_empty_return_deadline: '2025-05-15T00:00:00Z',
            estimated_return_empty_container_at: '2025-05-18T00:00:00Z', actual_return_empty_container_at: '2025-05-21T00:00:00Z',
            events: [
              { datetime: '2025-04-02T10:00:00Z', estimated: false, place: 'Shanghai', status: 'LOADED', transport: 'MSC AURORA', voyage: 'FA512A' },
              { datetime: '2025-05-01T08:00:00Z', estimated: true, place: 'Santos', status: 'DISCHARGED' },
            ],
          },
        },
        { type: 'CONTAINER', container: { code: 'MSCU7654321', type: 'REEFER', size_foot_type: 'HC_40', demurrage_free_time_start_at: '2025-05-01T00:00:00Z', actual_return_empty_container_at: '2025-05-11T00:00:00Z' } },
        { type: 'CARGO', cargo: { quantity: '12', measurement_unit: 'PALLETS', weight_kg: '8400.0000', volume_cubic_meters: '14.4', cubic_weight: '2400', dimensions: '120x100x150 cm' } },
      ],
      demurrage: { free_time: 14, daily_rate_usd: '150.0000' },
      international_freight: {
        type: 'PREPAID', freight_cost_prepaid: '2800.0000', freight_cost_collect: '0', freight_cost_road: '450.00', freight_cost_total: '3250.0000', currency_code: 'USD',
        freight_forwarder: 'Fast Forwarding', quotation_number: 'Q-77', voyage_number: 'FA512A', booking_etd: '2025-04-01T00:00:00Z', booking_eta: '2025-05-09T00:00:00Z', planned_boarding_date: '2025-04-01T00:00:00Z',
      },
      international_transport_legs: [
        { modal_type: 'MARITIME', departure_place: 'Shanghai', arrival_place: 'Santos', etd: '2025-04-02T00:00:00Z', eta: '2025-05-01T00:00:00Z', vessel: 'MSC AURORA', voyage: 'FA512A' },
      ],
      maritime_transport_shipment: {
        type: 'FCL', bl: 'MEDU1234567', hbl: 'HBL-9', booking: 'BKG778812', tracking_number: 'TRK1', tracking_loading_port: 'CNSHA', tracking_discharge_port: 'BRSSZ',
        voyage_number: 'FA512A', tracking_key: 'BILL_OF_LADING', valid_keys: ['BILL_OF_LADING', 'BOOKING'],
      },
      ce_mercante: {
        number: '152505123456789', bl: 'MEDU1234567', cargo_description: 'Valves', cargo_status: 'ARRIVED', cargo_presence_at: '2025-05-01T12:00:00Z', consignee_document: '12345678000195',
        freight_cost: '2800.00', freight_currency_code: 'USD', gross_weight_kg: '14250.0', status_response: 'FOUND',
        cargo_manifests: [{ manifest_number: 'M-1', loading_port_unlocode: 'CNSHA', loading_port_terminal: 'T1', discharge_port_unlocode: 'BRSSZ', discharge_port_terminal: 'BTP' }],
      },
      national_road_transports: [
        {
          route_id: f.route.id, leg_slug: 'santos-campinas', load_type: 'GENERAL_CARGO', road_transport_type: 'FCL', transport_features: ['REFRIGERATED', 'HAZARDOUS_PRODUCTS'], quantity_pallets: 12,
          collection_scheduled_at: '2025-05-14T08:00:00Z', delivery_planned_at: '2025-05-15T08:00:00Z',
          trips: [
            {
              position: 1, driver_name: 'João Silva', vehicle_plate: 'ABC1D23', trailer_plate: 'XYZ9K87',
              phases: f.route.points.map((route_point_id, i) => ({ route_point_id, estimated_realized_at: `2025-05-1${4 + i}T10:00:00Z` })),
            },
          ],
        },
      ],
      shipment_import_declarations: [
        {
          comments: 'registered by broker', status: 'AUTHORIZED',
          import_declaration: { number: '25/0412345-6', status: 'CLEARED', status_response: 'FOUND', channel: 'GREEN', registered_at: '2025-05-02T00:00:00Z', customs_cleared_at: '2025-05-05T00:00:00Z', import_licenses: ['25/000111-1'], extra: { broker_file: 'B-1' } },
        },
      ],
      shipment_duimps: [
        { comments: 'pilot', import_declaration: undefined, duimp: { number: '25BR0000012345', version: '2', status: 'CLEARED_CARGO_DELIVERED', channel: 'YELLOW', importer: '12345678000195', delivered_at: '2025-05-06T00:00:00Z' } },
      ],
      shipment_import_licenses: [{ status: 'PENDING', import_license: { number: '25/000111-1', status: 'DEFERRED', approved_at: '2025-03-20T00:00:00Z' } }],
    },
    ...(f.costModelVersionId ? { cost_model_version_id: f.costModelVersionId } : {}),
  };
}
