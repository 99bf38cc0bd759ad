// Routes of a company (docs/decisions/007-reference-datasets.md): ordered points with a route_type.
// National road transports point at route points (route_id, phases' route_point_id).
import { RouteType } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import { node } from '../schema-helpers/node.ts';
import { live } from '../database/records.ts';

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
