import { schema } from '../../graph/schema.ts';
import { route } from '../route.ts';
import { selectAll } from '../selection.ts';

const connection = selectAll(schema, 'CarrierConnection');
const tracking = selectAll(schema, 'ShipmentTracking');
const tag = 'Carrier tracking';
const byScac = { scac: 'MSCU' };

/** Carrier connections and tracking lookups (docs/tracking.md). */
export const carrierRoutes = [
  route({
    id: 'carrierConnections.list',
    method: 'GET',
    path: '/carrier-connections',
    tag,
    summary: 'List carrier connections',
    description: "The company's carrier connections, by SCAC. Credentials are never answered.",
    status: 200,
    document: `query CarrierConnectionsList { carrierConnections { ${connection} } }`,
  }),
  route({
    id: 'carrierConnections.get',
    method: 'GET',
    path: '/carrier-connections/{scac}',
    tag,
    summary: 'Get a carrier connection',
    description: "The connection to one carrier; another company's connection answers 404, like a missing one.",
    status: 200,
    pathExamples: byScac,
    document: `query CarrierConnectionsGet($scac: String!) { carrierConnection(scac: $scac) { ${connection} } }`,
  }),
  route({
    id: 'carrierConnections.put',
    method: 'PUT',
    path: '/carrier-connections/{scac}',
    tag,
    summary: 'Create or update a carrier connection',
    description:
      'Answers 201 when it created the connection, 200 when it updated it. `protocol` and `base_url` are required on create. `auth_value` and `notification_secret` are stored encrypted and never answered; `notification_url` is the callback to register with the carrier. A new connection subscribes with the carrier where it offers subscriptions.',
    status: 200,
    pathExamples: byScac,
    example: { protocol: 'DCSA_TNT_2', base_url: 'https://api.carrier.example/track-and-trace', auth_header: 'API-Key', auth_value: 'your-carrier-key', notification_secret: 'c2VjcmV0LXNoYXJlZC13aXRoLWNhcnJpZXI=' },
    document: `mutation CarrierConnectionsPut($scac: String!, $params: CarrierConnectionParams!) { putCarrierConnection(scac: $scac, params: $params) { carrierConnection { ${connection} } } }`,
  }),
  route({
    id: 'carrierConnections.delete',
    method: 'DELETE',
    path: '/carrier-connections/{scac}',
    tag,
    summary: 'Delete a carrier connection',
    description: 'Deletes the connection and its credentials; its shipments are no longer looked up.',
    status: 200,
    pathExamples: byScac,
    document: `mutation CarrierConnectionsDelete($scac: String!) { deleteCarrierConnection(scac: $scac) { carrierConnection { ${connection} } } }`,
  }),
  route({
    id: 'processes.refreshTracking',
    method: 'PUT',
    path: '/operations/{operation_id}/processes/{id}/tracking/refresh',
    tag,
    summary: "Look a process's shipment up with its carrier now",
    description: 'Answers the tracking summary after the lookup. A carrier that fails (timeout, 5xx) still answers 200: the error is in `tracking_error` and nothing else changed.',
    status: 200,
    pathExamples: { operation_id: 1, id: 1 },
    document: `mutation ProcessesRefreshTracking($operation_id: Int!, $id: Int!) { refreshProcessTracking(operation_id: $operation_id, id: $id) { shipmentTracking { ${tracking} } } }`,
  }),
  route({
    id: 'processes.refreshTrackingByReferenceCode',
    method: 'PUT',
    path: '/operations/{operation_id}/processes-by-reference-code/{reference_code}/tracking/refresh',
    tag,
    summary: "Look a process's shipment up with its carrier now, by reference code",
    description: 'The same as the call by id.',
    status: 200,
    pathExamples: { operation_id: 1, reference_code: 'IMP-2026-001' },
    document: `mutation ProcessesRefreshTrackingByReferenceCode($operation_id: Int!, $reference_code: String!) { refreshProcessTrackingByReferenceCode(operation_id: $operation_id, reference_code: $reference_code) { shipmentTracking { ${tracking} } } }`,
  }),
];
