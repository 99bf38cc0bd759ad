// What each route writes and the headers it honours: the resource a PUT or DELETE changes (its
// `If-Match`), the GET twin of a write (full answers and Location, rest/representation.ts), and
// the headers checked before any work and published in the OpenAPI description.
import { IDEMPOTENCY_KEY, IF_MATCH, PREFER, type HeaderRule } from '../graph/limits/request.ts';
import { compiledRoutes, type CompiledRoute } from './match.ts';
import { twinsOf, type Twins } from './twins.ts';

/** Whether `path` is `prefix` or lies below it. */
const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The GET of the single resource a PUT or DELETE changes: the longest GET path equal to the
 * route's path or a leading part of it (`/processes/{id}/finish` -> `/processes/{id}`) whose
 * path parameters the route also has, with no list between the two: a write to a collection
 * or its members (`/operations/{operation_id}/orders`) never changes the record that scopes it
 * (`/operations/{operation_id}`). Its answer is what an `If-Match` tag names.
 */
function resourceOf(route: CompiledRoute): CompiledRoute | undefined {
  if (route.def.method !== 'PUT' && route.def.method !== 'DELETE') return undefined;
  const lists = compiledRoutes.filter((r) => r.def.method === 'GET' && r.def.list).map((r) => r.def.path);
  return compiledRoutes
    .filter(
      (r) =>
        r.def.method === 'GET' &&
        !r.def.list &&
        !r.def.download &&
        within(route.def.path, r.def.path) &&
        r.pathParams.every((p) => route.pathParams.includes(p)) &&
        !lists.some((list) => list !== r.def.path && within(list, r.def.path) && within(route.def.path, list)),
    )
    .sort((a, b) => b.def.path.length - a.def.path.length)[0];
}

/** For each PUT and DELETE route, the resource its `If-Match` refers to (docs/decisions/010-write-path.md). */
const resources = new Map(compiledRoutes.map((r) => [r, resourceOf(r)]));

/** The resource a route's conditional writes refer to, for the router, the OpenAPI description and the docs. */
export function resourceOfRoute(route: CompiledRoute): CompiledRoute | undefined {
  return resources.get(route);
}

/** For each route, the GET of the resource it writes: full answers and Location (rest/representation.ts). */
const twins = twinsOf(compiledRoutes);

/** The GET twins of a route's written resource (rest/representation.ts). */
export function twinsOfRoute(route: CompiledRoute): Twins | undefined {
  return twins.get(route);
}

/** Methods whose requests may carry an Idempotency-Key. */
const IDEMPOTENT = new Set(['POST', 'PUT']);

/** The headers a route honours, each with its bound (graph/limits/request.ts): the router checks them, the OpenAPI document publishes them. */
export function headersOfRoute(route: CompiledRoute): HeaderRule[] {
  return [
    ...(resources.get(route) ? [IF_MATCH] : []),
    ...(IDEMPOTENT.has(route.def.method) && !route.def.multipart && !route.def.revealsSecret ? [IDEMPOTENCY_KEY] : []),
    ...(twins.get(route)?.representation ? [PREFER] : []),
  ];
}
