// Routes of a company (docs/decisions/007-reference-datasets.md): ordered points with a route_type.
// National road transports point at route points (route_id, phases' route_point_id).
import type { GraphQLResolveInfo } from 'graphql';
import { RouteType } from '../../prisma/generated/client/enums.ts';
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { found } from '../schema-helpers/locate.ts';
import { checkChildIds } from '../database/nested.ts';
import { builder } from '../builder.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { softDelete } from '../database/lifecycle.ts';
import { lockRoots } from '../database/locks.ts';
import { write as inTransaction } from '../database/transaction.ts';
import { containsText, listField, searchColumns } from '../schema-helpers/list.ts';
import { checkRequired, required } from '../schema-helpers/required.ts';
import { mutationFields } from '../schema-helpers/payload.ts';
import { node } from '../schema-helpers/node.ts';
import { live } from '../database/records.ts';

type Tx = Prisma.TransactionClient;

export const RouteTypeEnum = builder.enumType(RouteType, {
  name: 'RouteType',
  description: 'What happens at a route point (loading, unloading, empty container moves, border arrival, ...).',
});

export const RoutePointRef = builder.prismaObject('RoutePoint', {
  description: 'A point of a route, in order of `position`.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier; road transport trip phases refer to it as route_point_id.' }),
    position: t.exposeInt('position', { description: 'Order of the point in the route (1 = first).' }),
    route_type: t.expose('route_type', { type: RouteTypeEnum, description: 'What happens at the point.' }),
    name: t.exposeString('name', { nullable: true, description: 'Name of the place.' }),
    address: t.exposeString('address', { nullable: true, description: 'Address of the place.' }),
    latitude: t.exposeFloat('latitude', { nullable: true, description: 'Latitude in decimal degrees.' }),
    longitude: t.exposeFloat('longitude', { nullable: true, description: 'Longitude in decimal degrees.' }),
  }),
});

export const RouteRef = builder.prismaObject('Route', {
  ...node('Route', live),
  description: 'A route of the company: named, active or not, with ordered points.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    name: t.exposeString('name', { description: 'Route name.' }),
    active: t.exposeBoolean('active', { description: 'Whether the route may be used for new transports.' }),
    description: t.exposeString('description', { nullable: true, description: 'Free text.' }),
    points: t.relation('points', { description: 'Points in order of position.', query: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the route was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the route last changed.' }),
  }),
});

const RoutePointParams = builder.inputType('RoutePointParams', {
  description: 'A route point; send `id` to keep an existing one.',
  fields: (t) => ({
    id: t.int({ description: 'Id of an existing point of this route.' }),
    position: t.int(required('Order of the point in the route (1 = first), unique within the route.')),
    route_type: t.field({ type: RouteTypeEnum, ...required('What happens at the point.') }),
    name: t.string({ description: 'Name of the place.' }),
    address: t.string({ description: 'Address of the place.' }),
    latitude: t.float({ description: 'Latitude in decimal degrees.' }),
    longitude: t.float({ description: 'Longitude in decimal degrees.' }),
  }),
});

export const RouteParams = builder.inputType('RouteParams', {
  description: 'Route fields. `name` is required when a route is created.',
  fields: (t) => ({
    name: t.string(required('Route name.')),
    active: t.boolean({ description: 'Whether the route may be used (default true).' }),
    description: t.string({ description: 'Free text.' }),
    points: t.field({ type: [RoutePointParams], description: 'Points; replaces the stored list, matching by id.' }),
  }),
});

const RouteFilters = builder.inputType('RouteFilters', {
  description: 'Filters of the route list.',
  fields: (t) => ({
    active: t.boolean({ description: 'Only active (true) or inactive (false) routes.' }),
    name: t.string({ description: 'Case-insensitive substring of the name.' }),
  }),
});


type PointParams = { id?: number | null; position?: number | null; route_type?: string | null; name?: string | null; address?: string | null; latitude?: number | null; longitude?: number | null };
type Params = { name?: string | null; active?: boolean | null; description?: string | null; points?: PointParams[] | null };
type RouteKey = { company_id: number; id: number };

async function findLive(db: Tx, companyId: number, id: number): Promise<RouteKey> {
  return found(db.route.findFirst({ where: { company_id: companyId, id, deleted_at: null }, select: { company_id: true, id: true } }));
}

async function save(ctx: Context, info: GraphQLResolveInfo, params: Params, id?: number): Promise<RouteKey> {
  const companyId = ctx.company.id;
  return inTransaction(async (db) => {
    if (id !== undefined && !(await lockRoots(db.route, { company_id: companyId, id }))) throw new NotFoundError();
    const existing = id === undefined ? null : await findLive(db, companyId, id);
    const errors = new FieldErrors();
    checkRequired(info.schema, 'RouteParams', params as Record<string, unknown>, errors, { partial: existing !== null });
    const points = params.points ?? [];
    const positions = new Set<number>();
    points.forEach((p, i) => {
      if (p.position == null) return;
      if (p.position < 1) errors.add(`points.${i}.position`, fieldMessages.outOfRange);
      else if (positions.has(p.position)) errors.add(`points.${i}.position`, fieldMessages.taken);
      positions.add(p.position);
    });
    const keepIds = points.map((p) => p.id).filter((v): v is number => typeof v === 'number');
    if (keepIds.length) {
      const found = existing
        ? new Set((await db.routePoint.findMany({ where: { company_id: companyId, route_id: existing.id, id: { in: keepIds } }, select: { id: true } })).map((p) => p.id))
        : new Set<number>();
      checkChildIds(points, found, (i) => `points.${i}.`, errors);
    }
    if (existing && params.points) {
      // A point a road transport trip phase refers to cannot be removed.
      const inUse = await db.routePoint.findFirst({
        where: { company_id: companyId, route_id: existing.id, id: { notIn: keepIds }, trip_phases: { some: {} } },
        select: { id: true },
      });
      if (inUse) errors.add('points', fieldMessages.notAllowed);
    }
    errors.throwIfAny();
    const data: Record<string, unknown> = {};
    if (params.name !== undefined) data.name = params.name!.trim();
    if (params.active !== undefined) data.active = params.active ?? true;
    if (params.description !== undefined) data.description = params.description;
    const key = existing
      ? await db.route.update({ where: { company_id_id: existing }, data, select: { company_id: true, id: true } })
      : await db.route.create({ data: { ...(data as { name: string }), company_id: companyId }, select: { company_id: true, id: true } });
    if (params.points) {
      await db.routePoint.deleteMany({ where: { company_id: companyId, route_id: key.id, id: { notIn: keepIds } } });
      for (const p of params.points) {
        const fields = {
          position: p.position!, route_type: p.route_type as RouteType,
          name: p.name ?? null, address: p.address ?? null, latitude: p.latitude ?? null, longitude: p.longitude ?? null,
        };
        if (typeof p.id === 'number') await db.routePoint.update({ where: { company_id_id: { company_id: companyId, id: p.id } }, data: fields });
        else await db.routePoint.create({ data: { ...fields, company_id: companyId, route_id: key.id } });
      }
    }
    return key;
  });
}

listField<{ filters?: { active?: boolean | null; name?: string | null } | null }>({
  model: 'Route',
  field: 'routes',
  what: 'routes',
  description: 'Lists the live routes of the company.',
  sortable: ['id', 'name', 'active', 'inserted_at', 'updated_at'],
  search: searchColumns(['name', 'description'], 'Case-insensitive substring of the name or description.'),
  args: (t) => ({ filters: t.arg({ type: RouteFilters, description: 'Filters.' }) }),
  where: (args, ctx) => ({
    company_id: ctx.company.id,
    deleted_at: null,
    ...(args.filters?.active != null ? { active: args.filters.active } : {}),
    ...(args.filters?.name?.trim() ? { name: containsText(args.filters.name.trim()) } : {}),
  }),
});

builder.queryFields((t) => ({
  route: t.prismaField({
    type: 'Route',
    nullable: true,
    description: 'One live route by id.',
    args: { id: t.arg.int({ required: true, description: 'Route id.' }) },
    resolve: async (query, _root, args, ctx) => {
      return found(prisma().route.findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id, deleted_at: null } }));
    },
  }),
}));

mutationFields((t) => ({
  createRoute: t.prismaField({
    type: 'Route',
    description: 'Creates a route with its points.',
    args: { params: t.arg({ type: RouteParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const key = await save(ctx, info, args.params as Params);
      return prisma().route.findUniqueOrThrow({ ...query, where: { company_id_id: key } });
    },
  }),
  updateRoute: t.prismaField({
    type: 'Route',
    description: 'Updates a route by id; fields left out are kept, points sent replace the stored ones.',
    args: { id: t.arg.int({ required: true }), params: t.arg({ type: RouteParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const key = await save(ctx, info, args.params as Params, args.id);
      return prisma().route.findUniqueOrThrow({ ...query, where: { company_id_id: key } });
    },
  }),
  deleteRoute: t.prismaField({
    type: 'Route',
    description: 'Deletes a route by id (soft delete: it answers 404 from then on).',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const key = { company_id: ctx.company.id, id: args.id };
      await inTransaction((db) => softDelete(db.route, key));
      return prisma().route.findUniqueOrThrow({ ...query, where: { company_id_id: key } });
    },
  }),
}));
