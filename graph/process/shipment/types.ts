// The foreign trade shipment tree and the process checklist in GraphQL: objects (with the
// values the platform computes) and `<Node>Params` inputs, all derived from
// graph/process/shipment/spec.ts through the node engine. Their enums are in enums.ts, the
// customs document views in customs-documents.ts, what validation adds in validation.ts.
// NOTE: computed fields are added to node types built at run time (graph/process/shipment/engine.ts);
// their Pothos field builders and rows are untyped for that reason.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { mulDecimal, subDecimal, sumDecimals } from '../../decimal.ts';
import { containerDemurrage, wholeDays } from './demurrage.ts';
import { referenceCodes } from '../../reference/countries-currencies.ts';
import { graphqlOnly } from '../../schema-helpers/selection.ts';
import { referenceField } from '../../schema-helpers/reference-field.ts';
import { registerInputs, registerObjects } from './engine.ts';
import { auditItem, shipment } from './spec.ts';
import '../../reference/enums.ts'; // registers MeasurementUnit for catalogue fields
import { CurrencyRef } from '../../reference/country-currency-types.ts';
import { live, ofCompany } from '../../database/records.ts';
import { shipmentEnums } from './enums.ts';
import { declarationsField, licensesField } from './customs-documents.ts';

const currencyField = (t: any, column: string) =>
  t.field({
    type: CurrencyRef,
    nullable: true,
    description: 'The currency (code, name, symbol).',
    select: { [column]: true },
    resolve: async (row: any) => (row[column] ? ((await referenceCodes()).currencies.get(row[column]) ?? null) : null),
  });

/** A global reference row (port, airport, airline, sealine, vessel) behind an `*_id` column: a Prisma relation, joined in the same query. */
const rel = (t: any, name: string, description: string) => t.relation(name, { nullable: true, description });

type ItemAmounts = { quantity: string | null; unitary_amount: string | null; total_amount: string | null };
const lineTotal = (i: ItemAmounts) => i.total_amount ?? (i.quantity && i.unitary_amount ? mulDecimal(i.quantity, i.unitary_amount) : null);

registerObjects(shipment, {
  ForeignTradeShipment: (t) => ({
    process: t.relation('parent', { ...graphqlOnly, description: 'The process of the shipment (GraphQL only).' }),
    route: t.prismaField(referenceField('route_id', 'Route', 'The route (route_id)', live)),
    eta_changed_at: t.expose('eta_changed_at', {
      ...graphqlOnly,
      type: 'DateTime',
      nullable: true,
      description: 'When `eta` last changed from one value to another, whoever changed it: you, automatic tracking or an import; null until it first changes (creating the shipment with an ETA, or sending the ETA it has, is no change). `eta_changes` says what moved (GraphQL only).',
    }),
    eta_source: t.expose('eta_source', {
      type: shipmentEnums.EtaSource,
      nullable: true,
      description:
        "Where `eta` comes from, by the precedence rule: CARRIER_ACTUAL or CARRIER_ESTIMATED (the carrier's ACT or EST arrival), TRACKING (the followed vessel's AIS voyage) or SENT (by you); null without an ETA.",
    }),
    declarations: declarationsField(t),
    licenses: licensesField(t),
    days_in_warehouse: t.int({
      nullable: true,
      description: 'Days from received_in_warehouse_at to departed_from_warehouse_at (or to now while in the warehouse). Computed.',
      select: { received_in_warehouse_at: true, departed_from_warehouse_at: true },
      resolve: (s: any) => (s.received_in_warehouse_at ? Math.max(0, wholeDays(s.received_in_warehouse_at, s.departed_from_warehouse_at ?? new Date())) : null),
    }),
    days_left_in_warehouse: t.int({
      nullable: true,
      description: 'warehouse_free_time_days minus days_in_warehouse; negative when overdue. Computed.',
      select: { received_in_warehouse_at: true, departed_from_warehouse_at: true, warehouse_free_time_days: true },
      resolve: (s: any) =>
        s.received_in_warehouse_at && s.warehouse_free_time_days != null
          ? s.warehouse_free_time_days - Math.max(0, wholeDays(s.received_in_warehouse_at, s.departed_from_warehouse_at ?? new Date()))
          : null,
    }),
  }),
  Demurrage: (t) => ({
    total_demurrage_costs: t.field({
      type: 'Decimal',
      description: 'Sum over the containers of max(0, days in use - free_time) x daily_rate_usd, in USD. Computed.',
      select: {
        free_time: true,
        daily_rate_usd: true,
        parent: { select: { ata: true, transportables: { select: { container: { select: { demurrage_free_time_start_at: true, actual_return_empty_container_at: true } } } } } },
      },
      resolve: (d: any) => {
        const costs = d.parent.transportables
          .filter((x: any) => x.container)
          .map((x: any) => containerDemurrage(x.container.demurrage_free_time_start_at ?? d.parent.ata, x.container.actual_return_empty_container_at, d)!.cost);
        return sumDecimals(costs) ?? mulDecimal('0', d.daily_rate_usd);
      },
    }),
  }),
  Container: (t) => {
    const select = {
      demurrage_free_time_start_at: true,
      actual_return_empty_container_at: true,
      parent: { select: { parent: { select: { ata: true, demurrage: { select: { free_time: true, daily_rate_usd: true } } } } } },
    };
    const of = (c: any) => containerDemurrage(c.demurrage_free_time_start_at ?? c.parent.parent.ata, c.actual_return_empty_container_at, c.parent.parent.demurrage);
    return {
      transportable: t.relation('parent', { ...graphqlOnly, description: 'What carries the container, and through `shipment` its shipment and process (GraphQL only).' }),
      free_time_ends_at: t.expose('free_time_ends_at', {
        type: 'DateTime',
        nullable: true,
        description:
          "When the demurrage free time ends: the free-time start (or the shipment's `ata`) plus the shipment's demurrage `free_time` days; null without terms or a start. Computed, and kept with the container so that the containers list filters and sorts by it.",
      }),
      demurrage_exceeding_days: t.int({ nullable: true, description: 'Days in use beyond the demurrage free time. Computed.', select, resolve: (c: any) => of(c)?.exceeding ?? null }),
      demurrage_costs: t.field({ type: 'Decimal', nullable: true, description: 'Demurrage of this container, in USD (the rate `daily_rate_usd`). Computed.', select, resolve: (c: any) => of(c)?.cost ?? null }),
    };
  },
  Transportable: (t) => ({ shipment: t.relation('parent', { ...graphqlOnly, description: 'The shipment, and through it the process (GraphQL only).' }) }),
  InvoiceItem: (t) => ({ invoice: t.relation('parent', { ...graphqlOnly, description: 'The invoice of the line (GraphQL only).' }) }),
  Invoice: (t) => {
    const select = { discount: true, items: { select: { quantity: true, unitary_amount: true, total_amount: true } } };
    const total = (inv: any) => sumDecimals(inv.items.map(lineTotal).filter((x: string | null): x is string => x !== null));
    return {
      shipment: t.relation('parent', { ...graphqlOnly, description: 'The shipment of the invoice, and through it the process (GraphQL only).' }),
      currency: currencyField(t, 'currency_code'),
      total_amount: t.field({ type: 'Decimal', nullable: true, description: 'Sum of the item totals, in the currency of the invoice. Computed.', select, resolve: total }),
      final_value: t.field({
        type: 'Decimal',
        nullable: true,
        description: 'total_amount minus discount, in the currency of the invoice. Computed.',
        select,
        resolve: (inv: any) => {
          const sum = total(inv);
          return sum && inv.discount ? subDecimal(sum, inv.discount) : sum;
        },
      }),
    };
  },
  InternationalFreight: (t) => ({
    currency: currencyField(t, 'currency_code'),
    sealine: rel(t, 'sealine', 'The booked sealine (sealine_id).'),
    vessel: rel(t, 'vessel', 'The booked vessel (vessel_id).'),
    booking_loading_port: rel(t, 'booking_loading_port', 'The booked loading port (booking_loading_port_id).'),
    booking_discharge_port: rel(t, 'booking_discharge_port', 'The booked discharge port (booking_discharge_port_id).'),
    booking_loading_airport: rel(t, 'booking_loading_airport', 'The booked loading airport (booking_loading_airport_id).'),
    booking_discharge_airport: rel(t, 'booking_discharge_airport', 'The booked discharge airport (booking_discharge_airport_id).'),
  }),
  MaritimeTransportShipment: (t) => ({
    shipment: t.relation('parent', { ...graphqlOnly, description: 'The shipment, and through it the process (GraphQL only).' }),
    loading_port: rel(t, 'loading_port', 'The loading port (loading_port_id).'),
    discharge_port: rel(t, 'discharge_port', 'The discharge port (discharge_port_id).'),
    sealine: rel(t, 'sealine', 'The sealine (sealine_id).'),
    vessel: rel(t, 'vessel', 'The vessel (vessel_id).'),
  }),
  AirTransportShipment: (t) => ({
    airline: rel(t, 'airline', 'The airline (airline_id).'),
    origin_airport: rel(t, 'origin_airport', 'The origin airport (origin_airport_id).'),
    destination_airport: rel(t, 'destination_airport', 'The destination airport (destination_airport_id).'),
  }),
  HouseAwb: (t) => ({
    airline: rel(t, 'airline', 'The airline (airline_id).'),
    loading_airport: rel(t, 'loading_airport', 'The loading airport (loading_airport_id).'),
    unloading_airport: rel(t, 'unloading_airport', 'The unloading airport (unloading_airport_id).'),
  }),
  ShipmentItem: (t) => ({
    purchase_order_item: t.relation('purchase_order_item', { nullable: true, description: 'The purchase order item shipped (with its balance).' }),
    sales_order_item: t.relation('sales_order_item', { nullable: true, description: 'The sales order item shipped (with its balance).' }),
  }),
  NationalRoadTransport: (t) => ({
    route: t.relation('route', { description: 'The route.' }),
    national_road_carrier: t.prismaField(referenceField('national_road_carrier_id', 'Actor', 'The road carrier (national_road_carrier_id)', ofCompany)),
  }),
  ParcelShipment: (t) => ({ courier: t.prismaField(referenceField('courier_id', 'Actor', 'The courier (courier_id)', ofCompany)) }),
  Trip: (t) => ({
    driver: t.relation('driver', { nullable: true, description: 'The driver (driver_id).' }),
    vehicle: t.relation('vehicle', { nullable: true, description: 'The vehicle (vehicle_id).' }),
    trailer: t.relation('trailer', { nullable: true, description: 'The trailer (trailer_id).' }),
  }),
  TripPhase: (t) => ({ route_point: t.relation('route_point', { description: 'The route point (id, position, route_type).' }) }),
});
registerObjects(auditItem);

export const ShipmentParams = registerInputs(shipment, {
  ShipmentItem: (t) => ({
    order_reference_code: t.string({
      description: 'Reference code of the linked order whose line `line_reference` names: needed only when several linked orders have a line of that reference.',
    }),
  }),
});
export const AuditItemParams = registerInputs(auditItem);

