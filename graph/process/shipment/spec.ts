// The foreign trade shipment of a process (docs/processes/foreign_trade_shipment.md), node by
// node. Names are the public contract's; prisma/schema/shipment.prisma and customs.prisma
// hold the same tables. Computed fields (demurrage totals, warehouse days, invoice totals,
// currencies) are added in graph/process/shipment/types.ts.
import { enumField, field, requiredField, type FieldDef } from '../../kit/fields.ts';
import type { TextFormatName } from '../../kit/text-formats.ts';
import { node } from './nodes.ts';

const dt = (desc: string): FieldDef => field('datetime', desc);
const dec = (desc: string): FieldDef => field('decimal', desc);
const str = (desc: string): FieldDef => field('text', desc);
const int = (desc: string): FieldDef => field('int', desc);
/** An id of reference data, also taken by its natural code (graph/kit/fields.ts, `code`). */
const byCode = (kind: string, format: TextFormatName) => (desc: string): FieldDef => field('int', `${desc} By id; or send the code instead.`, { code: { kind, format } });
const port = byCode('maritimePort', 'unlocode');
const airport = byCode('airport', 'airport');
const airline = byCode('airline', 'airline');
const sealine = byCode('sealine', 'scac');
const statusResponse = enumField('StatusResponse', 'Result of the last lookup: PENDING (default), NOT_FOUND, FOUND or INVALID.', { default: 'PENDING' });
const extra = field('json', 'Free-form extra data (a JSON object).');
const dates = (what: string) => ({
  etd: dt(`Estimated time of departure of the ${what}.`),
  eta: dt(`Estimated time of arrival of the ${what}.`),
  atd: dt(`Actual time of departure of the ${what}.`),
  ata: dt(`Actual time of arrival of the ${what}.`),
});

export const shipmentItem = node('ShipmentItem', 'shipment_items', 'An order item (or part of it) travelling on the shipment.', 'shipment_id', false, {
  quantity: dec('Quantity on this shipment, in the units of the order line\'s `quantity`; it lowers the order item balance.'),
  unit_value: dec('Value of one unit, in the currency of the order line.'),
  total_value: dec('Value of the quantity shipped, in the currency of the order line.'),
  brazilian_invoice_unit_value: dec('Value of one unit on the Brazilian invoice, in BRL.'),
  net_weight_kg: dec('Net weight in kg.'),
  gross_weight_kg: dec('Gross weight in kg.'),
  cubage_cubic_meters: dec('Volume in cubic meters.'),
  purchase_order_item_id: int('The purchase order item shipped.'),
  sales_order_item_id: int('The sales order item shipped.'),
  line_reference: str('Line reference of the order item.'),
});

export const invoiceItem = node('InvoiceItem', 'invoice_items', 'A line of a commercial invoice.', 'invoice_id', false, {
  product_sku: requiredField('text', 'Product code (SKU).'),
  product_description: str('Product description.'),
  quantity: requiredField('decimal', 'Invoiced quantity, in the units of the invoice line.'),
  shipment_quantity: requiredField('decimal', 'Quantity on this shipment, in the units of `quantity`.'),
  unitary_amount: dec('Price of one unit, in the currency of the invoice (`currency_code`).'),
  total_amount: dec('Line total, in the currency of the invoice; when left out, quantity x unitary_amount counts toward the invoice total.'),
  batch_number: str('Batch number.'),
  batch_validity_date: dt('Batch validity date.'),
  production_date: dt('Production date.'),
  order_reference_code: str('Reference code of the order of this line.'),
  order_item_line_reference: str('Line reference of the order item.'),
  total_gross_weight_kg: dec('Gross weight of the line in kg.'),
});

export const invoice = node('Invoice', 'invoices', 'A commercial invoice of the shipment.', 'shipment_id', false, {
  number: requiredField('text', 'Invoice number.'),
  emitted_at: requiredField('datetime', 'Issue date.'),
  incoterm: { ...enumField('Incoterm', 'Incoterm of the sale.'), required: true },
  currency_code: str('ISO 4217 currency code of the amounts; read back as `currency`.'),
  discount: dec('Discount on the invoice total, in the currency of the invoice (`currency_code`).'),
}, { items: invoiceItem });
// Invoice creation requires its items.
invoice.requiredLists = ['items'];

export const containerEvent = node('ContainerEvent', 'container_events', 'A tracking event of a container.', 'container_id', false, {
  datetime: dt('When it happened (or is expected).'),
  estimated: field('bool', 'Whether the event is an estimate.'),
  place: str('Where.'),
  status: str('What happened, e.g. GATE_OUT, LOADED, DISCHARGED.'),
  transport: str('Means of transport, e.g. the vessel.'),
  voyage: str('Voyage.'),
});

export const container = node('Container', 'containers', 'A container.', 'transportable_id', true, {
  code: { ...requiredField('text', 'Container number (ISO 6346), e.g. MSCU1234565.'), format: 'container' },
  type: enumField('ContainerType', 'Container type.'),
  size_foot_type: enumField('ContainerSizeFootType', 'Container size.'),
  load_type: enumField('LoadType', 'What the container carries.'),
  cubic_meters: dec('Volume in cubic meters.'),
  gross_weight_kg: dec('Gross weight in kg.'),
  tare_weight_kg: dec('Tare weight in kg.'),
  max_weight_kg: dec('Maximum weight in kg.'),
  seal_code: str('Seal.'),
  secondary_seal_code: str('Second seal.'),
  invoice_number: str('Invoice number of the cargo.'),
  observations: str('Observations.'),
  is_stackable: field('bool', 'Whether the container can be stacked.'),
  hidden: field('bool', 'Hidden from tracking views (default false).', { default: false }),
  tracking_api: str('Tracking provider used for this container.'),
  tracking_manual: field('bool', 'Whether the container is tracked by hand (default true).', { default: true }),
  demurrage_free_time_start_at: dt('When the demurrage free time starts counting; the shipment ATA when left out.'),
  demurrage_reference_date: dt('Reference date of the demurrage.'),
  demurrage_empty_return_deadline: dt('Deadline to return the empty container.'),
  estimated_return_empty_container_at: dt('Estimated return of the empty container.'),
  actual_return_empty_container_at: dt('Actual return of the empty container; demurrage stops counting then.'),
}, { events: containerEvent });

export const cargo = node('Cargo', 'cargos', 'Loose cargo.', 'transportable_id', true, {
  quantity: requiredField('decimal', 'Quantity in the measurement unit.'),
  measurement_unit: { ...enumField('MeasurementUnit', 'Unit of the quantity.'), required: true },
  weight_kg: dec('Weight in kg.'),
  volume_cubic_meters: dec('Volume in cubic meters.'),
  cubic_weight: dec('Cubic (volumetric) weight, in kg.'),
  dimensions: str('Dimensions, free text (e.g. 120x100x150 cm).'),
});

export const transportable = node('Transportable', 'transportables', 'What physically travels: a container or loose cargo.', 'shipment_id', false, {
  type: { ...enumField('TransportableType', 'CONTAINER or CARGO.'), required: true },
}, { container, cargo });

export const demurrage = node('Demurrage', 'demurrages', 'Demurrage terms of the containers.', 'shipment_id', true, {
  free_time: requiredField('int', 'Free time in days.'),
  daily_rate_usd: requiredField('decimal', 'Daily rate in USD once the free time is over.'),
});

export const internationalFreight = node('InternationalFreight', 'international_freights', 'The international freight.', 'shipment_id', true, {
  type: enumField('FreightType', 'How the freight was contracted.'),
  freight_cost_collect: dec('Freight paid at destination, in the currency `currency_code`.'),
  freight_cost_prepaid: dec('Freight paid at origin, in the currency `currency_code`.'),
  freight_cost_road: dec('Road freight, in the currency `currency_code`.'),
  freight_cost_total: dec('Total freight, in the currency `currency_code`.'),
  currency_code: str('ISO 4217 currency code of the costs; read back as `currency`.'),
  freight_forwarder: str('Freight forwarder who quoted.'),
  quotation_number: str('Quotation number.'),
  sealine_id: sealine('Booked sealine.'),
  vessel_id: int('Booked vessel.'),
  voyage_number: str('Booked voyage.'),
  booking_loading_port_id: port('Booked loading port.'),
  booking_discharge_port_id: port('Booked discharge port.'),
  booking_loading_airport_id: airport('Booked loading airport.'),
  booking_discharge_airport_id: airport('Booked discharge airport.'),
  booking_etd: dt('Booked departure.'),
  booking_eta: dt('Booked arrival.'),
  planned_boarding_date: dt('Planned boarding date.'),
});

export const transportLeg = node('InternationalTransportLeg', 'international_transport_legs', 'A leg of the international voyage.', 'shipment_id', false, {
  modal_type: enumField('TransportModalType', 'Mode of the leg.'),
  departure_place: str('Where the leg starts.'),
  arrival_place: str('Where the leg ends.'),
  ...dates('leg'),
  vessel: str('Vessel name.'),
  voyage: str('Voyage.'),
});

export const maritime = node('MaritimeTransportShipment', 'maritime_transport_shipments', 'Sea transport data.', 'shipment_id', true, {
  type: enumField('MaritimeShipmentType', 'FCL, LCL, BREAKBULK or BULK_CARGO.'),
  bl: str('Bill of lading.'),
  hbl: str('House bill of lading.'),
  booking: str('Booking number.'),
  tracking_number: str('Carrier tracking number.'),
  loading_port_id: port('Loading port.'),
  discharge_port_id: port('Discharge port.'),
  tracking_loading_port: str('Loading port as reported by tracking.'),
  tracking_discharge_port: str('Discharge port as reported by tracking.'),
  sealine_id: sealine('Sealine.'),
  vessel_id: int('Vessel.'),
  voyage_number: str('Voyage number.'),
  tracking_key: enumField('TrackingKey', 'Which reference tracking uses.'),
  valid_keys: field({ enum: 'TrackingKey', list: true }, 'Tracking keys usable with the data sent.'),
});

export const houseAwb = node('HouseAwb', 'house_awbs', 'A house air waybill.', 'air_shipment_id', false, {
  hawb: str('House AWB number.'),
  flight: str('Flight number.'),
  airline_id: airline('Airline.'),
  loading_airport_id: airport('Loading airport.'),
  unloading_airport_id: airport('Unloading airport.'),
  ...dates('flight'),
  is_transport_type_dta: field('bool', 'Whether it continues in customs transit (DTA).'),
  dta_number: str('DTA number.'),
  di_number: str('Import declaration number.'),
  status: str('Status reported by the airline.'),
  stopovers: field('textList', 'Stopover airports (IATA codes).'),
  extra,
});

export const air = node('AirTransportShipment', 'air_transport_shipments', 'Air transport data.', 'shipment_id', true, {
  type: enumField('AirShipmentType', 'ENVIROTAINER, PALLET or LOOSE_CARGO.'),
  awb: field('text', 'Air waybill number (IATA: airline prefix and serial), e.g. 045-12345675.', { format: 'awb' }),
  hawb: str('House air waybill.'),
  airline_id: airline('Airline.'),
  origin_airport_id: airport('Origin airport.'),
  destination_airport_id: airport('Destination airport.'),
}, { house_awbs: houseAwb });

export const road = node('RoadTransportShipment', 'road_transport_shipments', 'International road transport data.', 'shipment_id', true, {
  type: enumField('RoadShipmentType', 'FCL, FTL or LTL.'),
  crt: str('International road waybill (CRT).'),
  origin: str('Origin.'),
  destination: str('Destination.'),
});

export const parcel = node('ParcelShipment', 'parcel_shipments', 'A courier shipment.', 'shipment_id', false, {
  slug: requiredField('text', 'Courier slug, e.g. dhl.'),
  tracking_number: requiredField('text', 'Courier tracking number.'),
  courier_id: int('Courier.'),
  origin_address: str('Origin address.'),
  origin_country_code: str('ISO 3166-1 alpha-2 origin country.'),
  destination_address: str('Destination address.'),
  destination_country_code: str('ISO 3166-1 alpha-2 destination country.'),
  ...dates('parcel'),
});

export const tripPhase = node('TripPhase', 'trip_phases', 'A phase of a trip: passing one point of the route.', 'trip_id', false, {
  route_point_id: requiredField('int', 'The route point.'),
  departure_at: dt('Departure from the point.'),
  estimated_realized_at: dt('When the phase is expected to be done.'),
  realized_at: dt('When the phase was done.'),
});

export const trip = node('Trip', 'trips', 'A trip of a national road transport.', 'national_road_transport_id', false, {
  position: requiredField('int', 'Order of the trip within the transport.'),
  driver_id: int('Driver.'),
  driver_name: str('Driver name.'),
  vehicle_id: int('Vehicle.'),
  vehicle_plate: str('Vehicle plate.'),
  trailer_id: int('Trailer.'),
  trailer_plate: str('Trailer plate.'),
  transportable_ids: field('intList', 'Transportables (containers, cargo) carried on the trip.'),
}, { phases: tripPhase });

export const nationalRoadTransport = node('NationalRoadTransport', 'national_road_transports', 'A road transport within the country, on one of the company routes.', 'shipment_id', false, {
  route_id: requiredField('int', 'The route.'),
  leg_slug: requiredField('text', 'The leg of the route.'),
  is_transport_type_dta: field('bool', 'Transit under customs control (DTA); default false.', { default: false }),
  load_type: enumField('LoadType', 'What is carried.'),
  road_transport_type: enumField('RoadTransportType', 'LTL, FTL, FCL or BULK_CARGO.'),
  transport_features: field({ enum: 'TransportFeature', list: true }, 'REFRIGERATED, HAZARDOUS_PRODUCTS.'),
  quantity_pallets: int('Number of pallets.'),
  national_road_carrier_id: int('Actor id of the road carrier.'),
  collection_scheduled_at: dt('Scheduled collection.'),
  delivery_planned_at: dt('Planned delivery.'),
  released_for_transport_at: dt('Released for transport.'),
  transport_completed_at: dt('Transport completed.'),
}, { trips: trip });

export const ceManifest = node('CeMercanteManifest', 'ce_mercante_manifests', 'A cargo manifest of the CE Mercante.', 'ce_mercante_id', false, {
  manifest_number: str('Manifest number.'),
  loading_port_unlocode: field('text', 'UN/LOCODE of the loading port.', { format: 'unlocode' }),
  loading_port_terminal: str('Loading terminal.'),
  discharge_port_unlocode: field('text', 'UN/LOCODE of the discharge port.', { format: 'unlocode' }),
  discharge_port_terminal: str('Discharge terminal.'),
});

export const ceMercante = node('CeMercante', 'ce_mercantes', 'CE Mercante (Brazilian maritime cargo control) data.', 'shipment_id', true, {
  number: str('CE Mercante number.'),
  bl: str('Bill of lading.'),
  cargo_description: str('Cargo description.'),
  cargo_status: str('Cargo status.'),
  cargo_presence_at: dt('Cargo presence date.'),
  consignee_document: str('Consignee document (CNPJ/CPF).'),
  customs_place: str('Customs place.'),
  di_number: str('Import declaration number.'),
  dta_number: str('DTA number.'),
  freight_cost: dec('Freight cost, in the currency `freight_currency_code`.'),
  freight_currency_code: str('ISO 4217 currency of the freight.'),
  freight_payment_type: str('Freight payment type.'),
  gross_weight_kg: dec('Gross weight in kg.'),
  issued_at: dt('Issue date.'),
  origin_port: str('Origin port.'),
  destination_port: str('Destination port.'),
  shipping_agency: str('Shipping agency.'),
  status_response: statusResponse,
}, { cargo_manifests: ceManifest });

const wrapperFields = (statusDesc: string) => ({
  comments: str('Comments.'),
  status: enumField('AuthorizationStatus', statusDesc),
});

export const importDeclaration = node('ImportDeclaration', 'import_declarations', 'An import declaration (DI).', 'shipment_import_declaration_id', true, {
  number: str('Declaration number.'),
  status: enumField('ImportDeclarationStatus', 'Customs status.'),
  status_response: statusResponse,
  channel: enumField('ImportChannel', 'Customs channel.'),
  registered_at: dt('Registration.'),
  customs_cleared_at: dt('Customs clearance.'),
  last_updated_at: dt('Last update at customs.'),
  status_updated_at: dt('Last status change.'),
  import_licenses: field('textList', 'Numbers of the import licences of the declaration.'),
  extra,
});

export const duimp = node('Duimp', 'duimps', 'A DUIMP (single import declaration).', 'shipment_duimp_id', true, {
  number: str('DUIMP number.'),
  version: str('DUIMP version.'),
  status: enumField('DuimpStatus', 'Customs status.'),
  status_response: statusResponse,
  channel: enumField('ImportChannel', 'Customs channel.'),
  delivered_at: dt('Cargo delivery.'),
  importer: str('Importer document or name.'),
  registered_at: dt('Registration.'),
  customs_cleared_at: dt('Customs clearance.'),
  last_updated_at: dt('Last update at customs.'),
  extra,
});

export const importLicense = node('ImportLicense', 'import_licenses', 'An import licence (LI).', 'shipment_import_license_id', true, {
  number: requiredField('text', 'Licence number.'),
  status: enumField('ImportLicenseStatus', 'Licence status.'),
  status_response: statusResponse,
  approved_at: dt('Approval.'),
  registered_at: dt('Registration.'),
  last_updated_at: dt('Last update.'),
  status_updated_at: dt('Last status change.'),
  extra,
});

export const exportDeclaration = node('ExportDeclaration', 'export_declarations', 'An export declaration (DU-E).', 'shipment_export_declaration_id', true, {
  number: requiredField('text', 'Declaration number.'),
  channel: enumField('ExportChannel', 'Customs channel.'),
  status: enumField('ExportDeclarationStatus', 'Customs status.'),
  status_response: statusResponse,
  registered_at: dt('Registration.'),
  customs_cleared_at: dt('Customs clearance.'),
  endorsed_at: dt('Endorsement.'),
  last_updated_at: dt('Last update.'),
  extra,
});

export const shipmentImportDeclaration = node('ShipmentImportDeclaration', 'shipment_import_declarations', 'Links an import declaration to the shipment.', 'shipment_id', false,
  wrapperFields('Authorization status of the declaration.'), { import_declaration: importDeclaration });
export const shipmentDuimp = node('ShipmentDuimp', 'shipment_duimps', 'Links a DUIMP to the shipment.', 'shipment_id', false,
  wrapperFields('Authorization status of the DUIMP.'), { duimp });
export const shipmentImportLicense = node('ShipmentImportLicense', 'shipment_import_licenses', 'Links an import licence to the shipment.', 'shipment_id', false,
  wrapperFields('Authorization status of the licence.'), { import_license: importLicense });
export const shipmentExportDeclaration = node('ShipmentExportDeclaration', 'shipment_export_declarations', 'Links an export declaration to the shipment.', 'shipment_id', false,
  wrapperFields('Authorization status of the declaration.'), { export_declaration: exportDeclaration });

export const shipment = node('ForeignTradeShipment', 'foreign_trade_shipments', 'The international movement of a process: mode, dates, containers, freight, demurrage and customs.', 'process_id', true, {
  type: enumField('ShipmentType', 'AIR_TRANSPORT, MARITIME_TRANSPORT or ROAD_TRANSPORT.'),
  ...dates('shipment'),
  delivered_at: dt('When the cargo was delivered.'),
  received_in_warehouse_at: dt('When the cargo entered the warehouse.'),
  departed_from_warehouse_at: dt('When the cargo left the warehouse.'),
  warehouse_free_time_days: int('Days of free storage in the warehouse.'),
  automatic_tracking_enabled: field('bool', 'Whether the platform tracks the shipment with the carrier (default true).', { default: true }),
  status_response: statusResponse,
  ce_mercante_authorization_status: enumField('AuthorizationStatus', 'CE Mercante authorization status.'),
  ce_mercante_number: str('CE Mercante number.'),
  cubage_cubic_meters: dec('Total volume in cubic meters.'),
  total_gross_weight: dec('Total gross weight in kg.'),
  total_net_weight: dec('Total net weight in kg.'),
  empty_return_date: dt('When the empty containers are to be returned.'),
  route_id: int('A route of the company.'),
}, {
  items: shipmentItem,
  invoices: invoice,
  transportables: transportable,
  demurrage,
  international_freight: internationalFreight,
  international_transport_legs: transportLeg,
  maritime_transport_shipment: maritime,
  air_transport_shipment: air,
  road_transport_shipment: road,
  national_road_transports: nationalRoadTransport,
  parcel_shipments: parcel,
  ce_mercante: ceMercante,
  shipment_import_declarations: shipmentImportDeclaration,
  shipment_duimps: shipmentDuimp,
  shipment_import_licenses: shipmentImportLicense,
  shipment_export_declarations: shipmentExportDeclaration,
});

export const auditItem = node('ProcessAuditItem', 'process_audit_items', 'An item of the checklist of a process.', 'process_id', false, {
  name: requiredField('text', 'What is checked.'),
  show_observations_when: enumField('ShowObservationsWhen', 'When the observations are shown: YES, NO, ALWAYS or NEVER.'),
  checked: field('bool', 'Whether the item is checked (default false).', { default: false }),
  observations: str('Observations.'),
});
