// A route's parameters in the reference: path and query variables with the bounds the router
// enforces, the headers it honours (graph/limits/request.ts), and the headers of its answer.
import { getNamedType, isInputObjectType, isListType, isNonNullType, type GraphQLEnumType } from 'graphql';
import type { ParameterObject, ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';
import { PAGE } from '../graph/schema-helpers/pagination/bounds.ts';
import type { CompiledRoute } from '../rest/match.ts';
import { headersOfRoute } from '../rest/resources.ts';
import { IDEMPOTENCY_KEY, IF_MATCH, PREFER, type HeaderRule } from '../graph/limits/request.ts';
import { SchemaRegistry, withLimits } from './schemas.ts';

/** The largest id a row can have: ids are 32-bit integers counted from 1. */
const MAX_ID = 2147483647;

/** What the reference says of each header a route honours (graph/limits/request.ts). */
const headerDocs = new Map<HeaderRule, { description: string; example?: string }>([
  [
    IF_MATCH,
    {
      description:
        'The `ETag` of your last read: the change is applied only if the resource is still as you read it, else 412 (weak comparison; `*` matches any existing resource; a list of tags, comma-separated, matches any of them).',
    },
  ],
  [
    IDEMPOTENCY_KEY,
    {
      description:
        'Makes a retry safe: the first answer to this request is kept with the key for 24 hours and replayed to a retry of the same request (`Idempotent-Replayed: true`); the key with another request answers 422, a retry while the first runs 409.',
      example: '3f1c6a52-5a8e-4f0e-9d7c-2b1f7e0c9a41',
    },
  ],
  [
    PREFER,
    {
      description:
        '`return=representation` answers `data` as the `GET` of the written record does (`Preference-Applied: return=representation`); `return=minimal`, or no header, keeps the short answer. Other preferences are ignored.',
      example: 'return=representation',
    },
  ],
]);

/** The headers of a route's successful answer: `Location` on a 201, `Preference-Applied` where `Prefer` is honoured (docs/index.md, "Full answers and Location"). */
export function answerHeaders(route: CompiledRoute): Record<string, { description: string; schema: SchemaObject }> | undefined {
  const headers: Record<string, { description: string; schema: SchemaObject }> = {};
  if (route.def.status === 201) {
    headers.Location = {
      description: "On a 201: the path of the created record's `GET` (`/api/...`); for a batch upsert, the collection it wrote to.",
      schema: { type: 'string', maxLength: 2048 },
    };
  }
  if (headersOfRoute(route).includes(PREFER)) {
    headers['Preference-Applied'] = { description: '`return=representation` when `data` is the whole record, as asked with `Prefer`.', schema: { type: 'string', enum: ['return=representation'] } };
  }
  return Object.keys(headers).length ? headers : undefined;
}

/** A header's schema: the bounds the router enforces. */
const headerSchema = (rule: HeaderRule): SchemaObject => ({
  type: 'string',
  ...(rule.minLength ? { minLength: rule.minLength } : {}),
  maxLength: rule.maxLength,
  ...(rule.pattern ? { pattern: rule.pattern.source } : {}),
});

/** The parameters of a route: its path and query variables, the headers it honours, the locale. */
export function parametersOf(route: CompiledRoute, registry: SchemaRegistry): (ParameterObject | ReferenceObject)[] {
  const params: (ParameterObject | ReferenceObject)[] = [];
  for (const v of route.variables) {
    if (v.from === 'body') continue;
    const named = getNamedType(v.type);
    const sortKey = v.name === 'order_by' && isInputObjectType(named) ? named : undefined;
    const p: ParameterObject = {
      name: v.name,
      in: v.from === 'path' ? 'path' : 'query',
      required: v.from === 'path' || isNonNullType(v.type),
      // order_by is published in its flat form only (below), so its input type is not.
      schema: sortKey ? {} : withLimits(registry.input(v.type), { name: v.name, type: v.type, extensions: v.extensions }),
    };
    // A path id names a row: 1 up to the largest id a row can have (docs/limits.md, "Ids in paths").
    if (v.from === 'path' && named.name === 'Int') p.schema = { ...p.schema, minimum: 1, maximum: MAX_ID };
    if (v.name === 'limit') p.schema = { ...p.schema, minimum: 1, maximum: PAGE.maxLimit, default: PAGE.defaultLimit };
    if (v.name === 'offset') p.schema = { ...p.schema, minimum: 0, default: 0 };
    if (v.from === 'path' && route.def.pathExamples?.[v.name] !== undefined) p.example = route.def.pathExamples[v.name];
    if (v.name === 'limit') p.description = `Page size, 1 to ${PAGE.maxLimit}.`;
    if (v.name === 'offset') p.description = route.variables.some((o) => o.name === 'after') ? 'Rows to skip; not with `after`.' : 'Rows to skip.';
    if (v.name === 'after') p.description = 'The `next_cursor` of the previous page: the rows after it.';
    if (sortKey) {
      // The flat form, which generated clients send as a plain string (docs/index.md).
      const fields = (getNamedType(sortKey.getFields().field.type) as GraphQLEnumType).getValues().map((e) => e.name);
      const key = `-?(${fields.join('|')})`;
      const first = fields.includes('inserted_at') ? 'inserted_at' : (fields.find((f) => f !== 'id') ?? fields[0]);
      const example = fields.includes('id') && first !== 'id' ? `-${first},id` : `-${first}`;
      p.schema = { type: 'string', pattern: `^${key}(,${key})*$`, maxLength: 500, example };
      p.style = 'form';
      p.explode = false;
      p.description =
        'Sort keys, comma-separated, most significant first; a leading `-` sorts descending: `order_by=-inserted_at,id`. ' +
        'The bracketed form `order_by[0][field]=inserted_at&order_by[0][order]=DESC_NULLS_LAST` is accepted too and also sets where nulls go; sending both forms is a 400.';
    } else if (isInputObjectType(named) || isListType(isNonNullType(v.type) ? v.type.ofType : v.type)) {
      p.style = 'deepObject';
      p.explode = true;
      p.description = `Filters, e.g. \`${v.name}[field]=value\`.`;
    }
    if (v.name === 'search') p.description = 'Case-insensitive text search.';
    params.push(p);
  }
  for (const rule of headersOfRoute(route)) params.push({ name: rule.name, in: 'header', required: false, ...headerDocs.get(rule)!, schema: headerSchema(rule) });
  params.push({ $ref: '#/components/parameters/locale' });
  return params;
}

