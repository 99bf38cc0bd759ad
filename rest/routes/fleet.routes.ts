import { schema } from '../../graph/schema.ts';
import type { DriverParams, TrailerParams, VehicleParams } from '../generated/operations.ts';
import { route, type RouteDef } from '../route.ts';
import { selectAll } from '../selection.ts';

// Drivers, vehicles and trailers: beyond the specification, which names their fields (field
// catalogue 3.5) but no route. Trips refer to them by id, so REST integrators need to keep them.
const tag = 'Fleet';

interface Kind {
  /** Singular and plural of the GraphQL fields, e.g. driver / drivers. */
  one: string;
  many: string;
  /** GraphQL type, e.g. Driver. */
  type: string;
  what: string;
  search: string;
  example: unknown;
  update: unknown;
}

function fleetRoutes(k: Kind): RouteDef[] {
  const fields = selectAll(schema, k.type);
  const Ops = k.type + 's';
  const path = `/${k.many}`;
  return [
    route({
      id: `${k.many}.list`,
      method: 'GET',
      path,
      tag,
      summary: `List ${k.what}s`,
      description: `Lists the live ${k.what}s of the company, paginated; \`search\` matches ${k.search} (case-insensitive substring).`,
      status: 200,
      list: true,
      document: `query ${Ops}List($limit: Int, $offset: Int, $after: String, $order_by: [${k.type}OrderBy!], $search: String) {
        ${k.many}(limit: $limit, offset: $offset, after: $after, order_by: $order_by, search: $search) { data { ${fields} } total_count total_count_exact next_cursor }
      }`,
    }),
    route({
      id: `${k.many}.create`,
      method: 'POST',
      path,
      tag,
      summary: `Create a ${k.what}`,
      description: `Answers the ${k.what} created; trips refer to it by \`${k.one}_id\`.`,
      status: 201,
      example: k.example,
      document: `mutation ${Ops}Create($params: ${k.type}Params!) { create${k.type}(params: $params) { ${k.one} { ${fields} } } }`,
    }),
    route({
      id: `${k.many}.get`,
      method: 'GET',
      path: `${path}/{id}`,
      tag,
      summary: `Get a ${k.what} by id`,
      description: `One ${k.what} of your company. Another company\'s ${k.what} answers 404, like a missing one.`,
      status: 200,
      pathExamples: { id: 1 },
      document: `query ${Ops}Get($id: Int!) { ${k.one}(id: $id) { ${fields} } }`,
    }),
    route({
      id: `${k.many}.update`,
      method: 'PUT',
      path: `${path}/{id}`,
      tag,
      summary: `Update a ${k.what} by id`,
      description: 'Fields left out are kept.',
      status: 200,
      pathExamples: { id: 1 },
      example: k.update,
      document: `mutation ${Ops}Update($id: Int!, $params: ${k.type}Params!) { update${k.type}(id: $id, params: $params) { ${k.one} { ${fields} } } }`,
    }),
    route({
      id: `${k.many}.delete`,
      method: 'DELETE',
      path: `${path}/{id}`,
      tag,
      summary: `Delete a ${k.what} by id`,
      description: `Soft delete: the ${k.what} answers 404 from then on and new trips cannot refer to it; trips that already do keep their \`${k.one}_id\`.`,
      status: 200,
      pathExamples: { id: 1 },
      document: `mutation ${Ops}Delete($id: Int!) { delete${k.type}(id: $id) { ${k.one} { ${fields} } } }`,
    }),
  ];
}

// Typed by the generated operation types, so an example that drifts from the schema fails tsc.
const driver: DriverParams = {
  name: 'João Silva',
  country_code: 'BR',
  cpf: '12345678909',
  license_number: '01234567890',
  license_category: 'E',
  license_expiration_date: '2028-03-31T00:00:00Z',
};
const vehicle: VehicleParams = { type: 'MECHANICAL_HORSE_DOUBLE_AXIS', plate: 'ABC1D23', is_refrigerated: false, tracker_brand: 'SASCAR', tracker_id: 'SC-88120' };
const trailer: TrailerParams = { type: 'BUGGY_40', plate: 'TRL4E56', axles: 3, tare_weight_kg: '6200.000', max_weight_kg: '32000.000' };

/** Drivers, vehicles and trailers of the company. */
export const fleetRouteTable: RouteDef[] = [
  ...fleetRoutes({ one: 'driver', many: 'drivers', type: 'Driver', what: 'driver', search: 'name, CPF and licence number', example: driver, update: { license_category: 'D' } satisfies DriverParams }),
  ...fleetRoutes({ one: 'vehicle', many: 'vehicles', type: 'Vehicle', what: 'vehicle', search: 'plate and tracker id', example: vehicle, update: { is_refrigerated: true } satisfies VehicleParams }),
  ...fleetRoutes({ one: 'trailer', many: 'trailers', type: 'Trailer', what: 'trailer', search: 'plate', example: trailer, update: { axles: 2 } satisfies TrailerParams }),
];
