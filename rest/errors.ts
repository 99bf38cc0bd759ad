import type { GraphQLError } from 'graphql';
import type { Locale } from '../graph/context.ts';
import { catalogue, type ErrorCode, type FieldError } from '../graph/errors.ts';
import { requestScope } from '../graph/request/request-scope.ts';
import { codeMessage, fieldMessage } from './i18n/index.ts';

/** The error body of the public API. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fields?: FieldError[];
  /** The request's id (its `X-Request-Id`), to quote to support. */
  request_id?: string;
}

function isCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && code in catalogue;
}

/** Builds the catalogue body and status for a code, translated to the locale. */
export function errorResponse(code: ErrorCode, locale: Locale, fields?: FieldError[]): { status: number; body: ErrorBody } {
  const body: ErrorBody = { code, message: codeMessage(code, locale) };
  if (fields?.length) body.fields = fields.map((f) => ({ name: f.name, message: fieldMessage(f.message, locale) }));
  const request = requestScope.getStore();
  if (request) body.request_id = request.id;
  return { status: catalogue[code].status, body };
}

/**
 * The one place a GraphQL outcome becomes an HTTP status and a catalogue body: domain
 * errors carry their code and fields; anything else is a 500 that tells nothing more.
 */
export function fromGraphQLErrors(
  errors: readonly GraphQLError[] | readonly unknown[],
  locale: Locale,
): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  const first = errors[0] as { extensions?: { code?: unknown; fields?: FieldError[]; http?: { headers?: Record<string, string> } } } | undefined;
  const code = first?.extensions?.code;
  if (isCode(code)) return { ...errorResponse(code, locale, first?.extensions?.fields), headers: first?.extensions?.http?.headers };
  return errorResponse('INTERNAL_SERVER_ERROR', locale);
}
