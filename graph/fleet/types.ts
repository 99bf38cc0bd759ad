// Drivers, vehicles and trailers of the company (docs/processes/foreign_trade_shipment.md): trips of national road
// transports refer to them by driver_id, vehicle_id and trailer_id (checked in graph/process/shipment/refs.ts).
import { TrackerBrand, TrailerType, VehicleType } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import { countryOf } from '../reference/place-types.ts';
import { CountryRef } from '../reference/country-currency-types.ts';
import { node } from '../schema-helpers/node.ts';
import { live } from '../database/records.ts';

export const VehicleTypeEnum = builder.enumType(VehicleType, { name: 'VehicleType', description: 'Kind of road vehicle.' });
export const TrailerTypeEnum = builder.enumType(TrailerType, { name: 'TrailerType', description: 'Kind of trailer: BOX, SLIDER, BUGGY_20 (20-foot container chassis), BUGGY_40 (40-foot).' });
export const TrackerBrandEnum = builder.enumType(TrackerBrand, { name: 'TrackerBrand', description: 'Brand of the vehicle tracker.' });

export const DriverRef = builder.prismaObject('Driver', {
  ...node('Driver', live),
  description: 'A truck driver of the company.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier; trips refer to it as driver_id.' }),
    name: t.exposeString('name', { description: 'Full name.' }),
    country_code: t.exposeString('country_code', { nullable: true, description: 'ISO 3166-1 alpha-2 country of the driver; read back as `country` too.' }),
    country: t.field({ type: CountryRef, nullable: true, description: 'Country of the driver.', select: { country_code: true }, resolve: (d) => countryOf(d.country_code) }),
    cpf: t.exposeString('cpf', { nullable: true, description: 'CPF (Brazilian individual taxpayer number).' }),
    official_document: t.exposeString('official_document', { nullable: true, description: 'Identity document number (RG, passport...).' }),
    birthday: t.expose('birthday', { type: 'DateTime', nullable: true, description: 'Date of birth.' }),
    license_number: t.exposeString('license_number', { nullable: true, description: 'Driving licence number (CNH).' }),
    license_category: t.exposeString('license_category', { nullable: true, description: 'Driving licence category, e.g. E.' }),
    license_expiration_date: t.expose('license_expiration_date', { type: 'DateTime', nullable: true, description: 'Driving licence expiration date.' }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the driver was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the driver last changed.' }),
  }),
});

export const VehicleRef = builder.prismaObject('Vehicle', {
  ...node('Vehicle', live),
  description: 'A road vehicle of the company.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier; trips refer to it as vehicle_id.' }),
    type: t.expose('type', { type: VehicleTypeEnum, description: 'Kind of vehicle.' }),
    plate: t.exposeString('plate', { description: 'Licence plate.' }),
    is_refrigerated: t.exposeBoolean('is_refrigerated', { description: 'Whether the vehicle is refrigerated.' }),
    speed_limit_dry: t.exposeInt('speed_limit_dry', { nullable: true, description: 'Speed limit on dry road (km/h).' }),
    speed_limit_wet: t.exposeInt('speed_limit_wet', { nullable: true, description: 'Speed limit on wet road (km/h).' }),
    tare_weight_kg: t.expose('tare_weight_kg', { type: 'Decimal', nullable: true, description: 'Tare weight in kg.' }),
    temperature_min: t.expose('temperature_min', { type: 'Decimal', nullable: true, description: 'Minimum temperature (°C) of a refrigerated vehicle.' }),
    temperature_max: t.expose('temperature_max', { type: 'Decimal', nullable: true, description: 'Maximum temperature (°C) of a refrigerated vehicle.' }),
    tracker_brand: t.expose('tracker_brand', { type: TrackerBrandEnum, nullable: true, description: 'Brand of the tracker.' }),
    tracker_id: t.exposeString('tracker_id', { nullable: true, description: 'Tracker identifier.' }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the vehicle was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the vehicle last changed.' }),
  }),
});

export const TrailerRef = builder.prismaObject('Trailer', {
  ...node('Trailer', live),
  description: 'A trailer or semi-trailer of the company, pulled by a vehicle on trips.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier; trips refer to it as trailer_id.' }),
    type: t.expose('type', { type: TrailerTypeEnum, description: 'Kind of trailer.' }),
    plate: t.exposeString('plate', { description: 'Licence plate.' }),
    axles: t.exposeInt('axles', { nullable: true, description: 'Number of axles.' }),
    is_refrigerated: t.exposeBoolean('is_refrigerated', { description: 'Whether the trailer is refrigerated (default false).' }),
    tare_weight_kg: t.expose('tare_weight_kg', { type: 'Decimal', nullable: true, description: 'Tare weight in kg.' }),
    max_weight_kg: t.expose('max_weight_kg', { type: 'Decimal', nullable: true, description: 'Largest load in kg.' }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the trailer was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the trailer last changed.' }),
  }),
});
