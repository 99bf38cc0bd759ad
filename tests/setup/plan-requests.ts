// The requests of tests/query-plans.test.ts, made from what the app publishes, so that a route,
// a list, a filter or a sort key added later is covered without a change here:
// - every GET route of /openapi.json, its path filled with one of the company's records, a
//   list with `search` too where it has one;
// - every root list (`...List`) and connection (`...Connection`) of graph/schema.graphql: once
//   with its nodes' fields (every field without arguments, and each link of the node with
//   its own fields) and its counts, then once per filter field and once per
//   sort key, their keys only.
// Every page is of PAGE rows.
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';

/**
 * The page size of every request: a page of 10 keys is 1 % of a table of 1,000 rows, so an
 * index is the plan for it at both sizes (a page of 100 of 1,000 rows is rightly read by a
 * sequential scan of the table's 15 pages).
 */
export const PAGE = 10;

/** One request: a REST GET path or a GraphQL document, and a name for the failures. */
export type PlanRequest = { name: string; path: string } | { name: string; query: string };

/** Values of the company's records that paths, arguments and filters name. */
export interface PlanValues {
  /** A record id by the word naming it in a path or a filter (`products`, `orders`, `actor`...). */
  ids: Record<string, number>;
  /** A code by the word naming it (`product`, `order`, `process`, `key`...). */
  codes: Record<string, string>;
  operation: number;
}

type OpenApi = { paths: Record<string, { get?: { operationId: string; parameters?: { name: string; in: string; required?: boolean; schema?: { format?: string } }[] } }> };

/** The id or code a path parameter names, from the route's path: `/products/{id}` names a product. */
function pathValue(path: string, param: string, v: PlanValues): string {
  if (param === 'operation_id') return String(v.operation);
  const resource = path.split('/').filter((s) => s && !s.startsWith('{')).at(-1)!;
  const singular = (plural: string) => plural.replace(/-by-.*$/, '').replace(/(ss)es$|s$/, '$1').replace(/-/g, '_');
  const word = singular(resource);
  if (param === 'id' || param === 'process_id') return String(v.ids[word] ?? v.ids[singular(path.split('/')[1])]);
  if (param === 'code' && word === 'airport') return 'GRU';
  if (param === 'code' || param === 'reference_code') return encodeURIComponent(v.codes[word] ?? v.codes.product);
  if (param === 'unlocode' || param === 'port_unlocode') return 'BRSSZ';
  if (param === 'scac') return 'MAEU';
  if (param === 'prefix') return v.codes.key;
  if (param === 'mmsi') return v.codes.mmsi;
  throw new Error(`no value for {${param}} of ${path}`);
}

/** Paths the company has no record for: a document download needs a stored file, a carrier connection one made with credentials. */
const WITHOUT_RECORD = /\/documents\/\{id\}$|^\/carrier-connections\/\{scac\}$/;

/** Every GET route of the API description, filled. */
export function restRequests(doc: OpenApi, v: PlanValues): PlanRequest[] {
  const requests: PlanRequest[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const get = item.get;
    if (!get || WITHOUT_RECORD.test(path) || (path.includes('{mmsi}') && !v.codes.mmsi)) continue;
    const filled = path.replace(/\{(\w+)\}/g, (_m, p: string) => pathValue(path, p, v));
    const parameters = (get.parameters ?? []).filter((p) => p.in === 'query');
    const query = new Set(parameters.map((p) => p.name));
    // Required query parameters are date-times (a window of port calls): the last 30 days.
    const required = parameters.filter((p) => p.required).map((p, i) => `${p.name}=${new Date(Date.now() - (1 - i) * 30 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z')}`);
    const list = [...required, ...(query.has('limit') ? [`limit=${PAGE}`] : [])].join('&');
    requests.push({ name: `GET ${path}${list ? '?' + list : ''}`, path: filled + (list ? '?' + list : '') });
    if (query.has('search')) requests.push({ name: `GET ${path}?search`, path: `${filled}?search=ZZ&${list}` });
  }
  return requests;
}

const schema = () => buildSchema(readFileSync('graph/schema.graphql', 'utf8'));

/** A literal of `type` for an argument or filter field named `name`, from the company's values. */
function literal(type: GraphQLInputType, name: string, v: PlanValues): string | undefined {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const one = literal(inner.ofType, name.replace(/s$/, '').replace(/_ids$/, '_id'), v);
    return one === undefined ? undefined : `[${one}]`;
  }
  const named = getNamedType(inner);
  if (isEnumType(named)) return named.getValues()[0].name;
  if (isInputObjectType(named)) return undefined;
  switch (named.name) {
    case 'Boolean':
      return 'true';
    case 'Int': {
      if (name === 'operation_id') return String(v.operation);
      const word = name.replace(/_id$/, '');
      return String(v.ids[word] ?? v.ids[`${word}s`] ?? 1);
    }
    case 'DateTime':
      return JSON.stringify(new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z'));
    case 'String': {
      if (/unlocode/.test(name)) return '"BRSSZ"';
      const word = name.replace(/_?(reference_)?codes?$/, '') || 'product';
      return JSON.stringify(v.codes[word] ?? 'ZZ');
    }
    default:
      return '"1"';
  }
}

/** The fields of a node without arguments, leaves only. */
const leaves = (type: GraphQLObjectType) =>
  Object.values(type.getFields()).filter((f) => !f.args.length && isLeafType(getNamedType(f.type))).map((f) => f.name);

/** A node's selection: its leaves, and each link (a field with `first`) with its own leaves. */
function nodeSelection(type: GraphQLObjectType): string {
  const parts = leaves(type);
  for (const f of Object.values(type.getFields())) {
    if (!f.args.some((a) => a.name === 'first')) continue;
    const target = getNamedType(f.type) as GraphQLObjectType;
    const edges = target.getFields().edges;
    if (edges) {
      const node = getNamedType((getNamedType(edges.type) as GraphQLObjectType).getFields().node.type) as GraphQLObjectType;
      parts.push(`${f.name}(first: ${PAGE}) { edges { cursor node { ${leaves(node).join(' ')} } } pageInfo { endCursor } }`);
    } else parts.push(`${f.name}(first: ${PAGE}) { ${leaves(target).join(' ')} }`);
  }
  return parts.join(' ');
}

/** The required arguments of a root field, as literals. */
function requiredArgs(field: GraphQLField<unknown, unknown>, v: PlanValues): string[] {
  return field.args.filter((a) => isNonNullType(a.type)).map((a) => `${a.name}: ${literal(a.type, a.name, v)}`);
}

/** Every root list and connection: whole, then per filter field and per sort key. */
export function graphqlRequests(v: PlanValues): PlanRequest[] {
  const requests: PlanRequest[] = [];
  for (const field of Object.values(schema().getQueryType()!.getFields())) {
    const type = getNamedType(field.type);
    if (!isObjectType(type) || !/(List|Connection)$/.test(type.name)) continue;
    const connection = type.name.endsWith('Connection');
    // A carrier connection is a record, not a page.
    if (!type.getFields()[connection ? 'edges' : 'data']) continue;
    const node = getNamedType(
      connection ? (getNamedType(type.getFields().edges.type) as GraphQLObjectType).getFields().node.type : type.getFields().data.type,
    ) as GraphQLObjectType;
    const fixed = requiredArgs(field, v);
    const call = (args: string[]) => `${field.name}(${[...fixed, ...args].join(', ')})`;
    const size = (n: number) => (connection ? `first: ${n}` : `limit: ${n}`);
    const counts = connection ? 'totalCount totalCountExact' : 'total_count total_count_exact';
    const rows = (selection: string) => (connection ? `edges { node { ${selection} } } pageInfo { endCursor }` : `data { ${selection} }`);
    const counted = (f: GraphQLArgument | undefined) => (f ? counts : '');
    const key = leaves(node).includes('id') ? 'id' : leaves(node)[0];
    requests.push({ name: `${field.name} whole`, query: `{ ${call([size(PAGE)])} { ${counts} ${rows(nodeSelection(node))} } }` });
    const filters = field.args.find((a) => a.name === 'filters');
    const filterType = filters && getNamedType(filters.type);
    if (filterType && isInputObjectType(filterType)) {
      for (const f of Object.values(filterType.getFields())) {
        const value = literal(f.type, f.name, v);
        if (value === undefined) continue;
        requests.push({ name: `${field.name} filters.${f.name}`, query: `{ ${call([size(10), `filters: { ${f.name}: ${value} }`])} { ${counted(filters)} ${rows(key)} } }` });
      }
    }
    const orderBy = field.args.find((a) => a.name === 'order_by');
    const sortType = orderBy && getNamedType(orderBy.type);
    if (sortType && isInputObjectType(sortType)) {
      for (const sortKey of (getNamedType(sortType.getFields().field.type) as import('graphql').GraphQLEnumType).getValues()) {
        requests.push({ name: `${field.name} order_by ${sortKey.name}`, query: `{ ${call([size(10), `order_by: [{ field: ${sortKey.name}, order: DESC }]`])} { ${rows(key)} } }` });
      }
    }
  }
  return requests;
}
