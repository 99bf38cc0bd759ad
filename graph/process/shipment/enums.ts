// The enums of the foreign trade shipment and the process checklist in GraphQL, each over its
// Prisma enum with a description; catalogue fields name them (graph/schema-helpers/fields.ts, `enumField`).
import * as Enums from '../../../prisma/generated/client/enums.ts';
import { builder } from '../../builder.ts';
import { registerEnum } from '../../schema-helpers/fields.ts';

export const shipmentEnums = {
  ShipmentType: builder.enumType(Enums.ShipmentType, { name: 'ShipmentType', description: 'Main transport mode of the shipment.' }),
  StatusResponse: builder.enumType(Enums.StatusResponse, { name: 'StatusResponse', description: 'Result of a tracking or customs lookup.' }),
  EtaSource: builder.enumType(Enums.EtaSource, { name: 'EtaSource', description: 'Where a shipment\'s ETA comes from.' }),
  AuthorizationStatus: builder.enumType(Enums.AuthorizationStatus, { name: 'AuthorizationStatus', description: 'Authorization status (CE Mercante, customs document entries).' }),
  ContainerType: builder.enumType(Enums.ContainerType, { name: 'ContainerType', description: 'Container type.' }),
  ContainerSizeFootType: builder.enumType(Enums.ContainerSizeFootType, { name: 'ContainerSizeFootType', description: 'Container size.' }),
  LoadType: builder.enumType(Enums.LoadType, { name: 'LoadType', description: 'Kind of load.' }),
  TransportableType: builder.enumType(Enums.TransportableType, { name: 'TransportableType', description: 'Container or loose cargo.' }),
  FreightType: builder.enumType(Enums.FreightType, { name: 'FreightType', description: 'How the international freight was contracted.' }),
  TransportModalType: builder.enumType(Enums.TransportModalType, { name: 'TransportModalType', description: 'Mode of an international transport leg.' }),
  MaritimeShipmentType: builder.enumType(Enums.MaritimeShipmentType, { name: 'MaritimeShipmentType', description: 'Kind of sea shipment.' }),
  TrackingKey: builder.enumType(Enums.TrackingKey, { name: 'TrackingKey', description: 'Reference a sea shipment is tracked by.' }),
  AirShipmentType: builder.enumType(Enums.AirShipmentType, { name: 'AirShipmentType', description: 'Kind of air shipment.' }),
  RoadShipmentType: builder.enumType(Enums.RoadShipmentType, { name: 'RoadShipmentType', description: 'Kind of international road shipment.' }),
  RoadTransportType: builder.enumType(Enums.RoadTransportType, { name: 'RoadTransportType', description: 'Kind of national road transport.' }),
  TransportFeature: builder.enumType(Enums.TransportFeature, { name: 'TransportFeature', description: 'Special feature of a road transport.' }),
  Incoterm: builder.enumType(Enums.Incoterm, { name: 'Incoterm', description: 'Incoterms 2020 rule.' }),
  ImportChannel: builder.enumType(Enums.ImportChannel, { name: 'ImportChannel', description: 'Customs channel of an import declaration.' }),
  ExportChannel: builder.enumType(Enums.ExportChannel, { name: 'ExportChannel', description: 'Customs channel of an export declaration.' }),
  ImportDeclarationStatus: builder.enumType(Enums.ImportDeclarationStatus, { name: 'ImportDeclarationStatus', description: 'Status of an import declaration.' }),
  DuimpStatus: builder.enumType(Enums.DuimpStatus, { name: 'DuimpStatus', description: 'Status of a DUIMP.' }),
  ImportLicenseStatus: builder.enumType(Enums.ImportLicenseStatus, { name: 'ImportLicenseStatus', description: 'Status of an import licence.' }),
  ExportDeclarationStatus: builder.enumType(Enums.ExportDeclarationStatus, { name: 'ExportDeclarationStatus', description: 'Status of an export declaration.' }),
  ShowObservationsWhen: builder.enumType(Enums.ShowObservationsWhen, { name: 'ShowObservationsWhen', description: 'When the observations of a checklist item are shown.' }),
};

for (const [name, ref] of Object.entries(shipmentEnums)) registerEnum(name, ref);
export const IncotermEnum = shipmentEnums.Incoterm;
export const EtaSourceEnum = shipmentEnums.EtaSource;
