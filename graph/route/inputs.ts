// What integrators send for a route: its params with the points, and the list's filters.
import { builder } from '../builder.ts';
import { required } from '../schema-helpers/required.ts';
import { RouteTypeEnum } from './types.ts';

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

export const RouteFilters = builder.inputType('RouteFilters', {
  description: 'Filters of the route list.',
  fields: (t) => ({
    active: t.boolean({ description: 'Only active (true) or inactive (false) routes.' }),
    name: t.string({ description: 'Case-insensitive substring of the name.' }),
  }),
});
