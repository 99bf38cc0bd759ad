// The error answers of the reference: one component per catalogue code (graph/errors.ts), each
// listed on the routes that can give it (docs/errors.md).
import type { OpenApiBuilder, SchemaObject } from 'openapi3-ts/oas31';
import { catalogue, type ErrorCode } from '../graph/errors.ts';
import { inputLimits } from '../graph/limits/values.ts';
import { neededScope } from '../graph/company/scopes.ts';
import { schema as graphSchema } from '../graph/schema.ts';
import type { CompiledRoute } from '../rest/match.ts';
import { resourceOfRoute } from '../rest/resources.ts';

/** Retry-After in seconds: at least one, at most an hour. */
const RETRY_AFTER: SchemaObject = { type: 'integer', format: 'int32', minimum: 1, maximum: 3600 };

/** Error answers; `on` says which routes can give them (every route when absent). */
export const errorResponses: {
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

/** The `Error` schema and one response component per error answer. */
export function addErrorComponents(builder: OpenApiBuilder): void {
  builder.addSchema('Error', {
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
}

/** The error answers a route can give, as references to their components. */
export const errorRefsOf = (route: CompiledRoute) =>
  Object.fromEntries(errorResponses.filter((e) => e.on?.(route) ?? true).map((e) => [e.status, { $ref: `#/components/responses/${e.name}` }]));
