// The foreign trade shipment of a process (docs/processes/foreign_trade_shipment.md), node by
// node. Names are the public contract's; prisma/schema/shipment.prisma and customs.prisma
// hold the same tables. Computed fields (demurrage totals, warehouse days, invoice totals,
// currencies) are added in graph/process/shipment/types.ts. The transport nodes are in
// spec-transport.ts, the customs nodes in spec-customs.ts.
import { enumField, field, requiredField } from '../../schema-helpers/fields.ts';
import { node } from './nodes.ts';
import { dates, dec, dt, int, statusResponse, str } from './spec-columns.ts';
import { air, internationalFreight, maritime, nationalRoadTransport, parcel, road, transportLeg } from './spec-transport.ts';
import { ceMercante, shipmentDuimp, shipmentExportDeclaration, shipmentImportDeclaration, shipmentImportLicense } from './spec-customs.ts';

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
