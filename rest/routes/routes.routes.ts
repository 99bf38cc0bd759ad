import { schema } from '../../graph/schema.ts';
import { route } from '../route.ts';
import { selectAll } from '../selection.ts';

const routeFields = selectAll(schema, 'Route');
const tag = 'Routes';

/** The company's routes with their points. */
export const routeRoutes = [
  route({
    id: 'routes.list',
    method: 'GET',
    path: '/routes',
    tag,
    summary: 'List routes',
    description:
      'Lists the live routes of the company with their points, paginated. `filters[active]=true|false`, `filters[name]` (case-insensitive substring) and ' +
      '`search` (name or description).',
    status: 200,
    list: true,
    document: `query RoutesList($limit: Int, $offset: Int, $after: String, $order_by: [RouteOrderBy!], $search: String, $filters: RouteFilters) {
      routes(limit: $limit, offset: $offset, after: $after, order_by: $order_by, search: $search, filters: $filters) { data { ${routeFields} } total_count total_count_exact next_cursor }
    }`,
  }),
  route({
    id: 'routes.get',
    method: 'GET',
    path: '/routes/{id}',
    tag,
    summary: 'Get a route by id',
    description: 'The route with its points in order of position; road transports refer to these points by id.',
    status: 200,
    pathExamples: { id: 1 },
    document: `query RoutesGet($id: Int!) { route(id: $id) { ${routeFields} } }`,
  }),
];
