import { schema } from '../../graph/schema.ts';
import { route } from '../route.ts';
import { selectAll } from '../selection.ts';

const event = selectAll(schema, 'Event');

/** The events route: what an integrator catches up with after an outage (docs/webhooks.md). */
export const eventRoutes = [
  route({
    id: 'events.list',
    method: 'GET',
    path: '/events',
    tag: 'Events',
    summary: 'List events',
    description:
      'The events of the company, oldest first, by cursor: pass the `next_cursor` of a page as `after` to read the next one. Filter by `filters[type]` and by time with `filters[created_after]` and `filters[created_before]`.',
    status: 200,
    list: true,
    document: `query EventsList($limit: Int, $after: String, $filters: EventFilters) {
      events(limit: $limit, after: $after, filters: $filters) { data { ${event} } next_cursor has_more }
    }`,
  }),
];
