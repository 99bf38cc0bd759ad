// Drivers, vehicles and trailers of the company (docs/processes/foreign_trade_shipment.md): trips of national road
// transports refer to them by driver_id, vehicle_id and trailer_id (checked in graph/process/shipment/refs.ts).
import type { GenericFieldRef } from '@pothos/core';
import type { GraphQLResolveInfo } from 'graphql';
import { TrackerBrand, TrailerType, VehicleType } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { softDelete } from '../kit/lifecycle.ts';
import { lockRoots, type RootDelegate } from '../kit/locks.ts';
import { found } from '../kit/locate.ts';
import { type Tx, write as inTransaction } from '../kit/transaction.ts';
import { listField, searchColumns } from '../kit/list.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { checkRequired, required } from '../kit/required.ts';
import { countryOf } from '../reference/place-types.ts';
import { CountryRef } from '../reference/country-currency-types.ts';
import { mutationFields } from '../kit/payload.ts';
import { node } from '../kit/node.ts';
import { live } from '../kit/records.ts';

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

type Key = { company_id: number; id: number };
type Kind = 'driver' | 'vehicle' | 'trailer';
type Model = 'Driver' | 'Vehicle' | 'Trailer';
const paramsType: Record<Kind, string> = { driver: 'DriverParams', vehicle: 'VehicleParams', trailer: 'TrailerParams' };
const paramsRef = { driver: DriverParams, vehicle: VehicleParams, trailer: TrailerParams };

/** The calls made here, which the driver, vehicle and trailer delegates answer alike. */
interface FleetDelegate extends RootDelegate {
  findFirst(args: { where: object; select?: object }): Promise<unknown>;
  findUniqueOrThrow(args: { where: { company_id_id: Key } }): Promise<unknown>;
  create(args: { data: object; select: { company_id: true; id: true } }): Promise<Key>;
  update(args: { where: { company_id_id: Key }; data: object; select: { company_id: true; id: true } }): Promise<Key>;
}

const delegate = (db: Tx, kind: Kind) => db[kind] as unknown as FleetDelegate;

async function findLive(db: Tx, kind: Kind, companyId: number, id: number): Promise<Key> {
  const row = await delegate(db, kind).findFirst({ where: { company_id: companyId, id, deleted_at: null }, select: { company_id: true, id: true } });
  if (!row) throw new NotFoundError();
  return row as Key;
}

async function save(kind: Kind, ctx: Context, info: GraphQLResolveInfo, params: Record<string, unknown>, id?: number): Promise<Key> {
  const companyId = ctx.company.id;
  if (kind === 'driver') await referenceCodes();
  return inTransaction(async (db) => {
    if (id !== undefined && !(await lockRoots(delegate(db, kind), { company_id: companyId, id }))) throw new NotFoundError();
    const existing = id === undefined ? null : await findLive(db, kind, companyId, id);
    const errors = new FieldErrors();
    checkRequired(info.schema, paramsType[kind], params, errors, { partial: existing !== null });
    if (kind === 'driver' && typeof params.country_code === 'string' && !(await referenceCodes()).countries.has(params.country_code)) {
      errors.add('country_code', fieldMessages.missing);
    }
    errors.throwIfAny();
    const data: Record<string, unknown> = {};
    // A plate is a code, trimmed already by the argument checks (graph/limits/arguments.ts, docs/limits.md).
    for (const [k, v] of Object.entries(params)) if (v !== undefined) data[k] = typeof v === 'string' && k === 'name' ? v.trim() : v;
    return existing
      ? delegate(db, kind).update({ where: { company_id_id: existing }, data, select: { company_id: true, id: true } })
      : delegate(db, kind).create({ data: { ...data, company_id: companyId }, select: { company_id: true, id: true } });
  });
}

/** A field answering one row of a fleet model; `Args` is what its `args` declare. */
interface FleetField<Args> {
  type: Model;
  /** A lookup by id: a missing row is null with NOT_FOUND at its path (docs/graphql.md). */
  nullable?: boolean;
  description: string;
  args: Record<string, unknown>;
  resolve: (query: object, root: unknown, args: Args, ctx: Context, info: GraphQLResolveInfo) => Promise<unknown>;
}

/** `t.prismaField` for a fleet model. */
// NOTE: the model is named at run time; Pothos types prismaField by a literal model name, so
// the field builder is taken as it comes and the field's options are typed by FleetField.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const modelField = <Args>(t: any, field: FleetField<Args>): GenericFieldRef<unknown> => t.prismaField(field);

function fleet(kind: Kind, model: Model, plural: string, searchable: string[], sortable: string[], what: string) {
  const Params = paramsRef[kind];
  listField({
    model,
    field: plural,
    what: `${what}s`,
    description: `Lists the live ${what}s of the company.`,
    sortable,
    search: searchColumns(searchable, `Case-insensitive substring of ${searchable.join(', ')}.`),
    where: (_args, ctx) => ({ company_id: ctx.company.id, deleted_at: null }),
  });
  builder.queryFields((t) => ({
    [kind]: modelField<{ id: number }>(t, {
      type: model,
      nullable: true,
      description: `One live ${what} by id.`,
      args: { id: t.arg.int({ required: true, description: `${model} id.` }) },
      resolve: (query, _root, args, ctx) => found(delegate(prisma(), kind).findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id, deleted_at: null } })),
    }),
  }));
  mutationFields((t) => ({
    [`create${model}`]: modelField<{ params: Record<string, unknown> }>(t, {
      type: model,
      description: `Creates a ${what}.`,
      args: { params: t.arg({ type: Params, required: true }) },
      resolve: async (query, _root, args, ctx, info) => {
        const key = await save(kind, ctx, info, args.params);
        return delegate(prisma(), kind).findUniqueOrThrow({ ...query, where: { company_id_id: key } });
      },
    }),
    [`update${model}`]: modelField<{ id: number; params: Record<string, unknown> }>(t, {
      type: model,
      description: `Updates a ${what} by id; fields left out are kept.`,
      args: { id: t.arg.int({ required: true }), params: t.arg({ type: Params, required: true }) },
      resolve: async (query, _root, args, ctx, info) => {
        const key = await save(kind, ctx, info, args.params, args.id);
        return delegate(prisma(), kind).findUniqueOrThrow({ ...query, where: { company_id_id: key } });
      },
    }),
    [`delete${model}`]: modelField<{ id: number }>(t, {
      type: model,
      description: `Deletes a ${what} by id (soft delete: it answers 404 from then on; trips keep their ${kind}_id).`,
      args: { id: t.arg.int({ required: true }) },
      resolve: async (query, _root, args, ctx) => {
        const key = { company_id: ctx.company.id, id: args.id };
        await inTransaction((db) => softDelete(delegate(db, kind), key));
        return delegate(prisma(), kind).findUniqueOrThrow({ ...query, where: { company_id_id: key } });
      },
    }),
  }));
}

fleet('driver', 'Driver', 'drivers', ['name', 'cpf', 'license_number'], ['id', 'name', 'inserted_at', 'updated_at'], 'driver');
fleet('vehicle', 'Vehicle', 'vehicles', ['plate', 'tracker_id'], ['id', 'plate', 'type', 'inserted_at', 'updated_at'], 'vehicle');
fleet('trailer', 'Trailer', 'trailers', ['plate'], ['id', 'plate', 'type', 'inserted_at', 'updated_at'], 'trailer');
