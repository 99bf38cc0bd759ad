import { schema } from '../../graph/schema.ts';
import type { PartnershipParams } from '../generated/operations.ts';
import { route, type RouteDef } from '../route.ts';
import { selectAll } from '../selection.ts';

const actor = selectAll(schema, 'Actor');
const partnership = selectAll(schema, 'Partnership');

// Typed by the generated operation types, so an example that drifts from the schema fails tsc.
const example: PartnershipParams = {
  name: 'Despachos Aduaneiros Santos Ltda',
  trading_name: 'DAS Brokers',
  nickname: 'DAS',
  description: 'Customs broker at the port of Santos',
  contact_details: 'ops@das.example.com, +55 13 3222-0000',
  official_document: '11222333000181',
  document_type: 'CNPJ',
  roles: [{ role: 'CUSTOMS_BROKER', access_group_slug: 'brokers' }, { role: 'FREIGHT_FORWARDER' }],
};

/** The actor and partnership routes of the public API. */
export const actorRoutes: RouteDef[] = [
  route({
    id: 'actors.list',
    method: 'GET',
    path: '/actors',
    tag: 'Actors',
    summary: 'List actors',
    description:
      'Lists the actors (partners) of the company, paginated. `filters[partnership_role]=IMPORTER` keeps actors holding that role; `search` matches names, nickname, internal code and document.',
    status: 200,
    list: true,
    document: `query ActorsList($limit: Int, $offset: Int, $after: String, $order_by: [ActorOrderBy!], $search: String, $filters: ActorFilters) {
      actors(limit: $limit, offset: $offset, after: $after, order_by: $order_by, search: $search, filters: $filters) { data { ${actor} } total_count total_count_exact next_cursor }
    }`,
  }),
  route({
    id: 'actors.get',
    method: 'GET',
    path: '/actors/{id}',
    tag: 'Actors',
    summary: 'Get an actor by id',
    description: 'One actor of your company (a partner company or person), as the list shows it. Another company\'s actor answers 404, like a missing one.',
    status: 200,
    pathExamples: { id: 3 },
    document: `query ActorsGet($id: Int!) { actor(id: $id) { ${actor} } }`,
  }),
  route({
    id: 'partnerships.list',
    method: 'GET',
    path: '/partnerships',
    tag: 'Actors',
    summary: 'List partnerships',
    description:
      "Lists the partnerships of the company, each with its partner actor and roles, paginated. `filters[role]=IMPORTER` keeps partnerships holding that role, `filters[internal_code]` the one of that code; `search` matches the partnership's nickname and internal code and the partner's names, nickname, internal code and document.",
    status: 200,
    list: true,
    document: `query PartnershipsList($limit: Int, $offset: Int, $after: String, $order_by: [PartnershipOrderBy!], $search: String, $filters: PartnershipFilters) {
      partnerships(limit: $limit, offset: $offset, after: $after, order_by: $order_by, search: $search, filters: $filters) { data { ${partnership} } total_count total_count_exact next_cursor }
    }`,
  }),
  route({
    id: 'partnerships.get',
    method: 'GET',
    path: '/partnerships/{id}',
    tag: 'Actors',
    summary: 'Get a partnership by id',
    description: "One partnership of your company with its partner actor and roles, as the list shows it. Another company's partnership answers 404, like a missing one.",
    status: 200,
    pathExamples: { id: 1 },
    document: `query PartnershipsGet($id: Int!) { partnership(id: $id) { ${partnership} } }`,
  }),
  route({
    id: 'partnerships.upsert',
    method: 'POST',
    path: '/partnerships',
    tag: 'Actors',
    summary: 'Create or update a partnership',
    description:
      'Identified by `internal_code`, or by `official_document` with `document_type`: an existing partnership is updated, otherwise the partner actor and the partnership are created. `name` and `roles` are required; roles sent replace the stored ones. CNPJ and CPF check digits are validated.',
    status: 201,
    example,
    document: `mutation PartnershipsUpsert($params: PartnershipParams!) { upsertPartnership(params: $params) { partnership { ${partnership} } } }`,
  }),
];
