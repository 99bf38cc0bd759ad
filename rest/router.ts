// The REST facade's entry (docs/decisions/008-rest-mount.md): one request for a path below
// /api, in the request scope the HTTP entry opened (graph/request/request-scope.ts: its locale,
// its SQL counter, its key authenticated once). The work is split by concern: matching
// (rest/match.ts), what a route writes and honours (rest/resources.ts), its input
// (rest/input.ts), its execution (rest/execute.ts) and the answers (rest/reply.ts).
import { defaultLocale, locales, requestLocale, type Context } from '../graph/context.ts';
import { asDomainError, DomainError, fieldMessages } from '../graph/errors.ts';
import { inTurn } from '../graph/company/workload.ts';
import { noteRequest, statementsHeader } from '../graph/request/request-scope.ts';
import { headerProblem, queryProblem } from '../graph/limits/request.ts';
import { yoga } from '../graph/yoga.ts';
import { errorResponse } from './errors.ts';
import { answerRoute } from './execute.ts';
import { readInput } from './input.ts';
import { allowedMethods, match } from './match.ts';
import { readQuery } from './query.ts';
import { fail, fromError, type RestAnswer } from './reply.ts';
import { headersOfRoute } from './resources.ts';

export type { RestAnswer };

/**
 * Handles one REST request for `path` (below /api): match -> auth -> read params ->
 * execute in-process through yoga -> wrap. Never throws; every failure is a catalogue body.
 * With SQL_STATS=1 the answer carries the request's SQL statements in `x-sql-statements`.
 */
export async function handleRest(request: Request, path: string): Promise<RestAnswer> {
  const answer = await handle(request, path);
  Object.assign(answer.headers, statementsHeader());
  return answer;
}

async function handle(request: Request, path: string): Promise<RestAnswer> {
  const locale = requestLocale(request);
  const search = new URL(request.url).search.slice(1);
  const badQuery = queryProblem(search);
  if (badQuery) return fail(400, errorResponse('BAD_REQUEST', locale, [badQuery]).body);
  const rawQuery = readQuery(search);
  const requested = rawQuery.locale ?? request.headers.get('locale');
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
      // The request's key, authenticated once for the whole request (graph/company/caller.ts).
      context = await contextFactory({});
    } catch (e) {
      if (e instanceof DomainError) return fromError(e, locale);
      throw e;
    }
    // Authenticated first (a request without a valid key got its 401 above, its body unread),
    // then the body arrives, within the body deadline, and only then does the request take its
    // company's turn, once (graph/company/workload.ts): a slow body holds no turn (docs/limits.md,
    // Requests at work at once).
    const input = await readInput(request, found, locale);
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
