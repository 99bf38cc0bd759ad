// Demo processes: one of every shipment type at different stages, through the GraphQL
// mutations so the demo obeys every rule. Fixtures (order items, routes) are read back.
import type { NewCompany } from '../company/companies.ts';
import { prisma } from '../db.ts';
import { runAs } from './run-as.ts';

const day = (offset: number, now = Date.now()) => new Date(now + offset * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const nfe = (key: string, number: string, total: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${key}" versao="4.00"><ide><nNF>${number}</nNF></ide><emit><CNPJ>12345678000195</CNPJ><xNome>TradeTrack Demo Ltda</xNome></emit><total><ICMSTot><vNF>${total}</vNF></ICMSTot></total></infNFe></NFe></nfeProc>`,
  ).toString('base64');

type Company = NewCompany['company'];
/** What the demo processes refer to: the cost model version, order lines, a route and a fleet. */
interface Fixtures {
  version: { id: number; root_model_expenses: { id: number }[] };
  poItems: { id: number; line_reference: string | null; quantity: string | null }[];
  orderCodes: string[];
  route: { id: number; points: { id: number }[] } | null;
  fleet: SeededFleet;
}

/** The ids of the driver, vehicle and trailer the demo trips use. */
type SeededFleet = { createDriver: { driver: { id: number } }; createVehicle: { vehicle: { id: number } }; createTrailer: { trailer: { id: number } } };

/** Two cost models (maritime import, air export); answers the maritime model's version. */
async function seedCostModels(co: Company): Promise<Fixtures['version']> {
  const model = await runAs<{ createCostModel: { costModel: { versions: Fixtures['version'][] } } }>(co, 'mutation($p: CostModelParams!) { createCostModel(params: $p) { costModel { versions { id root_model_expenses { id } } } } }', {
    p: {
      name: 'Maritime import',
      currency_code: 'BRL',
      has_planned_costs: true,
      versions: [
        {
          version: 1,
          root_model_expenses: [
            { cost_expense: { name: 'Ocean freight', slug: 'ocean-freight' }, precification_model: 'LOOKUP', reference: 'CONTAINERS', price_field: 'price', matching_rules: [{ path: 'foreign_trade_shipment.maritime_transport_shipment.loading_port_id', table_definition_field: 'origin_port_id' }] },
            { cost_expense: { name: 'Terminal storage', slug: 'storage' }, precification_model: 'MULTIPLY', reference: 'STORAGE_DAYS_CONTAINER', reference_value: '180.0000' },
            { cost_expense: { name: 'Customs broker fee', slug: 'broker-fee' }, precification_model: 'FIXED', reference: 'SHIPMENT', reference_value: '1250.0000' },
          ],
        },
      ],
    },
  });
  await runAs(co, 'mutation($p: CostModelParams!) { createCostModel(params: $p) { costModel { id } } }', {
    p: { name: 'Air export', currency_code: 'USD', versions: [{ version: 1, root_model_expenses: [{ cost_expense: { name: 'Air freight', slug: 'air-freight' }, precification_model: 'MULTIPLY', reference: 'CALCULATED_GROSS_WEIGHT_KG', reference_value: '4.2000' }] }] },
  });
  return model.createCostModel.costModel.versions[0];
}

/** The cost models, then the order lines and route seeded before, and a driver, vehicle and trailer. */
async function seedFixtures(co: Company, op: number): Promise<Fixtures> {
  const version = await seedCostModels(co);

  const poItems = await prisma().purchaseOrderItem.findMany({
    where: { company_id: co.id, quantity: { not: null }, purchase_order: { order: { operation_id: op, deleted_at: null, canceled_at: null } } },
    select: { id: true, line_reference: true, quantity: true, purchase_order: { select: { order: { select: { reference_code: true } } } } },
    orderBy: { id: 'asc' },
    take: 4,
  });
  const route = await prisma().route.findFirst({
    where: { company_id: co.id, deleted_at: null },
    select: { id: true, points: { select: { id: true }, orderBy: { position: 'asc' } } },
    orderBy: { id: 'asc' },
  });
  const fleet = await runAs<SeededFleet>(
    co,
    'mutation($d: DriverParams!, $v: VehicleParams!, $t: TrailerParams!) { createDriver(params: $d) { driver { id } } createVehicle(params: $v) { vehicle { id } } createTrailer(params: $t) { trailer { id } } }',
    {
      d: { name: 'João Silva', country_code: 'BR', license_category: 'E', license_expiration_date: day(400) },
      v: { type: 'MECHANICAL_HORSE_DOUBLE_AXIS', plate: 'ABC1D23', is_refrigerated: false, tracker_brand: 'SASCAR', tracker_id: 'SC-88120' },
      t: { type: 'BUGGY_40', plate: 'TRL4E56', axles: 3, tare_weight_kg: '6200.000' },
    },
  );
  const orderCodes = [...new Set(poItems.map((i) => i.purchase_order.order.reference_code))];
  return { version, poItems, orderCodes, route, fleet };
}

const half = (q: string | null) => (q ? (Number(q) / 2).toFixed(4) : '1.0000');
const container = (code: string, extra: Record<string, unknown> = {}) => ({ type: 'CONTAINER', container: { code, type: 'DRY', size_foot_type: 'STANDARD_40', load_type: 'GENERAL_CARGO', ...extra } });
const shippedHalf = (items: Fixtures['poItems']) => items.map((i) => ({ purchase_order_item_id: i.id, line_reference: i.line_reference, quantity: half(i.quantity) }));

/** PRC-01: a sea import on its way, with containers, an invoice, freight and demurrage terms. */
const seaImportOnItsWay = ({ version, orderCodes, poItems }: Fixtures) => ({
  reference_code: 'PRC-01',
  alert_level: 'NORMAL',
  cost_model_version_id: version.id,
  order_reference_codes: orderCodes.slice(0, 1),
  extra_fields: { cost_center: '4100-MRO', buyer: 'Marina Costa' },
  audit_items: [{ name: 'Commercial invoice checked', checked: true, show_observations_when: 'NO' }, { name: 'Insurance certificate', show_observations_when: 'ALWAYS', observations: 'Waiting for the insurer' }],
  foreign_trade_shipment: {
    type: 'MARITIME_TRANSPORT',
    etd: day(-12), eta: day(18), atd: day(-11),
    warehouse_free_time_days: 10,
    total_gross_weight: '14250.0000',
    cubage_cubic_meters: '58.2000',
    items: shippedHalf(poItems.slice(0, 2)),
    maritime_transport_shipment: { type: 'FCL', bl: 'MEDU1234567', booking: 'BKG778812', voyage_number: 'FA512A', tracking_key: 'BILL_OF_LADING', valid_keys: ['BILL_OF_LADING', 'BOOKING', 'CONTAINER_CODE'] },
    transportables: [container('MSCU1234565', { seal_code: 'SL-0098812', gross_weight_kg: '14250.0000' }), container('MSCU7654321', { type: 'HIGH_CUBE', size_foot_type: 'HC_40' })],
    invoices: [{ number: 'INV-2025-0042', emitted_at: day(-20), incoterm: 'FOB', currency_code: 'USD', items: [{ product_sku: 'PRD-01', quantity: '800.0000', shipment_quantity: '800.0000', unitary_amount: '35.5000' }] }],
    demurrage: { free_time: 14, daily_rate_usd: '150.0000' },
    international_freight: { type: 'PREPAID', freight_cost_prepaid: '2800.0000', freight_cost_total: '2800.0000', currency_code: 'USD', quotation_number: 'Q-2025-118' },
    international_transport_legs: [{ modal_type: 'MARITIME', departure_place: 'Shanghai', arrival_place: 'Santos', etd: day(-12), eta: day(18), vessel: 'MSC AURORA', voyage: 'FA512A' }],
  },
});

/** PRC-02: a sea import arrived and cleared, with customs documents and the road leg to the plant. */
const seaImportCleared = ({ version, orderCodes, poItems, route, fleet }: Fixtures) => ({
  reference_code: 'PRC-02',
  alert_level: 'WARNING',
  cost_model_version_id: version.id,
  order_reference_codes: orderCodes.slice(1, 2),
  brazilian_invoices: [nfe('35250312345678000195550010000012341000012345', '1234', '182450.00')],
  foreign_trade_shipment: {
    type: 'MARITIME_TRANSPORT',
    etd: day(-50), atd: day(-49), eta: day(-20), ata: day(-19),
    received_in_warehouse_at: day(-18), departed_from_warehouse_at: day(-4), warehouse_free_time_days: 10,
    ce_mercante_number: '152505123456789', ce_mercante_authorization_status: 'AUTHORIZED',
    items: shippedHalf(poItems.slice(2, 4)),
    maritime_transport_shipment: { type: 'FCL', bl: 'MAEU2233445', tracking_key: 'BILL_OF_LADING' },
    transportables: [container('MRKU1122334', { demurrage_free_time_start_at: day(-19), actual_return_empty_container_at: day(-1) }), { type: 'CARGO', cargo: { quantity: '12', measurement_unit: 'PALLETS', weight_kg: '8400.0000' } }],
    demurrage: { free_time: 14, daily_rate_usd: '120.0000' },
    ce_mercante: { number: '152505123456789', bl: 'MAEU2233445', cargo_status: 'RELEASED', status_response: 'FOUND', cargo_manifests: [{ manifest_number: '1525500123456', loading_port_unlocode: 'CNSHA', discharge_port_unlocode: 'BRSSZ' }] },
    shipment_import_licenses: [{ status: 'AUTHORIZED', import_license: { number: '25/0001234-5', status: 'DEFERRED', approved_at: day(-40) } }],
    shipment_import_declarations: [{ status: 'AUTHORIZED', import_declaration: { number: '25/0412345-6', status: 'CLEARED', status_response: 'FOUND', channel: 'GREEN', registered_at: day(-18), customs_cleared_at: day(-15), import_licenses: ['25/0001234-5'] } }],
    shipment_duimps: [{ comments: 'DUIMP pilot', duimp: { number: '25BR0000012345', version: '1', status: 'CLEARED_CARGO_DELIVERED', channel: 'GREEN', registered_at: day(-18), delivered_at: day(-4) } }],
    ...(route
      ? {
          national_road_transports: [
            {
              route_id: route.id, leg_slug: 'santos-plant', road_transport_type: 'FCL', load_type: 'GENERAL_CARGO', collection_scheduled_at: day(-5), delivery_planned_at: day(-4), transport_completed_at: day(-4),
              trips: [{ position: 1, driver_id: fleet.createDriver.driver.id, vehicle_id: fleet.createVehicle.vehicle.id, trailer_id: fleet.createTrailer.trailer.id, phases: route.points.map((p, i) => ({ route_point_id: p.id, realized_at: day(-5 + i * 0.3) })) }],
            },
          ],
        }
      : {}),
  },
});

/** PRC-03 to PRC-06: an air export, a road import, a parcel and a sea booking. */
const otherProcesses = () => [
  {
    reference_code: 'PRC-03',
    foreign_trade_shipment: {
      type: 'AIR_TRANSPORT',
      etd: day(3), eta: day(4),
      air_transport_shipment: { type: 'PALLET', awb: '045-12345675', house_awbs: [{ hawb: 'HAWB-7781', flight: 'LA8070', etd: day(3), eta: day(4), stopovers: ['LIS'] }, { hawb: 'HAWB-7782', flight: 'LA8070' }] },
      transportables: [{ type: 'CARGO', cargo: { quantity: '4', measurement_unit: 'PALLETS', weight_kg: '1200.0000' } }],
      shipment_export_declarations: [{ status: 'PENDING', export_declaration: { number: '25BR000123456-7', status: 'REGISTERED', channel: 'GREEN', registered_at: day(-1) } }],
    },
  },
  {
    reference_code: 'PRC-04',
    alert_level: 'DANGER',
    foreign_trade_shipment: {
      type: 'ROAD_TRANSPORT',
      etd: day(-2), eta: day(2),
      road_transport_shipment: { type: 'FTL', crt: 'AR.123.456789', origin: 'Buenos Aires', destination: 'Curitiba' },
      international_transport_legs: [{ modal_type: 'ROAD', departure_place: 'Buenos Aires', arrival_place: 'Uruguaiana', etd: day(-2), eta: day(0) }],
    },
  },
  {
    reference_code: 'PRC-05',
    foreign_trade_shipment: {
      type: 'AIR_TRANSPORT',
      parcel_shipments: [{ slug: 'dhl', tracking_number: '1234567890', origin_address: 'Hamburg', origin_country_code: 'DE', destination_address: 'São Paulo', destination_country_code: 'BR', etd: day(-3), eta: day(1) }],
    },
  },
  { reference_code: 'PRC-06', foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', maritime_transport_shipment: { type: 'LCL', booking: 'BKG990011', tracking_key: 'BOOKING' } } },
];

/** Fills the demo company with cost models and processes of every shipment type at different stages. */
export async function seedProcesses(created: NewCompany): Promise<void> {
  const co = created.company;
  const op = created.operation.id;
  const fixtures = await seedFixtures(co, op);
  const processes = [seaImportOnItsWay(fixtures), seaImportCleared(fixtures), ...otherProcesses()];
  await runAs(co, 'mutation($op: Int!, $p: [ProcessParams!]!) { upsertProcesses(operation_id: $op, params: $p) { processes { id } } }', { op, p: processes });
  const costs = fixtures.version.root_model_expenses.map((e: { id: number }, i: number) => ({ cost_model_expense_id: e.id, cost: ['2800.0000', '1440.0000', '1250.0000'][i], planned_cost: ['2600.0000', '900.0000', '1250.0000'][i] }));
  const p2 = await prisma().process.findFirstOrThrow({ where: { company_id: co.id, operation_id: op, reference_code: 'PRC-02', deleted_at: null }, select: { id: true } });
  await runAs(co, 'mutation($op: Int!, $id: Int!, $p: [CostPerExpenseParams!]!) { upsertProcessCostPerExpenses(operation_id: $op, process_id: $id, params: $p) { costPerExpenses { id } } }', { op, id: p2.id, p: costs });
  await runAs(co, 'mutation($op: Int!, $id: Int!) { closeProcessCosts(operation_id: $op, process_id: $id) { process { id } } }', { op, id: p2.id });
  await runAs(co, 'mutation($op: Int!, $c: String!) { finishProcessByReferenceCode(operation_id: $op, reference_code: $c) { process { id } } }', { op, c: 'PRC-02' });
  await runAs(co, 'mutation($op: Int!, $c: String!) { cancelProcessByReferenceCode(operation_id: $op, reference_code: $c) { process { id } } }', { op, c: 'PRC-06' });
}
