import { schema } from '../../graph/schema.ts';
import type { RouteDef } from '../route.ts';
import { withFragments } from '../selection.ts';
import { productRoutes } from './products.routes.ts';
import { orderRoutes } from './orders.routes.ts';
import { actorRoutes } from './actors.routes.ts';
import { operationRoutes } from './operations.routes.ts';
import { portScheduleRoutes } from './port-schedules.routes.ts';
import { routeRoutes } from './routes.routes.ts';
import { vesselRoutes } from './vessels.routes.ts';
import { processRoutes } from './processes.routes.ts';
import { costModelRoutes } from './cost-models.routes.ts';
import { fleetRouteTable } from './fleet.routes.ts';
import { referenceRoutes } from './reference.routes.ts';
import { eventRoutes } from './events.routes.ts';
import { webhookRoutes } from './webhooks.routes.ts';
import { carrierRoutes } from './carrier-connections.routes.ts';
import { keyRoutes } from './keys.routes.ts';

/**
 * Every documented route of the API: the router, the OpenAPI description and the tests iterate
 * this. Each document carries the definitions of the fragments it spreads (rest/selection.ts).
 */
export const routes: RouteDef[] = [...productRoutes, ...vesselRoutes, ...portScheduleRoutes, ...routeRoutes, ...operationRoutes, ...orderRoutes, ...actorRoutes, ...processRoutes, ...costModelRoutes, ...fleetRouteTable, ...referenceRoutes, ...eventRoutes, ...webhookRoutes, ...carrierRoutes, ...keyRoutes].map(
  (def) => ({ ...def, document: withFragments(schema, def.document) }),
);

/** Reference sections (OpenAPI tags) and what each covers. */
export const tags: Record<string, string> = {
  Products: 'Products (SKUs) the company trades: create, read, update and delete one by id or by code, or upsert many by code.',
  Vessels: 'Vessels (global reference data fed by AIS): search by name, IMO, MMSI or callsign; one vessel with its last position and current voyage.',
  'Port schedules': 'Berth line-ups of ports (global reference data): the calls at a port in an ETB window.',
  Operations: "The company's operations, each with its handler slots: the `operation_id` of order and process paths and the `operation_handler_id` of handler entries.",
  Orders: 'Purchase, sales and road transport orders of an operation, with their items and handlers: create, read, update, delete and lifecycle by id or by reference code, batch upsert by reference code, and one item by line reference.',
  Actors: 'Partner companies (actors), their business roles and the partnerships that give them.',
  Routes: "The company's routes: ordered points, each with a route type; road transports refer to route points.",
  Processes: 'Import and export processes of an operation with their whole foreign trade shipment (containers, cargo, invoices, freight, demurrage, customs), lifecycle, costs per expense and documents, by id or by reference code.',
  'Cost models': 'Cost models of the company, their versions and expenses; processes record costs per expense against them.',
  'Reference data': 'Ports, airports, airlines, sealines, countries and currencies (global reference data): the codes a body may send in place of ids.',
  Events: 'Every change the platform recorded for your company, oldest first by cursor: what webhooks deliver, to read again or catch up with.',
  Webhooks: 'Endpoints events are POSTed to, signed as Standard Webhooks says: register, update, rotate the secret, send a test ping, follow and retry deliveries.',
  'Carrier tracking': "Connections to the carriers' Track & Trace interfaces (DCSA), one per SCAC with the company's own credentials, and lookups of a process's shipment now (docs/tracking.md).",
  'API keys': "The company's API keys (admin keys only): make keys with scopes `read`, `write` or `admin` and an optional expiry, list them with their last use, revoke them, and rotate one with an overlap during which the old key keeps working.",
  Fleet: 'Drivers, vehicles and trailers of the company; the trips of national road transports refer to them by `driver_id`, `vehicle_id` and `trailer_id`.',
};

/** Reference sections grouped as the documentation's sidebar (Redoc's `x-tagGroups`); every tag is in one group. */
export const tagGroups: { name: string; tags: string[] }[] = [
  { name: 'Products', tags: ['Products'] },
  { name: 'Orders and partners', tags: ['Operations', 'Orders', 'Actors'] },
  { name: 'Processes', tags: ['Processes', 'Cost models', 'Routes', 'Fleet'] },
  { name: 'Reference data', tags: ['Reference data', 'Vessels', 'Port schedules'] },
  { name: 'Events and webhooks', tags: ['Events', 'Webhooks'] },
  { name: 'Carrier tracking', tags: ['Carrier tracking'] },
  { name: 'API keys', tags: ['API keys'] },
];
