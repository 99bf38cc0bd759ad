import { Readable } from 'node:stream';
import {
  getOperationAST,
  Kind,
  parse,
  typeFromAST,
  validate,
  type DocumentNode,
  type FieldNode,
  type GraphQLInputType,
} from 'graphql';
import { sqlCounter } from '../prisma/database.ts';
import { localeOf, locales, defaultLocale, type Context, type Locale } from '../graph/context.ts';
import { asDomainError, BadInputError, DomainError, FieldErrors, NotFoundError, fieldMessages, formatFieldMessage, type FieldError } from '../graph/errors.ts';
import { schema } from '../graph/schema.ts';
import { yoga } from '../graph/yoga.ts';
import { env } from '../graph/env.ts';
import { storage } from '../graph/storage.ts';
import { storedFileKey } from '../graph/process/documents.ts';
import { assertBatchSize } from '../graph/limits/values.ts';
import { inTurn } from '../graph/company/workload.ts';
import { runIfMatch, type ExecutionOutcome } from './if-match.ts';
import { once, requestHash } from './idempotency.ts';
import { headerProblem, IDEMPOTENCY_KEY, IF_MATCH, type HeaderRule } from './headers.ts';
import { noteRequest } from '../graph/kit/request-scope.ts';
import { decode } from './decode.ts';
import { flatOrderBy, readQuery, sortsBothWays } from './query.ts';
import { readMultipart } from './multipart.ts';
import { bodyLimits, bodyRefusal, readJson, sendsJson, withDeadline, type BodyProblem } from './body.ts';
import { errorResponse, fromGraphQLErrors, type ErrorBody } from './errors.ts';
import type { CompiledRoute, RouteDef } from './route.ts';
import { answerField, valueAt, withWarnings } from './answer.ts';
import { answerWrite, PREFER, twinsOf } from './representation.ts';

export type { CompiledRoute };
import { wasCreated } from '../graph/kit/created.ts';
import { routes } from './routes/index.ts';

/** Compiles a route; an invalid document or an unbound path parameter fails at start-up. */
export function compileRoute(def: RouteDef): CompiledRoute {
  const document = withWarnings(schema, parse(def.document));
  const problems = validate(schema, document);
  if (problems.length) throw new Error(`route ${def.id}: ${problems.map((p) => p.message).join('; ')}`);
  const op = getOperationAST(document);
  if (!op || op.selectionSet.selections.length !== 1 || op.selectionSet.selections[0].kind !== 'Field') {
    throw new Error(`route ${def.id}: the document must have exactly one root field`);
  }
  const pathParams = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const root = op.selectionSet.selections[0] as FieldNode;
  const rootDef = (op.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType())?.getFields()[root.name.value];
  const variables = (op.variableDefinitions ?? []).map((v) => {
    const name = v.variable.name.value;
    const type = typeFromAST(schema, v.type as never) as GraphQLInputType;
    const from = pathParams.includes(name) ? 'path' : name === 'params' ? 'body' : 'query';
    const fed = root.arguments?.find((a) => a.value.kind === Kind.VARIABLE && a.value.name.value === name)?.name.value;
    return { name, type, from, extensions: rootDef?.args.find((a) => a.name === fed)?.extensions } as const;
  });
  for (const p of pathParams) {
    if (!variables.some((v) => v.name === p)) throw new Error(`route ${def.id}: path parameter {${p}} has no variable`);
  }
  const pattern = new RegExp(`^${def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '([^/]+)')}/?$`);
  return {
    def,
    pattern,
    pathParams,
    document,
    answerPath: answerField(schema, op).path,
    variables,
  };
}

/** Every route of the table, compiled. */
export const compiledRoutes: CompiledRoute[] = routes.map(compileRoute);

/** Whether `path` is `prefix` or lies below it. */
const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The GET of the single resource a PUT or DELETE changes: the longest GET path equal to the
 * route's path or a leading part of it (`/processes/{id}/finish` -> `/processes/{id}`) whose
 * path parameters the route also has, with no list between the two: a write to a collection
 * or its members (`/operations/{operation_id}/orders`) never changes the record that scopes it
 * (`/operations/{operation_id}`). Its answer is what an `If-Match` tag names.
 */
function resourceOf(route: CompiledRoute): CompiledRoute | undefined {
  if (route.def.method !== 'PUT' && route.def.method !== 'DELETE') return undefined;
  const lists = compiledRoutes.filter((r) => r.def.method === 'GET' && r.def.list).map((r) => r.def.path);
  return compiledRoutes
    .filter(
      (r) =>
        r.def.method === 'GET' &&
        !r.def.list &&
        !r.def.download &&
        within(route.def.path, r.def.path) &&
        r.pathParams.every((p) => route.pathParams.includes(p)) &&
        !lists.some((list) => list !== r.def.path && within(list, r.def.path) && within(route.def.path, list)),
    )
    .sort((a, b) => b.def.path.length - a.def.path.length)[0];
}

/** For each PUT and DELETE route, the resource its `If-Match` refers to (docs/decisions/010-write-path.md). */
const resources = new Map(compiledRoutes.map((r) => [r, resourceOf(r)]));

/** Routes whose conditional writes are honoured, for the OpenAPI description and the docs. */
export function resourceOfRoute(route: CompiledRoute): CompiledRoute | undefined {
  return resources.get(route);
}

/** For each route, the GET of the resource it writes: full answers and Location (rest/representation.ts). */
const twins = twinsOf(compiledRoutes);

/** Methods whose requests may carry an Idempotency-Key. */
const IDEMPOTENT = new Set(['POST', 'PUT']);

/** The headers a route honours, each with its bound (rest/headers.ts): the router checks them, the OpenAPI document publishes them. */
export function headersOfRoute(route: CompiledRoute): HeaderRule[] {
  return [
    ...(resources.get(route) ? [IF_MATCH] : []),
    ...(IDEMPOTENT.has(route.def.method) && !route.def.multipart && !route.def.revealsSecret ? [IDEMPOTENCY_KEY] : []),
    ...(twins.get(route)?.representation ? [PREFER] : []),
  ];
}

/** What the facade answers: a status, headers and a JSON text or a file stream (no framework types). */
export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Readable;
}

function json(status: number, body: unknown): RestAnswer {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) };
}

function fail(status: number, body: ErrorBody, headers?: Record<string, string>): RestAnswer {
  const answer = json(status, body);
  if (headers) Object.assign(answer.headers, headers);
  return answer;
}

/** The route of `method` and `path`; HEAD is answered by the GET route, without its body. */
function match(method: string, path: string): { route: CompiledRoute; values: string[] } | null {
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const route of compiledRoutes) {
    if (route.def.method !== wanted) continue;
    const m = route.pattern.exec(path);
    if (m) return { route, values: m.slice(1) };
  }
  return null;
}

/** The methods a path is declared with, as an `Allow` header, or null for an unknown path. */
function allowedMethods(path: string): string | null {
  const methods = new Set<string>(compiledRoutes.filter((r) => r.pattern.test(path)).map((r) => r.def.method));
  if (!methods.size) return null;
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'].filter((m) => methods.has(m)).join(', ');
}

/** The largest JSON body a call takes, however it is sent, REST and GraphQL alike (docs/limits.md). */
export const MAX_JSON_BYTES = bodyLimits.bytes;
/** The longest query string a call takes (docs/limits.md). */
export const MAX_QUERY_BYTES = 8 * 1024;

/** 413 for a body over its limit; the connection closes so the rest of the body is dropped. */
function tooLarge(locale: Locale, fields?: FieldError[]): RestAnswer {
  return fail(413, errorResponse('PAYLOAD_TOO_LARGE', locale, fields).body, { connection: 'close' });
}

/** The answer to a refused body; one not read to its end closes the connection. */
function refused(problem: BodyProblem, locale: Locale): RestAnswer {
  const { code, fields, close } = bodyRefusal(problem);
  const e = errorResponse(code, locale, fields);
  return fail(e.status, e.body, close ? { connection: 'close' } : undefined);
}

/** What a route's body gave, read before the request's turn, or the answer refusing it. */
type RouteInput = { body?: unknown; cleanup?: () => Promise<void> } | { answer: RestAnswer };

/**
 * Reads a route's body through the one reader (rest/body.ts), within the body deadline: a JSON
 * body checked and parsed, or a multipart form kept in temporary files (`cleanup` removes them).
 */
async function readInput(request: Request, route: CompiledRoute, locale: Locale): Promise<RouteInput> {
  const deadlineMs = env().bodyTimeoutMs;
  if (route.def.multipart) {
    const timed = withDeadline(request, deadlineMs);
    const read = await readMultipart(timed.request, env().maxUploadBytes);
    if (timed.late()) {
      if (read.ok) await read.cleanup();
      return { answer: refused('timeout', locale) };
    }
    if (!read.ok && read.tooLarge) return { answer: tooLarge(locale, read.fields) };
    if (!read.ok) return { answer: fail(400, errorResponse('BAD_REQUEST', locale, read.fields).body) };
    return { body: { params: read.params }, cleanup: read.cleanup };
  }
  if (!route.variables.some((v) => v.from === 'body')) return {};
  if (!sendsJson(request)) return { answer: fail(415, errorResponse('UNSUPPORTED_MEDIA_TYPE', locale).body, { accept: 'application/json' }) };
  const read = await readJson(request, deadlineMs);
  return read.ok ? { body: read.value } : { answer: refused(read.problem, locale) };
}

/** A path segment as text, or null when its percent-encoding is malformed. */
function pathValue(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Handles one REST request for `path` (below /api): match -> auth -> read params ->
 * execute in-process through yoga -> wrap. Never throws; every failure is a catalogue body.
 */
export async function handleRest(request: Request, path: string): Promise<RestAnswer> {
  const counter = { statements: 0 };
  const answer = await sqlCounter.run(counter, () => handle(request, path));
  if (env().sqlStats) answer.headers['x-sql-statements'] = String(counter.statements);
  return answer;
}

async function handle(request: Request, path: string): Promise<RestAnswer> {
  const search = new URL(request.url).search.slice(1);
  if (search.length > MAX_QUERY_BYTES) {
    return fail(400, errorResponse('BAD_REQUEST', localeOf(request), [{ name: 'query', message: formatFieldMessage('tooLong', MAX_QUERY_BYTES) }]).body);
  }
  const rawQuery = readQuery(search);
  const requested = rawQuery.locale ?? request.headers.get('locale');
  const locale: Locale = localeOf(request);
  const found = match(request.method, path);
  if (found) noteRequest({ route: found.route.def.id });
  if (!found) {
    // A declared path with another method: 405 naming the methods it has (OPTIONS: just those).
    const allow = allowedMethods(path);
    if (!allow) return fail(404, errorResponse('NOT_FOUND', locale).body);
    if (request.method === 'OPTIONS') return { status: 204, headers: { allow }, body: '' };
    return fail(405, errorResponse('METHOD_NOT_ALLOWED', locale).body, { allow });
  }
  if (requested !== undefined && requested !== null && !(locales as readonly unknown[]).includes(requested)) {
    const e = errorResponse('BAD_REQUEST', defaultLocale, [{ name: 'locale', message: fieldMessages.invalid }]);
    return fail(e.status, e.body);
  }
  // The headers the route honours, within their bounds before any work (docs/limits.md, "Headers").
  const badHeaders = headersOfRoute(found.route).flatMap((rule) => headerProblem(rule, request.headers.get(rule.name)) ?? []);
  if (badHeaders.length) return fail(400, errorResponse('BAD_REQUEST', locale, badHeaders).body);
  try {
    const { contextFactory, execute } = yoga.getEnveloped({ request });
    let context: Context;
    try {
      context = (await contextFactory()) as unknown as Context;
      // REST answers a broken rule with its catalogue status, so mutations throw it (graph/kit/payload.ts).
      context.rulesAsErrors = true;
    } catch (e) {
      if (e instanceof DomainError) return fromError(e, locale);
      throw e;
    }
    // Authenticated first (a request without a valid key got its 401 above, its body unread),
    // then the body arrives, within the body deadline, and only then does the request take its
    // company's turn: a slow body holds no turn (docs/limits.md, Requests at work at once).
    const input = await readInput(request, found.route, locale);
    if ('answer' in input) return input.answer;
    try {
      return await inTurn(context, () => answerRoute({ request, found, rawQuery, locale, context, execute, body: input.body }));
    } finally {
      await input.cleanup?.();
    }
  } catch (e) {
    // A domain error, or a database that cannot be used (503, graph/errors.ts asDomainError).
    const known = asDomainError(e);
    if (known) return fromError(known, locale);
    const err = errorResponse('INTERNAL_SERVER_ERROR', locale);
    console.error('[rest] unexpected error', request.method, path, e instanceof Error ? e.message : e);
    return fail(err.status, err.body);
  }
}

/** One authenticated request to a matched route: read params -> execute -> wrap. Throws domain errors. */
async function answerRoute({ request, found, rawQuery, locale, context, execute, body }: {
  request: Request;
  found: NonNullable<ReturnType<typeof match>>;
  rawQuery: Record<string, unknown>;
  locale: Locale;
  context: Context;
  execute: ReturnType<typeof yoga.getEnveloped>['execute'];
  /** The body readInput gave (before the turn). */
  body: unknown;
}): Promise<RestAnswer> {
  const { route, values } = found;
  const errors = new FieldErrors();
  const variableValues: Record<string, unknown> = {};
  if (route.variables.some((v) => v.from === 'body') && (body === null || typeof body !== 'object' || Array.isArray(body) || !('params' in body))) {
    errors.add('params', fieldMessages.blank);
    errors.throwIfAny(BadInputError);
  }
  // Every query parameter is one the route takes, or `locale` (docs/index.md).
  const taken = new Set(route.variables.filter((v) => v.from === 'query').map((v) => v.name));
  for (const name of Object.keys(rawQuery)) if (name !== 'locale' && !taken.has(name)) errors.add(name, fieldMessages.unknownParameter);
  for (const v of route.variables) {
    let value: unknown;
    if (v.from === 'path') {
      value = pathValue(values[route.pathParams.indexOf(v.name)]);
      if (value === null) {
        errors.add(v.name, fieldMessages.invalid);
        continue;
      }
    } else if (v.from === 'body') {
      value = (body as { params: unknown }).params;
      assertBatchSize(value);
    } else {
      value = rawQuery[v.name];
      if (v.name === 'order_by' && sortsBothWays(new URL(request.url).search.slice(1))) {
        errors.add('order_by', fieldMessages.invalid);
        continue;
      }
      if (v.name === 'order_by' && typeof value === 'string') value = flatOrderBy(value);
    }
    const source = v.from !== 'body' ? 'query' : route.def.multipart ? 'form' : 'json';
    const decoded = decode(value, v.type, v.from === 'body' ? '' : v.name, source, errors);
    if (decoded !== undefined) variableValues[v.name] = decoded;
  }
  errors.throwIfAny(BadInputError);
  const run = (document: DocumentNode, values: Record<string, unknown>) =>
    execute({ schema, document, variableValues: values, contextValue: context }) as Promise<ExecutionOutcome>;
  const respond = async (): Promise<RestAnswer> => {
    const ifMatch = request.headers.get('if-match');
    const resource = resources.get(route);
    const result =
      ifMatch !== null && resource
        ? await runIfMatch(ifMatch, route, resource, variableValues, run)
        : await run(route.document, variableValues);
    if (result.errors?.length) {
      const e = fromGraphQLErrors(result.errors, locale);
      return fail(e.status, e.body, e.headers);
    }
    const value = valueAt(result.data, route.answerPath);
    // A lookup that found nothing is a 404 in REST, so `data` is never null (docs/index.md).
    if (value === null || value === undefined) {
      const e = fromGraphQLErrors([new NotFoundError()], locale);
      return fail(e.status, e.body, e.headers);
    }
    if (route.def.download) return await fileResponse(value as StoredFileRef, context.company.id, locale);
    if (route.def.list) return json(route.def.status, listBody(value as Record<string, unknown>));
    // What tracking replaced of the values sent travels beside `data` (docs/processes/foreign_trade_shipment.md, "Warnings").
    // A PUT that created its resource answers 201 (graph/kit/created.ts), with its Location.
    const status = wasCreated(context) ? 201 : route.def.status;
    const written = await answerWrite({ route, twins: twins.get(route), request, status, variables: variableValues, data: result.data, locale, run });
    const answer = json(written.status, written.body);
    Object.assign(answer.headers, written.headers);
    return answer;
  };
  // A POST or PUT with an Idempotency-Key answers its retries with its first answer.
  const key = request.headers.get('idempotency-key');
  if (key === null || !headersOfRoute(route).includes(IDEMPOTENCY_KEY)) return await respond();
  return await once(context.company.id, key, requestHash(request, body), respond);
}

type StoredFileRef = { document_id: number; content_type: string; original_filename: string };

/**
 * Types a browser may show as they are (docs/security.md, Downloads); anything else, HTML and
 * SVG among them, is answered as application/octet-stream so it never runs on this origin.
 */
const SAFE_DOWNLOAD_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain', 'text/csv']);

/** A document's file, always as an attachment, with its type only when that type is safe. */
async function fileResponse(ref: StoredFileRef, companyId: number, locale: Locale): Promise<RestAnswer> {
  const key = await storedFileKey(companyId, ref.document_id);
  const file = key ? await storage().get(key) : null;
  if (!file) return fail(404, errorResponse('NOT_FOUND', locale).body);
  const ascii = ref.original_filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const type = ref.content_type.split(';')[0].trim().toLowerCase();
  return {
    status: 200,
    body: file.stream(),
    headers: {
      'content-type': SAFE_DOWNLOAD_TYPES.has(type) ? type : 'application/octet-stream',
      'content-length': String(file.size),
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(ref.original_filename)}`,
    },
  };
}

function fromError(e: DomainError, locale: Locale): RestAnswer {
  const r = fromGraphQLErrors([e], locale);
  return fail(r.status, r.body, r.headers);
}

/**
 * A list's answer as REST gives it: `total_count_exact` only when the count stopped at the cap
 * (`false`); an exact count answers as it always did (docs/limits.md, "Counts").
 */
export function listBody(page: Record<string, unknown>): Record<string, unknown> {
  if (page.total_count_exact !== true) return page;
  const exact = { ...page };
  delete exact.total_count_exact;
  return exact;
}
