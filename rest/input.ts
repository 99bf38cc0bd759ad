// A route's input: the body read through the one reader (graph/limits/body.ts) before the request's
// turn, then the variables of its document bound from the path, the body and the query string
// and decoded by their GraphQL types (rest/decode.ts). Bad input is refused before any work.
import type { Locale } from '../graph/context.ts';
import { BadInputError, FieldErrors, fieldMessages } from '../graph/errors.ts';
import { env } from '../graph/env.ts';
import { assertBatchSize } from '../graph/limits/values.ts';
import { bodyLimits, readJson, sendsJson, withDeadline } from '../graph/limits/body.ts';
import { decode } from './decode.ts';
import { errorResponse } from './errors.ts';
import type { MatchedRoute } from './match.ts';
import { readMultipart } from './multipart.ts';
import { flatOrderBy, sortsBothWays } from './query.ts';
import { fail, refused, tooLarge, type RestAnswer } from './reply.ts';

/** The largest JSON body a call takes, however it is sent, REST and GraphQL alike (docs/limits.md). */
export const MAX_JSON_BYTES = bodyLimits.bytes;

/** What a route's body gave, read before the request's turn, or the answer refusing it. */
export type RouteInput = { body?: unknown; cleanup?: () => Promise<void> } | { answer: RestAnswer };

/**
 * Reads a route's body through the one reader (graph/limits/body.ts), within the body deadline: a JSON
 * body checked and parsed, or a multipart form kept in temporary files (`cleanup` removes them).
 */
export async function readInput(request: Request, { route }: MatchedRoute, locale: Locale): Promise<RouteInput> {
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
 * The variables of a matched route's document, bound by name from its path, the body's
 * `params` and the query string, and decoded by their GraphQL types; every problem found is
 * thrown at once (400).
 */
export function variablesOf({ route, values }: MatchedRoute, request: Request, rawQuery: Record<string, unknown>, body: unknown): Record<string, unknown> {
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
  return variableValues;
}
