import { GraphQLNonNull, getOperationAST, isInputObjectType, isListType, isNonNullType, getNamedType, type FieldNode, type GraphQLEnumType, type GraphQLType } from 'graphql';
import { OpenApiBuilder, type OperationObject, type ParameterObject, type SchemaObject } from 'openapi3-ts/oas31';
import { env } from '../graph/env.ts';
import { catalogue, type ErrorCode } from '../graph/errors.ts';
import { locales, defaultLocale } from '../graph/context.ts';
import { PAGE } from '../graph/kit/page.ts';
import { COUNT_CAP, isCountedWhole } from '../graph/kit/count.ts';
import { schema as graphSchema } from '../graph/schema.ts';
import { compiledRoutes, type CompiledRoute } from '../rest/match.ts';
import { headersOfRoute, resourceOfRoute } from '../rest/resources.ts';
import { IDEMPOTENCY_KEY, IF_MATCH, type HeaderRule } from '../rest/headers.ts';
import { PREFER } from '../rest/representation.ts';
import { tagGroups, tags as tagDescriptions } from '../rest/routes/index.ts';
import { answerField, warningCodes } from '../rest/answer.ts';
import { warningsSchema } from './warnings.ts';
import { inlineFragments } from '../rest/selection.ts';
import { exampleOf } from './examples.ts';
import { codeSamplesOf } from './samples.ts';
import { SchemaRegistry, withLimits } from './schemas.ts';
import { inputLimits } from '../graph/limits/values.ts';
import { neededScope } from '../graph/company/scopes.ts';


/** Error answers; `on` says which routes can give them (every route when absent). */
/** Retry-After in seconds: at least one, at most an hour. */
const RETRY_AFTER: SchemaObject = { type: 'integer', format: 'int32', minimum: 1, maximum: 3600 };

const errorResponses: {
  status: string;
  code: ErrorCode;
  name: string;
  example?: { name: string; message: string }[];
  on?: (route: CompiledRoute) => boolean;
  headers?: Record<string, { description: string; schema: SchemaObject }>;
}[] = [
  { status: '400', code: 'BAD_REQUEST', name: 'BadRequest', example: [{ name: 'limit', message: 'is out of range' }] },
  { status: '401', code: 'UNAUTHORIZED', name: 'Unauthorized' },
  // A key without the scope the route needs (docs/authentication.md, Scopes): every key reads.
  { status: '403', code: 'FORBIDDEN', name: 'Forbidden', on: (route) => neededScope(graphSchema, route.document) !== 'read' },
  { status: '404', code: 'NOT_FOUND', name: 'NotFound' },
  {
    status: '409',
    code: 'CONFLICT',
    name: 'Conflict',
    on: (route) => route.def.method !== 'GET',
    headers: { 'Retry-After': { description: 'Seconds to wait before sending the request again.', schema: RETRY_AFTER } },
  },
  { status: '408', code: 'REQUEST_TIMEOUT', name: 'RequestTimeout', on: (route) => route.variables.some((v) => v.from === 'body') },
  {
    status: '412',
    code: 'PRECONDITION_FAILED',
    name: 'PreconditionFailed',
    example: [{ name: 'If-Match', message: 'does not match the current version' }],
    on: (route) => resourceOfRoute(route) !== undefined,
  },
  {
    status: '413',
    code: 'PAYLOAD_TOO_LARGE',
    name: 'PayloadTooLarge',
    example: [{ name: 'params', message: `has too many items (maximum is ${inputLimits.batchItems})` }],
    on: (route) => route.variables.some((v) => v.from === 'body'),
  },
  {
    status: '415',
    code: 'UNSUPPORTED_MEDIA_TYPE',
    name: 'UnsupportedMediaType',
    on: (route) => !route.def.multipart && route.variables.some((v) => v.from === 'body'),
  },
  { status: '422', code: 'UNPROCESSABLE_ENTITY', name: 'UnprocessableEntity', example: [{ name: 'code', message: "can't be blank" }] },
  {
    status: '429',
    code: 'TOO_MANY_REQUESTS',
    name: 'TooManyRequests',
    headers: {
      'Retry-After': { description: 'Seconds to wait before sending the request again.', schema: RETRY_AFTER },
      'RateLimit-Policy': { description: 'The limit of the key: quota `q` of points per window of `w` seconds, e.g. `"requests";q=100;w=1`.', schema: { type: 'string' } },
      RateLimit: { description: 'Points left `r` and seconds `t` until the window starts again, e.g. `"requests";r=0;t=1`.', schema: { type: 'string' } },
    },
  },
  { status: '500', code: 'INTERNAL_SERVER_ERROR', name: 'InternalServerError' },
  {
    status: '503',
    code: 'SERVICE_UNAVAILABLE',
    name: 'ServiceUnavailable',
    headers: { 'Retry-After': { description: 'Seconds to wait before sending the request again.', schema: RETRY_AFTER } },
  },
];

const intro = `The HTTP API of the trade tracking platform: operations, purchase and sales orders, import and export processes with their foreign trade shipment, products, partners and costs.

* **Authentication**: send your API key in the \`api-key\` header on every call.
* **Envelopes**: request bodies are wrapped in \`params\` (an object, or an array for batch upserts); answers wrap the result in \`data\`.
* **Locale**: \`locale\` query parameter or header (\`pt-BR\` default, \`en-US\`, \`es-ES\`) translates error messages; codes never change.
* **Pagination**: \`limit\` (1 to ${PAGE.maxLimit}, default ${PAGE.defaultLimit}), \`offset\` (default 0) or \`after\` (the \`next_cursor\` of the previous page, null on the last), \`order_by=-inserted_at,id\` (or \`order_by[0][field]=inserted_at&order_by[0][order]=DESC\`).
* **Values**: amounts, weights and quantities are decimal strings (\`"1234.5600"\`, the scale you send is kept); dates are ISO 8601 date-times in UTC.
* **Errors**: \`{ "code", "message", "fields": [{ "name", "message" }] }\` with dotted field names such as \`internal_codes.0.code\`.
* **Concurrency**: writes to one record apply one after the other; \`PUT\` and \`DELETE\` of a record honour \`If-Match\` with the \`ETag\` of a \`GET\` (412 when it changed since); a write that keeps colliding with others answers 409 with \`Retry-After\`.
* **Fair share**: a company's requests beyond five at work at once wait their turn; beyond a hundred waiting, 429 with \`Retry-After\`.
* **Idempotency**: send \`Idempotency-Key\` on a \`POST\` or \`PUT\` to make its retries safe: the first answer is replayed for 24 hours.
* **Rate limits**: 100 points a second per API key, a request costing one and a REST write four; every answer carries \`RateLimit-Policy\` and \`RateLimit\`, and a request beyond the limit gets 429 with \`Retry-After\`.`;

/** The largest id a row can have: ids are 32-bit integers counted from 1. */
const MAX_ID = 2147483647;

/** What the reference says of each header a route honours (rest/headers.ts). */
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
function answerHeaders(route: CompiledRoute): Record<string, { description: string; schema: SchemaObject }> | undefined {
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

function parametersOf(route: CompiledRoute, registry: SchemaRegistry): ParameterObject[] {
  const params: ParameterObject[] = [];
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
  params.push({ $ref: '#/components/parameters/locale' } as unknown as ParameterObject);
  return params;
}

/** Builds the OpenAPI 3.1 description from the route table and the GraphQL types. */
export function buildOpenApi() {
  const registry = new SchemaRegistry();
  const builder = OpenApiBuilder.create()
    .addOpenApiVersion('3.1.0')
    .addInfo({
      title: 'Trade tracking platform API',
      version: '1.0',
      description: intro,
      contact: { name: 'TradeTrack integration support', url: `${env().websiteUrl}/support`, email: 'support@tradetrack.example' },
      license: { name: 'Proprietary', url: `${env().websiteUrl}/terms` },
    })
    .addServer({ url: '/api', description: 'This server' })
    .addSecurityScheme('api-key', { type: 'apiKey', in: 'header', name: 'api-key', description: 'Your company API key.' })
    .addParameter('locale', {
      name: 'locale',
      in: 'query',
      required: false,
      description: 'Language of error messages (the `locale` header works too).',
      schema: { type: 'string', enum: [...locales], default: defaultLocale },
    })
    .addSchema('Error', {
      type: 'object',
      required: ['code', 'message', 'request_id'],
      properties: {
        code: { type: 'string', enum: Object.keys(catalogue) },
        message: { type: 'string' },
        fields: {
          type: 'array',
          items: { type: 'object', required: ['name', 'message'], properties: { name: { type: 'string' }, message: { type: 'string' } } },
        },
        request_id: { type: 'string', description: 'The id of the request (also in the `X-Request-Id` header): quote it to support.' },
      },
    });
  for (const e of errorResponses) {
    builder.addResponse(e.name, {
      description: catalogue[e.code].message,
      ...(e.headers ? { headers: e.headers } : {}),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Error' },
          example: { code: e.code, message: catalogue[e.code].message, ...(e.example ? { fields: e.example } : {}), request_id: 'req_5f0c2a9e41d3b7c8a6e1f402' },
        },
      },
    });
  }
  const tags = new Set<string>();
  const paths: Record<string, Record<string, OperationObject>> = {};
  for (const route of compiledRoutes) {
    const { def } = route;
    tags.add(def.tag);
    const op = getOperationAST(route.document)!;
    // The answer: the root field, or the record of a mutation's payload.
    const { node: first, field: rootType } = answerField(graphSchema, op);
    // The answer's schema is read field by field: the fragments' fields take their spreads' places.
    const root: FieldNode = first.selectionSet ? { ...first, selectionSet: inlineFragments(first.selectionSet, route.document) } : first;
    const bodySchema: SchemaObject = def.download
      ? {}
      : def.list
      ? (() => {
          const listType = getNamedType(rootType.type);
          const sel = root.selectionSet!.selections.find((s) => s.kind === 'Field' && s.name.value === 'data') as FieldNode;
          const dataField = (listType as unknown as { getFields(): Record<string, { type: never }> }).getFields().data;
          const selected = (name: string) => root.selectionSet!.selections.some((s) => s.kind === 'Field' && s.name.value === name);
          // The events feed is read by cursor alone: its cursor is kept after the last page.
          if (selected('has_more'))
            return <SchemaObject>{
              type: 'object',
              required: ['data', 'next_cursor', 'has_more'],
              properties: {
                data: registry.selection(dataField.type, sel.selectionSet),
                next_cursor: { type: ['string', 'null'], maxLength: 64, description: 'Pass as `after` for the next page; kept after the last page, since newer rows come after it.' },
                has_more: { type: 'boolean', description: 'Whether more rows already follow this page.' },
              },
            };
          // The other lists count their rows and name the cursor of the next page (docs/index.md, "Pagination and sorting").
          return <SchemaObject>{
            type: 'object',
            required: ['data', 'total_count', ...(selected('next_cursor') ? ['next_cursor'] : [])],
            properties: {
              data: registry.selection(dataField.type, sel.selectionSet),
              // A list of global reference data counts whole (docs/limits.md, "Counts").
              total_count: isCountedWhole(getNamedType(dataField.type as GraphQLType).name)
                ? { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647, description: 'Rows matching, over all pages (global reference data, counted whole).' }
                : {
                    type: 'integer',
                    format: 'int32',
                    minimum: 0,
                    maximum: COUNT_CAP,
                    description: `Rows matching, over all pages, counted up to ${COUNT_CAP}; beyond that ${COUNT_CAP} with \`total_count_exact\` false (see Limits, "Counts").`,
                  },
              ...(selected('total_count_exact')
                ? { total_count_exact: { type: 'boolean', enum: [false], description: `Present, and false, only when more than ${COUNT_CAP} rows match and \`total_count\` stopped at ${COUNT_CAP}.` } }
                : {}),
              ...(selected('next_cursor')
                ? { next_cursor: { type: ['string', 'null'], description: 'Pass as `after`, with the same `order_by`, filters and `search`, to read the next page; null on the last page.' } }
                : {}),
            },
          };
        })()
      : // A lookup that finds nothing answers 404, so `data` is never null.
        { type: 'object', required: ['data'], properties: { data: registry.selection(isNonNullType(rootType.type) ? rootType.type : new GraphQLNonNull(rootType.type), root.selectionSet) } };
    const warns = def.list || def.download ? [] : warningCodes(graphSchema, route.document);
    if (warns.length) bodySchema.properties!.warnings = warningsSchema(warns);
    const bodyVar = route.variables.find((v) => v.from === 'body');
    const partial = !!bodyVar && def.method === 'PUT' && route.pathParams.length > 0 && !isListType(isNonNullType(bodyVar.type) ? bodyVar.type.ofType : bodyVar.type);
    const operation: OperationObject = {
      operationId: def.id,
      tags: [def.tag],
      summary: def.summary,
      description: def.description,
      security: [{ 'api-key': [] }],
      parameters: parametersOf(route, registry),
      ...(bodyVar
        ? {
            requestBody: {
              required: true,
              content: def.multipart
                ? { 'multipart/form-data': { schema: registry.input(bodyVar.type), ...(def.example !== undefined ? { example: def.example } : {}) } }
                : {
                    'application/json': {
                      schema: { type: 'object', required: ['params'], properties: { params: withLimits(registry.input(bodyVar.type, partial), bodyVar, inputLimits.batchItems) } },
                      ...(def.example !== undefined ? { example: { params: def.example } } : {}),
                    },
                  },
            },
          }
        : {}),
      // Every operation shows its request ready to paste, in the documentation's three languages.
      'x-codeSamples': codeSamplesOf({
        method: def.method,
        path: def.path,
        pathExamples: def.pathExamples ?? {},
        body: bodyVar && !def.multipart ? { params: def.example } : undefined,
        form: bodyVar && def.multipart ? (def.example as Record<string, unknown>) : undefined,
      }),
      responses: {
        [String(def.status)]: def.download
          ? { description: 'The file, with its content type and a content-disposition naming the original file.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
          : {
              description: def.status === 201 ? 'Created.' : 'OK.',
              ...(answerHeaders(route) ? { headers: answerHeaders(route) } : {}),
              content: { 'application/json': { schema: bodySchema } },
            },
        ...Object.fromEntries(errorResponses.filter((e) => e.on?.(route) ?? true).map((e) => [e.status, { $ref: `#/components/responses/${e.name}` }])),
      },
    };
    paths[def.path] ??= {};
    paths[def.path][def.method.toLowerCase()] = operation;
  }
  for (const [name, s] of Object.entries(registry.components)) builder.addSchema(name, s);
  const components = builder.getSpec().components!.schemas as Record<string, SchemaObject>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const content = (operation.responses as Record<string, { content?: Record<string, { schema: SchemaObject; example?: unknown }> }>);
      for (const res of Object.values(content)) {
        const media = res.content?.['application/json'];
        if (media && media.example === undefined) media.example = exampleOf(media.schema, components);
      }
    }
  }
  for (const [path, item] of Object.entries(paths)) builder.addPath(path, item);
  for (const tag of tags) builder.addTag({ name: tag, description: tagDescriptions[tag] });
  const ungrouped = [...tags].filter((t) => !tagGroups.some((g) => g.tags.includes(t)));
  if (ungrouped.length) throw new Error(`tags in no group of rest/routes/index.ts: ${ungrouped.join(', ')}`);
  return { ...builder.getSpec(), 'x-tagGroups': tagGroups };
}
