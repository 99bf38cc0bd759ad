import { schema } from '../../graph/schema.ts';
import { route } from '../route.ts';
import { selectAll } from '../selection.ts';

const schedule = selectAll(schema, 'PortSchedule');

/** Port schedules (berth line-ups): global reference data fed by the port schedule importer. */
export const portScheduleRoutes = [
  route({
    id: 'portSchedules.list',
    method: 'GET',
    path: '/port-schedules/{port_unlocode}',
    tag: 'Port schedules',
    summary: 'List the berth calls at a port',
    description:
      'The calls at the port whose estimated time of berthing (ETB) falls between `start_date_etb` and `end_date_etb` (both required, ISO 8601, inclusive; ' +
      'a missing or unreadable one answers 400 naming it), in ETB order unless `order_by` says otherwise. The answer carries `data`, `total_count` and `next_cursor`. ' +
      'An unknown UN/LOCODE answers 404.',
    status: 200,
    list: true,
    pathExamples: { port_unlocode: 'BRSSZ' },
    document: `query PortSchedulesList($port_unlocode: String!, $start_date_etb: DateTime!, $end_date_etb: DateTime!, $limit: Int, $offset: Int, $after: String, $order_by: [PortScheduleOrderBy!]) {
      portSchedules(port_unlocode: $port_unlocode, start_date_etb: $start_date_etb, end_date_etb: $end_date_etb, limit: $limit, offset: $offset, after: $after, order_by: $order_by) {
        data { ${schedule} } total_count total_count_exact next_cursor
      }
    }`,
  }),
];
