// The foreign trade shipment tree and the checklist as assembled pages write them
// (docs/decisions/019-assembled-pages.md). Each node's columns and children derive from its
// declaration (spec.ts), as its object does (objects.ts); the values the platform computes and
// the links to other areas (types.ts, customs-documents.ts) are written here beside them.
import { assembled, byGlobalKey, byKey, catalogueSql, childrenOf, column, columns, datetime, datetimes, ofParent, type SqlField } from '../../assembled/shapes.ts';
import { walk, type NodeDef } from './nodes.ts';
import { auditItem, shipment } from './spec.ts';

/** A node's SQL: its id, its columns, and its children by their parent key (lists in id order). */
function nodeSql(def: NodeDef): Record<string, SqlField> {
  const children = Object.entries(def.children).map(([key, child]): [string, SqlField] => [
    key,
    child.single ? { one: child.name, where: ofParent(child.parentKey) } : childrenOf(child.name, child.parentKey),
  ]);
  return { id: column('id'), ...catalogueSql(def.fields), ...Object.fromEntries(children) };
}

/** Whole days from `from` to `to` (demurrage.ts, `wholeDays`: rounded down). */
const wholeDays = (from: string, to: string) => `floor((extract(epoch FROM ${to}) - extract(epoch FROM ${from})) / 86400)::int`;

/** Days from `from` to `to`, or to now while `to` is null, never negative (types.ts, `daysBetween`). */
const daysBetween = (from: string, to: string) => `greatest(0, ${wholeDays(from, `coalesce(${to}, now())`)})`;

/**
 * The demurrage days beyond the free time of container `c` of shipment `s` under terms `d`
 * (demurrage.ts, `containerDemurrage`): from the free-time start (or the shipment's ATA) to the
 * empty return (or now), 0 without a start.
 */
const exceedingDays = (c: string, s: string, d: string) =>
  `greatest(0, coalesce(${daysBetween(`coalesce(${c}.demurrage_free_time_start_at, ${s}.ata)`, `${c}.actual_return_empty_container_at`)}, 0) - ${d}.free_time)`;

/** A container's demurrage value, found through its transportable and shipment; null without demurrage terms. */
const containerDemurrage = (value: (d: string, exceeding: string) => string): SqlField => ({
  value: (c) =>
    `(SELECT ${value('dm', exceedingDays(c, 'sh', 'dm'))} FROM transportables tr ` +
    `JOIN foreign_trade_shipments sh ON sh.company_id = tr.company_id AND sh.id = tr.shipment_id ` +
    `JOIN demurrages dm ON dm.company_id = sh.company_id AND dm.shipment_id = sh.id ` +
    `WHERE tr.company_id = ${c}.company_id AND tr.id = ${c}.transportable_id)`,
});

/** An invoice line's total: `total_amount`, else quantity x unitary_amount at the scale of the price (types.ts, `lineTotal`). */
const lineTotal = (i: string) =>
  `coalesce(${i}.total_amount::numeric, round(${i}.quantity::numeric * ${i}.unitary_amount::numeric, scale(${i}.unitary_amount::numeric)))`;

/** The sum of an invoice's line totals, null without any (types.ts, `total`). */
const invoiceTotal = (inv: string) => `(SELECT sum(${lineTotal('ii')}) FROM invoice_items ii WHERE ii.company_id = ${inv}.company_id AND ii.invoice_id = ${inv}.id)`;

/** The customs documents of a shipment, every kind in one set: the wrapper's id and status beside the document's columns (customs-documents.ts). */
const customsDocuments = (() => {
  const kinds: [kind: string, wrappers: string, documents: string, key: string, columns: Record<string, string>][] = [
    ['IMPORT_DECLARATION', 'shipment_import_declarations', 'import_declarations', 'shipment_import_declaration_id', { channel: 'd.channel::text', customs_cleared_at: 'd.customs_cleared_at', approved_at: 'NULL' }],
    ['DUIMP', 'shipment_duimps', 'duimps', 'shipment_duimp_id', { channel: 'd.channel::text', customs_cleared_at: 'd.customs_cleared_at', approved_at: 'NULL' }],
    ['EXPORT_DECLARATION', 'shipment_export_declarations', 'export_declarations', 'shipment_export_declaration_id', { channel: 'd.channel::text', customs_cleared_at: 'd.customs_cleared_at', approved_at: 'NULL' }],
    ['IMPORT_LICENSE', 'shipment_import_licenses', 'import_licenses', 'shipment_import_license_id', { channel: 'NULL', customs_cleared_at: 'NULL', approved_at: 'd.approved_at' }],
  ];
  const selects = kinds.map(
    ([kind, wrappers, documents, key, c], n) =>
      `SELECT w.company_id, w.shipment_id, ${n} AS kind_order, '${kind}' AS kind, d.id, w.id AS link_id, w.status::text AS link_status, d.number, d.status::text AS status, ` +
      `${c.channel} AS channel, d.status_response::text AS status_response, d.registered_at, ${c.customs_cleared_at}::timestamptz AS customs_cleared_at, ` +
      `${c.approved_at}::timestamptz AS approved_at, d.last_updated_at FROM ${wrappers} w JOIN ${documents} d ON d.company_id = w.company_id AND d.${key} = w.id`,
  );
  return `(${selects.join(' UNION ALL ')})`;
})();

assembled('CustomsDocument', {
  table: customsDocuments,
  fields: {
    ...columns('kind', 'id', 'link_id', 'link_status', 'number', 'status', 'channel', 'status_response'),
    ...datetimes('registered_at', 'customs_cleared_at', 'approved_at', 'last_updated_at'),
  },
});

/** The shipment's customs documents of the kinds `licences` says, in kind order, then in link order. */
const customsList = (licences: boolean): SqlField => ({
  many: 'CustomsDocument',
  where: (d, s) => `${d}.company_id = ${s}.company_id AND ${d}.shipment_id = ${s}.id AND ${d}.kind ${licences ? '=' : '<>'} 'IMPORT_LICENSE'`,
  orderBy: (d) => `${d}.kind_order, ${d}.link_id`,
});

/** Reference data a node names by id (ports, airports, airlines, sealines, vessels). */
const globalOne = (type: string, key: string): SqlField => ({ one: type, where: byGlobalKey(key) });

const currency: SqlField = { lookup: 'Currency', key: (row) => `${row}.currency_code` };

/** What each node adds to its declaration: computed values and links. */
const added: Record<string, Record<string, SqlField>> = {
  ForeignTradeShipment: {
    eta_source: column('eta_source'),
    declarations: customsList(false),
    licenses: customsList(true),
    days_in_warehouse: { value: (s) => `CASE WHEN ${s}.received_in_warehouse_at IS NULL THEN NULL ELSE ${daysBetween(`${s}.received_in_warehouse_at`, `${s}.departed_from_warehouse_at`)} END` },
    days_left_in_warehouse: {
      value: (s) =>
        `CASE WHEN ${s}.received_in_warehouse_at IS NULL OR ${s}.warehouse_free_time_days IS NULL THEN NULL ` +
        `ELSE ${s}.warehouse_free_time_days - ${daysBetween(`${s}.received_in_warehouse_at`, `${s}.departed_from_warehouse_at`)} END`,
    },
  },
  Demurrage: {
    // Every container's cost is its exceeding days at the daily rate's scale, so their sum is the rate times the days' sum.
    total_demurrage_costs: {
      value: (d) =>
        `((SELECT coalesce(sum(${exceedingDays('ct', 'sh', d)}), 0) FROM foreign_trade_shipments sh ` +
        `JOIN transportables tr ON tr.company_id = sh.company_id AND tr.shipment_id = sh.id ` +
        `JOIN containers ct ON ct.company_id = tr.company_id AND ct.transportable_id = tr.id ` +
        `WHERE sh.company_id = ${d}.company_id AND sh.id = ${d}.shipment_id) * ${d}.daily_rate_usd::numeric)::text`,
    },
  },
  Container: {
    free_time_ends_at: datetime('free_time_ends_at'),
    demurrage_exceeding_days: containerDemurrage((_d, exceeding) => exceeding),
    demurrage_costs: containerDemurrage((d, exceeding) => `(${exceeding} * ${d}.daily_rate_usd::numeric)::text`),
  },
  Invoice: {
    currency,
    total_amount: { value: (inv) => `${invoiceTotal(inv)}::text` },
    final_value: { value: (inv) => `(${invoiceTotal(inv)} - coalesce(${inv}.discount::numeric, 0))::text` },
  },
  InternationalFreight: {
    currency,
    sealine: globalOne('Sealine', 'sealine_id'),
    vessel: globalOne('Vessel', 'vessel_id'),
    booking_loading_port: globalOne('MaritimePort', 'booking_loading_port_id'),
    booking_discharge_port: globalOne('MaritimePort', 'booking_discharge_port_id'),
    booking_loading_airport: globalOne('Airport', 'booking_loading_airport_id'),
    booking_discharge_airport: globalOne('Airport', 'booking_discharge_airport_id'),
  },
  MaritimeTransportShipment: {
    loading_port: globalOne('MaritimePort', 'loading_port_id'),
    discharge_port: globalOne('MaritimePort', 'discharge_port_id'),
    sealine: globalOne('Sealine', 'sealine_id'),
    vessel: globalOne('Vessel', 'vessel_id'),
  },
  AirTransportShipment: {
    airline: globalOne('Airline', 'airline_id'),
    origin_airport: globalOne('Airport', 'origin_airport_id'),
    destination_airport: globalOne('Airport', 'destination_airport_id'),
  },
  HouseAwb: {
    airline: globalOne('Airline', 'airline_id'),
    loading_airport: globalOne('Airport', 'loading_airport_id'),
    unloading_airport: globalOne('Airport', 'unloading_airport_id'),
  },
  ShipmentItem: {
    purchase_order_item: { one: 'PurchaseOrderItem', where: byKey('purchase_order_item_id') },
    sales_order_item: { one: 'SalesOrderItem', where: byKey('sales_order_item_id') },
  },
  NationalRoadTransport: { route: { one: 'Route', where: byKey('route_id') } },
  Trip: {
    driver: { one: 'Driver', where: byKey('driver_id') },
    vehicle: { one: 'Vehicle', where: byKey('vehicle_id') },
    trailer: { one: 'Trailer', where: byKey('trailer_id') },
  },
  TripPhase: { route_point: { one: 'RoutePoint', where: byKey('route_point_id') } },
};

for (const def of [...walk(shipment), ...walk(auditItem)]) assembled(def.name, { table: def.table, fields: { ...nodeSql(def), ...added[def.name] } });
