// The foreign trade shipment tree and the process checklist in GraphQL: the values the
// platform computes and the links to other areas, added to the node objects (objects.ts, written
// from graph/process/shipment/spec.ts), and the `<Node>Params` inputs derived from the same
// declarations through the node engine. Their enums are in enums.ts, the customs document views
// in customs-documents.ts, what validation adds in validation.ts.
import { mulDecimal, subDecimal, sumDecimals } from '../../decimal.ts';
import { containerDemurrage, wholeDays } from './demurrage.ts';
import { referenceCodes } from '../../reference/countries-currencies.ts';
import { graphqlOnly } from '../../schema-helpers/selection.ts';
import { referenceField } from '../../schema-helpers/reference-field.ts';
import { registerInputs } from './engine.ts';
import { auditItem, shipment } from './spec.ts';
import '../../reference/enums.ts'; // registers MeasurementUnit for catalogue fields
import { CurrencyRef } from '../../reference/country-currency-types.ts';
import { live, ofCompany } from '../../database/records.ts';
import { shipmentEnums } from './enums.ts';
import { declarationsField, licensesField } from './customs-documents.ts';
import { builder } from '../../builder.ts';
import './objects.ts';

/** The currency (code, name, symbol) of a `currency_code` column. */
const currencyOf = async (code: string | null) => (code ? ((await referenceCodes()).currencies.get(code) ?? null) : null);
const currencyDescription = 'The currency (code, name, symbol).';

type ItemAmounts = { quantity: string | null; unitary_amount: string | null; total_amount: string | null };
const lineTotal = (i: ItemAmounts) => i.total_amount ?? (i.quantity && i.unitary_amount ? mulDecimal(i.quantity, i.unitary_amount) : null);

/** Days from `from` to `to` (or to now), never negative. */
const daysBetween = (from: Date, to: Date | null) => Math.max(0, wholeDays(from, to ?? new Date()));

// The global reference rows (port, airport, airline, sealine, vessel) behind `*_id` columns are
// Prisma relations, joined in the same query.
builder.prismaObjectFields('ForeignTradeShipment', (t) => ({
  process: t.relation('parent', { ...graphqlOnly, description: 'The process of the shipment (GraphQL only).' }),
  route: referenceField(t, 'route_id', 'Route', 'The route (route_id)', live),
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
    resolve: (s) => (s.received_in_warehouse_at ? daysBetween(s.received_in_warehouse_at, s.departed_from_warehouse_at) : null),
  }),
  days_left_in_warehouse: t.int({
    nullable: true,
    description: 'warehouse_free_time_days minus days_in_warehouse; negative when overdue. Computed.',
    select: { received_in_warehouse_at: true, departed_from_warehouse_at: true, warehouse_free_time_days: true },
    resolve: (s) =>
      s.received_in_warehouse_at && s.warehouse_free_time_days != null
        ? s.warehouse_free_time_days - daysBetween(s.received_in_warehouse_at, s.departed_from_warehouse_at)
        : null,
  }),
}));

builder.prismaObjectFields('Demurrage', (t) => ({
  total_demurrage_costs: t.field({
    type: 'Decimal',
    description: 'Sum over the containers of max(0, days in use - free_time) x daily_rate_usd, in USD. Computed.',
    select: {
      free_time: true,
      daily_rate_usd: true,
      parent: { select: { ata: true, transportables: { select: { container: { select: { demurrage_free_time_start_at: true, actual_return_empty_container_at: true } } } } } },
    },
    resolve: (d) => {
      const costs = d.parent.transportables.flatMap(({ container: c }) =>
        c ? [containerDemurrage(c.demurrage_free_time_start_at ?? d.parent.ata, c.actual_return_empty_container_at, d)!.cost] : [],
      );
      return sumDecimals(costs) ?? mulDecimal('0', d.daily_rate_usd);
    },
  }),
}));

builder.prismaObjectFields('Container', (t) => {
  const select = {
    demurrage_free_time_start_at: true,
    actual_return_empty_container_at: true,
    parent: { select: { parent: { select: { ata: true, demurrage: { select: { free_time: true, daily_rate_usd: true } } } } } },
  } as const;
  type Selected = {
    demurrage_free_time_start_at: Date | null;
    actual_return_empty_container_at: Date | null;
    parent: { parent: { ata: Date | null; demurrage: { free_time: number; daily_rate_usd: string } | null } };
  };
  const of = (c: Selected) => containerDemurrage(c.demurrage_free_time_start_at ?? c.parent.parent.ata, c.actual_return_empty_container_at, c.parent.parent.demurrage);
  return {
    transportable: t.relation('parent', { ...graphqlOnly, description: 'What carries the container, and through `shipment` its shipment and process (GraphQL only).' }),
    free_time_ends_at: t.expose('free_time_ends_at', {
      type: 'DateTime',
      nullable: true,
      description:
        "When the demurrage free time ends: the free-time start (or the shipment's `ata`) plus the shipment's demurrage `free_time` days; null without terms or a start. Computed, and kept with the container so that the containers list filters and sorts by it.",
    }),
    demurrage_exceeding_days: t.int({ nullable: true, description: 'Days in use beyond the demurrage free time. Computed.', select, resolve: (c) => of(c)?.exceeding ?? null }),
    demurrage_costs: t.field({ type: 'Decimal', nullable: true, description: 'Demurrage of this container, in USD (the rate `daily_rate_usd`). Computed.', select, resolve: (c) => of(c)?.cost ?? null }),
  };
});

builder.prismaObjectFields('Transportable', (t) => ({
  shipment: t.relation('parent', { ...graphqlOnly, description: 'The shipment, and through it the process (GraphQL only).' }),
}));

builder.prismaObjectFields('InvoiceItem', (t) => ({
  invoice: t.relation('parent', { ...graphqlOnly, description: 'The invoice of the line (GraphQL only).' }),
}));

builder.prismaObjectFields('Invoice', (t) => {
  const select = { discount: true, items: { select: { quantity: true, unitary_amount: true, total_amount: true } } } as const;
  const total = (inv: { items: ItemAmounts[] }) => sumDecimals(inv.items.map(lineTotal).filter((x): x is string => x !== null));
  return {
    shipment: t.relation('parent', { ...graphqlOnly, description: 'The shipment of the invoice, and through it the process (GraphQL only).' }),
    currency: t.field({ type: CurrencyRef, nullable: true, description: currencyDescription, select: { currency_code: true }, resolve: (row) => currencyOf(row.currency_code) }),
    total_amount: t.field({ type: 'Decimal', nullable: true, description: 'Sum of the item totals, in the currency of the invoice. Computed.', select, resolve: total }),
    final_value: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'total_amount minus discount, in the currency of the invoice. Computed.',
      select,
      resolve: (inv) => {
        const sum = total(inv);
        return sum && inv.discount ? subDecimal(sum, inv.discount) : sum;
      },
    }),
  };
});

builder.prismaObjectFields('InternationalFreight', (t) => ({
  currency: t.field({ type: CurrencyRef, nullable: true, description: currencyDescription, select: { currency_code: true }, resolve: (row) => currencyOf(row.currency_code) }),
  sealine: t.relation('sealine', { nullable: true, description: 'The booked sealine (sealine_id).' }),
  vessel: t.relation('vessel', { nullable: true, description: 'The booked vessel (vessel_id).' }),
  booking_loading_port: t.relation('booking_loading_port', { nullable: true, description: 'The booked loading port (booking_loading_port_id).' }),
  booking_discharge_port: t.relation('booking_discharge_port', { nullable: true, description: 'The booked discharge port (booking_discharge_port_id).' }),
  booking_loading_airport: t.relation('booking_loading_airport', { nullable: true, description: 'The booked loading airport (booking_loading_airport_id).' }),
  booking_discharge_airport: t.relation('booking_discharge_airport', { nullable: true, description: 'The booked discharge airport (booking_discharge_airport_id).' }),
}));

builder.prismaObjectFields('MaritimeTransportShipment', (t) => ({
  shipment: t.relation('parent', { ...graphqlOnly, description: 'The shipment, and through it the process (GraphQL only).' }),
  loading_port: t.relation('loading_port', { nullable: true, description: 'The loading port (loading_port_id).' }),
  discharge_port: t.relation('discharge_port', { nullable: true, description: 'The discharge port (discharge_port_id).' }),
  sealine: t.relation('sealine', { nullable: true, description: 'The sealine (sealine_id).' }),
  vessel: t.relation('vessel', { nullable: true, description: 'The vessel (vessel_id).' }),
}));

builder.prismaObjectFields('AirTransportShipment', (t) => ({
  airline: t.relation('airline', { nullable: true, description: 'The airline (airline_id).' }),
  origin_airport: t.relation('origin_airport', { nullable: true, description: 'The origin airport (origin_airport_id).' }),
  destination_airport: t.relation('destination_airport', { nullable: true, description: 'The destination airport (destination_airport_id).' }),
}));

builder.prismaObjectFields('HouseAwb', (t) => ({
  airline: t.relation('airline', { nullable: true, description: 'The airline (airline_id).' }),
  loading_airport: t.relation('loading_airport', { nullable: true, description: 'The loading airport (loading_airport_id).' }),
  unloading_airport: t.relation('unloading_airport', { nullable: true, description: 'The unloading airport (unloading_airport_id).' }),
}));

builder.prismaObjectFields('ShipmentItem', (t) => ({
  purchase_order_item: t.relation('purchase_order_item', { nullable: true, description: 'The purchase order item shipped (with its balance).' }),
  sales_order_item: t.relation('sales_order_item', { nullable: true, description: 'The sales order item shipped (with its balance).' }),
}));

builder.prismaObjectFields('NationalRoadTransport', (t) => ({
  route: t.relation('route', { description: 'The route.' }),
  national_road_carrier: referenceField(t, 'national_road_carrier_id', 'Actor', 'The road carrier (national_road_carrier_id)', ofCompany),
}));

builder.prismaObjectFields('ParcelShipment', (t) => ({
  courier: referenceField(t, 'courier_id', 'Actor', 'The courier (courier_id)', ofCompany),
}));

builder.prismaObjectFields('Trip', (t) => ({
  driver: t.relation('driver', { nullable: true, description: 'The driver (driver_id).' }),
  vehicle: t.relation('vehicle', { nullable: true, description: 'The vehicle (vehicle_id).' }),
  trailer: t.relation('trailer', { nullable: true, description: 'The trailer (trailer_id).' }),
}));

builder.prismaObjectFields('TripPhase', (t) => ({
  route_point: t.relation('route_point', { description: 'The route point (id, position, route_type).' }),
}));

export const ShipmentParams = registerInputs(shipment, {
  ShipmentItem: (t) => ({
    order_reference_code: t.string({
      description: 'Reference code of the linked order whose line `line_reference` names: needed only when several linked orders have a line of that reference.',
    }),
  }),
});
export const AuditItemParams = registerInputs(auditItem);

