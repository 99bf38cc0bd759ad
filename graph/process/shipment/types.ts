// The foreign trade shipment tree and the process checklist in GraphQL: enums, objects
// (with the values the platform computes) and `<Node>Params` inputs, all derived from
// graph/process/shipment/spec.ts through the node engine.
// NOTE: computed fields are added to node types built at run time (graph/process/shipment/engine.ts);
// their Pothos field builders and rows are untyped for that reason.
/* eslint-disable @typescript-eslint/no-explicit-any */
import * as Enums from '../../../prisma/generated/client/enums.ts';
import { builder } from '../../builder.ts';
import { fieldMessages } from '../../errors.ts';
import { mulDecimal, subDecimal, sumDecimals } from '../../decimal.ts';
import { containerDemurrage, wholeDays } from './demurrage.ts';
import { referenceCodes } from '../../reference/countries-currencies.ts';
import { registerEnum } from '../../kit/fields.ts';
import { graphqlOnly } from '../../kit/selection.ts';
import { referenceField } from '../../kit/reference-field.ts';
import { registerInputs, registerObjects, type NodeHooks } from './engine.ts';
import { auditItem, shipment } from './spec.ts';
import '../../reference/enums.ts'; // registers MeasurementUnit for catalogue fields
import { CurrencyRef } from '../../reference/country-currency-types.ts';
import { live, ofCompany } from '../../kit/records.ts';

const enumDescriptions: Record<string, string> = {
  ShipmentType: 'Main transport mode of the shipment.',
  StatusResponse: 'Result of a tracking or customs lookup.',
  EtaSource: 'Where a shipment\'s ETA comes from.',
  AuthorizationStatus: 'Authorization status (CE Mercante, customs document entries).',
  ContainerType: 'Container type.',
  ContainerSizeFootType: 'Container size.',
  LoadType: 'Kind of load.',
  TransportableType: 'Container or loose cargo.',
  FreightType: 'How the international freight was contracted.',
  TransportModalType: 'Mode of an international transport leg.',
  MaritimeShipmentType: 'Kind of sea shipment.',
  TrackingKey: 'Reference a sea shipment is tracked by.',
  AirShipmentType: 'Kind of air shipment.',
  RoadShipmentType: 'Kind of international road shipment.',
  RoadTransportType: 'Kind of national road transport.',
  TransportFeature: 'Special feature of a road transport.',
  Incoterm: 'Incoterms 2020 rule.',
  ImportChannel: 'Customs channel of an import declaration.',
  ExportChannel: 'Customs channel of an export declaration.',
  ImportDeclarationStatus: 'Status of an import declaration.',
  DuimpStatus: 'Status of a DUIMP.',
  ImportLicenseStatus: 'Status of an import licence.',
  ExportDeclarationStatus: 'Status of an export declaration.',
  ShowObservationsWhen: 'When the observations of a checklist item are shown.',
};

const shipmentEnums = Object.fromEntries(
  Object.entries(enumDescriptions).map(([name, description]) => [name, builder.enumType((Enums as Record<string, any>)[name], { name, description })]),
);
for (const [name, ref] of Object.entries(shipmentEnums)) registerEnum(name, ref);
export const IncotermEnum = shipmentEnums.Incoterm;
export const EtaSourceEnum = shipmentEnums.EtaSource;

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

/** One customs document of a shipment in the `declarations` and `licenses` read views. */
interface CustomsDocumentEntry {
  kind: string;
  id: number;
  link_id: number;
  link_status: string | null;
  number: string | null;
  status: string | null;
  channel: string | null;
  status_response: string | null;
  registered_at: Date | null;
  customs_cleared_at: Date | null;
  approved_at: Date | null;
  last_updated_at: Date | null;
}

const CustomsDocumentKindEnum = builder.enumType('CustomsDocumentKind', {
  description: 'Kind of customs document in the `declarations` and `licenses` views.',
  values: {
    IMPORT_DECLARATION: { description: 'Import declaration (DI), from shipment_import_declarations.' },
    DUIMP: { description: 'DUIMP, from shipment_duimps.' },
    EXPORT_DECLARATION: { description: 'Export declaration (DU-E), from shipment_export_declarations.' },
    IMPORT_LICENSE: { description: 'Import licence (LI), from shipment_import_licenses.' },
  } as const,
});

const CustomsDocumentRef = builder.objectRef<CustomsDocumentEntry>('CustomsDocument').implement({
  description:
    'A customs declaration or licence of the shipment, whatever its kind, with the fields every kind shares. Read only: the documents are written through their own lists (shipment_import_declarations, shipment_duimps, shipment_export_declarations, shipment_import_licenses).',
  fields: (t) => ({
    kind: t.field({ type: CustomsDocumentKindEnum, description: 'Which list the document comes from.', resolve: (d) => d.kind as never }),
    id: t.exposeInt('id', { description: 'Id of the declaration or licence itself.' }),
    link_id: t.exposeInt('link_id', { description: 'Id of the entry that links it to the shipment (the wrapper).' }),
    link_status: t.exposeString('link_status', { nullable: true, description: 'Authorization status of that entry (AUTHORIZED, FORBIDDEN, NOT_AUTHORIZED, PENDING).' }),
    number: t.exposeString('number', { nullable: true, description: 'Document number.' }),
    status: t.exposeString('status', { nullable: true, description: 'Customs status, from the value set of its kind.' }),
    channel: t.exposeString('channel', { nullable: true, description: 'Customs channel (declarations only).' }),
    status_response: t.exposeString('status_response', { nullable: true, description: 'Result of the last lookup.' }),
    registered_at: t.expose('registered_at', { type: 'DateTime', nullable: true, description: 'Registration.' }),
    customs_cleared_at: t.expose('customs_cleared_at', { type: 'DateTime', nullable: true, description: 'Customs clearance (declarations only).' }),
    approved_at: t.expose('approved_at', { type: 'DateTime', nullable: true, description: 'Approval (licences only).' }),
    last_updated_at: t.expose('last_updated_at', { type: 'DateTime', nullable: true, description: 'Last update at customs.' }),
  }),
});

const docColumns = { id: true, number: true, status: true, status_response: true, registered_at: true, last_updated_at: true } as const;
const declarationColumns = { ...docColumns, channel: true, customs_cleared_at: true } as const;
const linkOf = (doc: string, columns: object) => ({ orderBy: { id: 'asc' as const }, select: { id: true, status: true, [doc]: { select: columns } } });

/** Flattens one wrapper list into view entries (a wrapper without its document is left out). */
function entries(kind: string, links: any[], doc: string): CustomsDocumentEntry[] {
  return links
    .filter((l) => l[doc])
    .map((l) => {
      const d = l[doc];
      return {
        kind,
        id: d.id,
        link_id: l.id,
        link_status: l.status ?? null,
        number: d.number ?? null,
        status: d.status ?? null,
        channel: d.channel ?? null,
        status_response: d.status_response ?? null,
        registered_at: d.registered_at ?? null,
        customs_cleared_at: d.customs_cleared_at ?? null,
        approved_at: d.approved_at ?? null,
        last_updated_at: d.last_updated_at ?? null,
      };
    });
}

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
    declarations: t.field({
      type: [CustomsDocumentRef],
      description:
        'Every customs declaration of the shipment in one list: import declarations, then DUIMPs, then export declarations, each in the order they were linked. Read only.',
      select: {
        shipment_import_declarations: linkOf('import_declaration', declarationColumns),
        shipment_duimps: linkOf('duimp', declarationColumns),
        shipment_export_declarations: linkOf('export_declaration', declarationColumns),
      },
      resolve: (s: any) => [
        ...entries('IMPORT_DECLARATION', s.shipment_import_declarations, 'import_declaration'),
        ...entries('DUIMP', s.shipment_duimps, 'duimp'),
        ...entries('EXPORT_DECLARATION', s.shipment_export_declarations, 'export_declaration'),
      ],
    }),
    licenses: t.field({
      type: [CustomsDocumentRef],
      description: 'Every licence of the shipment (import licences), in the order they were linked. Read only.',
      select: { shipment_import_licenses: linkOf('import_license', { ...docColumns, approved_at: true }) },
      resolve: (s: any) => entries('IMPORT_LICENSE', s.shipment_import_licenses, 'import_license'),
    }),
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

/** References of shipment fields to rows of other areas, by field name. */
export const refFields: Record<string, string> = {
  currency_code: 'currency',
  freight_currency_code: 'currency',
  origin_country_code: 'country',
  destination_country_code: 'country',
  route_id: 'route',
  // route_point_id: checked against the route of its transport (hook NationalRoadTransport below).
  loading_port_id: 'maritimePort',
  discharge_port_id: 'maritimePort',
  booking_loading_port_id: 'maritimePort',
  booking_discharge_port_id: 'maritimePort',
  origin_airport_id: 'airport',
  destination_airport_id: 'airport',
  loading_airport_id: 'airport',
  unloading_airport_id: 'airport',
  booking_loading_airport_id: 'airport',
  booking_discharge_airport_id: 'airport',
  airline_id: 'airline',
  sealine_id: 'sealine',
  vessel_id: 'vessel',
  national_road_carrier_id: 'actor',
  driver_id: 'driver',
  vehicle_id: 'vehicle',
  trailer_id: 'trailer',
  courier_id: 'actor',
  // purchase_order_item_id, sales_order_item_id and line_reference: checked against the orders
  // linked to the process (graph/process/shipment/order-lines.ts).
};

/** Fills in what can be inferred before validation. */
export const shipmentHooks: NodeHooks = {
  // A trip carries transportables of its own shipment: stored ones the write keeps.
  ForeignTradeShipment: (p, prefix, errors, existing) => {
    const sent = p.transportables as Record<string, unknown>[] | null | undefined;
    const stored = ((existing?.transportables as { id: number }[] | undefined) ?? []).map((t) => t.id);
    const kept = new Set(sent === undefined ? stored : (sent ?? []).map((t) => t?.id).filter((id): id is number => typeof id === 'number'));
    ((p.national_road_transports as Record<string, unknown>[] | null | undefined) ?? []).forEach((transport, i) =>
      ((transport?.trips as Record<string, unknown>[] | null | undefined) ?? []).forEach((trip, k) =>
        ((trip?.transportable_ids as unknown[] | null | undefined) ?? []).forEach((id, n) => {
          if (!kept.has(id as number)) errors.add(`${prefix}national_road_transports.${i}.trips.${k}.transportable_ids.${n}`, fieldMessages.missing);
        }),
      ),
    );
  },
  // A phase's route point must be a point of the route of its transport: the route sent, or the stored one.
  NationalRoadTransport: (p, prefix, _errors, existing, refs) => {
    const route = { id: typeof p.route_id === 'number' ? p.route_id : null, transportId: p.route_id == null && existing ? existing.id : null };
    // A new route for a stored transport: the stored phases it keeps must be on that route too.
    // Kept: every trip's phases when `trips` is left out; a trip sent by id without `phases` keeps its own.
    if (existing && typeof p.route_id === 'number') {
      const trips = p.trips as Record<string, unknown>[] | null | undefined;
      const tripIds = trips === undefined ? null : (trips ?? []).filter((t) => typeof t?.id === 'number' && t.phases === undefined).map((t) => t.id as number);
      if (tripIds === null || tripIds.length) refs.push({ kind: 'keptPhases', id: p.route_id, name: `${prefix}route_id`, keptPhases: { transportId: existing.id, tripIds } });
    }
    ((p.trips as Record<string, unknown>[] | null | undefined) ?? []).forEach((trip, i) =>
      ((trip?.phases as Record<string, unknown>[] | null | undefined) ?? []).forEach((phase, k) => {
        if (typeof phase?.route_point_id === 'number') refs.push({ kind: 'routePoint', id: phase.route_point_id, name: `${prefix}trips.${i}.phases.${k}.route_point_id`, route });
      }),
    );
  },
  Transportable: (p, prefix, errors, existing) => {
    if (p.type == null && p.container != null) p.type = 'CONTAINER';
    else if (p.type == null && p.cargo != null) p.type = 'CARGO';
    // A new container or cargo entry needs its object (and so its required fields).
    if (!existing && p.type === 'CONTAINER' && p.container == null) errors.add(`${prefix}container.code`, fieldMessages.blank);
    if (!existing && p.type === 'CARGO' && p.cargo == null) {
      errors.add(`${prefix}cargo.quantity`, fieldMessages.blank);
      errors.add(`${prefix}cargo.measurement_unit`, fieldMessages.blank);
    }
  },
};
