import { schema } from '../../graph/schema.ts';
import { route } from '../route.ts';
import { selectAll } from '../selection.ts';

const vessel = selectAll(schema, 'Vessel');
const tag = 'Vessels';

/** Vessels: global reference data fed by the AIS importer. */
export const vesselRoutes = [
  route({
    id: 'vessels.list',
    method: 'GET',
    path: '/vessels',
    tag,
    summary: 'List vessels',
    description:
      'Lists vessels, paginated. `search` matches the name or callsign (case-insensitive substring) or the start of the MMSI or IMO number. ' +
      'Vessels are reference data shared by every company.',
    status: 200,
    list: true,
    document: `query VesselsList($limit: Int, $offset: Int, $after: String, $order_by: [VesselOrderBy!], $search: String) {
      vessels(limit: $limit, offset: $offset, after: $after, order_by: $order_by, search: $search) { data { ${vessel} } total_count total_count_exact next_cursor }
    }`,
  }),
  route({
    id: 'vessels.currentVoyage',
    method: 'GET',
    path: '/vessels/{mmsi}/current-voyage',
    tag,
    summary: 'Get a vessel with its current voyage',
    description:
      'The vessel with this MMSI (a 9-digit string; anything else answers 400) and `last_position_update`: its last AIS position and current voyage ' +
      '(destination, destination port, ETA). An unknown MMSI answers 404.',
    status: 200,
    pathExamples: { mmsi: '710000001' },
    document: `query VesselsCurrentVoyage($mmsi: String!) { vesselCurrentVoyage(mmsi: $mmsi) { ${vessel} } }`,
  }),
];
