/** GraphQL bridge: the only way app/ reaches the yoga instance. */
import { requestCaller } from '../../graph/company/caller';
import { asDomainError, catalogue, ServiceUnavailableError, type ErrorCode, type FieldError } from '../../graph/errors';
import { env } from '../../graph/env';
import { requestScope, statementsHeader } from '../../graph/request/request-scope';
import { yoga } from '../../graph/yoga';
import { bodyRefusal, hasBody, readJson, sendsJson } from '../../graph/limits/body';

export { yoga };

/**
 * A refusal made before yoga sees the request, in GraphQL's shape with the catalogue code (and
 * its en-US message, as every GraphQL error has). One whose body was not read to its end
 * closes the connection, so the rest is dropped (docs/limits.md, Request size).
 */
function refusal(code: ErrorCode, { close, fields }: { close: boolean; fields?: FieldError[] }): Response {
  const extensions = { code, ...(fields ? { fields } : {}), request_id: requestScope.getStore()?.id };
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (close) headers.connection = 'close';
  if (code === 'UNSUPPORTED_MEDIA_TYPE') headers.accept = 'application/json';
  return new Response(JSON.stringify({ errors: [{ message: catalogue[code].message, extensions }] }), { status: catalogue[code].status, headers });
}

/**
 * The request as yoga gets it: authenticated first (without a valid key, 401 and the body is
 * never read), then a POST's body read through the one reader (graph/limits/body.ts: size, shape and
 * deadline checked, JSON parsed) and handed on as checked text. A body that is not JSON, or not
 * a JSON object, answers 400 here, so no answer ever quotes what the client sent.
 */
async function checked(request: Request): Promise<Request | Response> {
  if (!(await requestCaller(request.headers.get('api-key')))) return refusal('UNAUTHORIZED', { close: hasBody(request.headers) });
  if (request.method !== 'POST') return request;
  if (!sendsJson(request)) return refusal('UNSUPPORTED_MEDIA_TYPE', { close: hasBody(request.headers) });
  const read = await readJson(request, env().bodyTimeoutMs);
  if (!read.ok) return refusal(bodyRefusal(read.problem).code, bodyRefusal(read.problem));
  if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) return refusal('BAD_REQUEST', { close: false });
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  return new Request(request.url, { method: 'POST', headers, body: read.text, signal: request.signal });
}

async function answer(request: Request): Promise<Response> {
  let ready: Request | Response;
  try {
    ready = await checked(request);
  } catch (e) {
    // The key read from a database that cannot be used: 503 with Retry-After, the outage logged
    // once (docs/limits.md, Database unavailable), as when the operation itself meets it.
    const known = asDomainError(e);
    if (!(known instanceof ServiceUnavailableError)) throw e;
    // The same answer as an operation that meets the outage: `data: null` and the one error.
    const refused = refusal('SERVICE_UNAVAILABLE', { close: hasBody(request.headers) });
    const { errors } = (await refused.json()) as { errors: unknown[] };
    const { headers } = known.extensions.http as { headers?: Record<string, string> };
    return new Response(JSON.stringify({ data: null, errors }), { status: refused.status, headers: { ...Object.fromEntries(refused.headers), ...headers } });
  }
  return ready instanceof Response ? ready : yoga.handle(ready, {});
}

/**
 * Answers one GraphQL over HTTP request. With SQL_STATS=1 the answer carries the SQL statements
 * it ran in `x-sql-statements`, as REST answers do (statement-count tests, the bench), from the
 * request's one counter (graph/request/request-scope.ts).
 */
export async function handleGraphql(request: Request): Promise<Response> {
  const response = await answer(request);
  for (const [name, value] of Object.entries(statementsHeader())) response.headers.set(name, value);
  return response;
}
