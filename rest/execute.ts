// One authenticated request to a matched route, in its company's turn: its variables bound,
// its document executed in-process through yoga (graph/yoga.ts) with the request's context,
// under its `If-Match` and `Idempotency-Key`, and the result wrapped as the route answers.
import type { DocumentNode } from 'graphql';
import type { Context, Locale } from '../graph/context.ts';
import { NotFoundError } from '../graph/errors.ts';
import { wasCreated } from '../graph/request/created.ts';
import { schema } from '../graph/schema.ts';
import type { yoga } from '../graph/yoga.ts';
import { valueAt } from './answer.ts';
import { fileResponse, type StoredFileRef } from './download.ts';
import { IDEMPOTENCY_KEY } from '../graph/limits/request.ts';
import { once, requestHash } from './idempotency.ts';
import { runIfMatch, type ExecutionOutcome } from './if-match.ts';
import { variablesOf } from './input.ts';
import type { MatchedRoute } from './match.ts';
import { fromErrors, json, listBody, type RestAnswer } from './reply.ts';
import { answerWrite } from './representation.ts';
import { headersOfRoute, resourceOfRoute, twinsOfRoute } from './resources.ts';
import { userErrorsAsErrors } from './user-errors.ts';

/** What a route's execution needs of the request, once it is authenticated and its body read. */
export interface RouteCall {
  request: Request;
  found: MatchedRoute;
  rawQuery: Record<string, unknown>;
  locale: Locale;
  context: Context;
  execute: ReturnType<typeof yoga.getEnveloped>['execute'];
  /** The body readInput gave (before the turn). */
  body: unknown;
}

/** One authenticated request to a matched route: read params -> execute -> wrap. Throws domain errors. */
export async function answerRoute({ request, found, rawQuery, locale, context, execute, body }: RouteCall): Promise<RestAnswer> {
  const { route } = found;
  const variableValues = variablesOf(found, request, rawQuery, body);
  // A payload's broken rules answer as its catalogue error (rest/user-errors.ts), wherever the document runs.
  const run = async (document: DocumentNode, values: Record<string, unknown>) =>
    userErrorsAsErrors((await execute({ schema, document, variableValues: values, contextValue: context })) as ExecutionOutcome);
  const respond = async (): Promise<RestAnswer> => {
    const ifMatch = request.headers.get('if-match');
    const resource = resourceOfRoute(route);
    const result =
      ifMatch !== null && resource
        ? await runIfMatch(ifMatch, route, resource, variableValues, run)
        : await run(route.document, variableValues);
    if (result.errors?.length) return fromErrors(result.errors, locale);
    const value = valueAt(result.data, route.answerPath);
    // A lookup that found nothing is a 404 in REST, so `data` is never null (docs/index.md).
    if (value === null || value === undefined) return fromErrors([new NotFoundError()], locale);
    if (route.def.download) return await fileResponse(value as StoredFileRef, context.company.id, locale);
    if (route.def.list) return json(route.def.status, listBody(value as Record<string, unknown>));
    // What tracking replaced of the values sent travels beside `data` (docs/processes/foreign_trade_shipment.md, "Warnings").
    // A PUT that created its resource answers 201 (graph/request/created.ts), with its Location.
    const status = wasCreated(context) ? 201 : route.def.status;
    const written = await answerWrite({ route, twins: twinsOfRoute(route), request, status, variables: variableValues, data: result.data, locale, run });
    const answer = json(written.status, written.body);
    Object.assign(answer.headers, written.headers);
    return answer;
  };
  // A POST or PUT with an Idempotency-Key answers its retries with its first answer.
  const key = request.headers.get('idempotency-key');
  if (key === null || !headersOfRoute(route).includes(IDEMPOTENCY_KEY)) return await respond();
  return await once(context.company.id, key, requestHash(request, body), respond);
}
