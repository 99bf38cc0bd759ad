// What integrators send for drivers, vehicles and trailers: their params, by kind.
import { builder } from '../builder.ts';
import { required } from '../schema-helpers/required.ts';
import { TrackerBrandEnum, TrailerTypeEnum, VehicleTypeEnum } from './types.ts';

export const DriverParams = builder.inputType('DriverParams', {
  description: 'Driver fields. `name` is required when a driver is created.',
  fields: (t) => ({
    name: t.string(required('Full name.')),
    country_code: t.string({ description: 'ISO 3166-1 alpha-2 country of the driver.' }),
    cpf: t.string({ description: 'CPF (Brazilian individual taxpayer number).' }),
    official_document: t.string({ description: 'Identity document number (RG, passport...).' }),
    birthday: t.field({ type: 'DateTime', description: 'Date of birth.' }),
    license_number: t.string({ description: 'Driving licence number (CNH).' }),
    license_category: t.string({ description: 'Driving licence category, e.g. E.' }),
    license_expiration_date: t.field({ type: 'DateTime', description: 'Driving licence expiration date.' }),
  }),
});

export const VehicleParams = builder.inputType('VehicleParams', {
  description: 'Vehicle fields. `type`, `plate` and `is_refrigerated` are required when a vehicle is created.',
  fields: (t) => ({
    type: t.field({ type: VehicleTypeEnum, ...required('Kind of vehicle.') }),
    plate: t.string(required('Licence plate.')),
    is_refrigerated: t.boolean(required('Whether the vehicle is refrigerated.')),
    speed_limit_dry: t.int({ description: 'Speed limit on dry road (km/h).' }),
    speed_limit_wet: t.int({ description: 'Speed limit on wet road (km/h).' }),
    tare_weight_kg: t.field({ type: 'Decimal', description: 'Tare weight in kg.' }),
    temperature_min: t.field({ type: 'Decimal', description: 'Minimum temperature (°C) of a refrigerated vehicle.' }),
    temperature_max: t.field({ type: 'Decimal', description: 'Maximum temperature (°C) of a refrigerated vehicle.' }),
    tracker_brand: t.field({ type: TrackerBrandEnum, description: 'Brand of the tracker.' }),
    tracker_id: t.string({ description: 'Tracker identifier.' }),
  }),
});

export const TrailerParams = builder.inputType('TrailerParams', {
  description: 'Trailer fields. `type` and `plate` are required when a trailer is created.',
  fields: (t) => ({
    type: t.field({ type: TrailerTypeEnum, ...required('Kind of trailer.') }),
    plate: t.string(required('Licence plate.')),
    axles: t.int({ description: 'Number of axles.' }),
    is_refrigerated: t.boolean({ description: 'Whether the trailer is refrigerated (default false).' }),
    tare_weight_kg: t.field({ type: 'Decimal', description: 'Tare weight in kg.' }),
    max_weight_kg: t.field({ type: 'Decimal', description: 'Largest load in kg.' }),
  }),
});

export const paramsRef = { driver: DriverParams, vehicle: VehicleParams, trailer: TrailerParams };
