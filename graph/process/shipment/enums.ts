// The enums of the foreign trade shipment and the process checklist in GraphQL, each over its
// Prisma enum with a description; catalogue fields name them (graph/schema-helpers/fields.ts, `enumField`).
import * as Enums from '../../../prisma/generated/client/enums.ts';
import { builder } from '../../builder.ts';
import { registerEnum } from '../../schema-helpers/fields.ts';

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

// NOTE: the enums are named at run time; Pothos types enumType by the enum object it is given.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const enumsByName = Enums as Record<string, any>;

export const shipmentEnums = Object.fromEntries(
  Object.entries(enumDescriptions).map(([name, description]) => [name, builder.enumType(enumsByName[name], { name, description })]),
);
for (const [name, ref] of Object.entries(shipmentEnums)) registerEnum(name, ref);
export const IncotermEnum = shipmentEnums.Incoterm;
export const EtaSourceEnum = shipmentEnums.EtaSource;
