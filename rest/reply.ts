// What the facade answers, built in one place: a JSON answer, a catalogue error body
// (docs/errors.md) from a refusal or a domain error, and a list's body.
import type { Readable } from 'node:stream';
import type { Locale } from '../graph/context.ts';
import type { DomainError, FieldError } from '../graph/errors.ts';
import { bodyRefusal, type BodyProblem } from '../graph/limits/body.ts';
import { errorResponse, fromGraphQLErrors, type ErrorBody } from './errors.ts';

/** What the facade answers: a status, headers and a JSON text or a file stream (no framework types). */
export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Readable;
}

export function json(status: number, body: unknown): RestAnswer {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) };
}

export function fail(status: number, body: ErrorBody, headers?: Record<string, string>): RestAnswer {
  const answer = json(status, body);
  if (headers) Object.assign(answer.headers, headers);
  return answer;
}

/** 413 for a body over its limit; the connection closes so the rest of the body is dropped. */
export function tooLarge(locale: Locale, fields?: FieldError[]): RestAnswer {
  return fail(413, errorResponse('PAYLOAD_TOO_LARGE', locale, fields).body, { connection: 'close' });
}

/** The answer to a refused body; one not read to its end closes the connection. */
export function refused(problem: BodyProblem, locale: Locale): RestAnswer {
  const { code, fields, close } = bodyRefusal(problem);
  const e = errorResponse(code, locale, fields);
  return fail(e.status, e.body, close ? { connection: 'close' } : undefined);
}

/** The catalogue answer of domain errors (their status, code, fields and headers). */
export function fromErrors(errors: Parameters<typeof fromGraphQLErrors>[0], locale: Locale): RestAnswer {
  const r = fromGraphQLErrors(errors, locale);
  return fail(r.status, r.body, r.headers);
}

export function fromError(e: DomainError, locale: Locale): RestAnswer {
  return fromErrors([e], locale);
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
