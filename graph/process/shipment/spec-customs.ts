// The customs nodes of the foreign trade shipment (docs/processes/foreign_trade_shipment.md):
// the CE Mercante with its manifests, and the declarations and licences, each linked to the
// shipment by an entry of its own (the wrapper, with its authorization status). Declared as in
// spec.ts, which hangs them on the shipment.
import { enumField, field, requiredField } from '../../schema-helpers/fields.ts';
import { node } from './nodes.ts';
import { dec, dt, extra, statusResponse, str } from './spec-columns.ts';

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
