// The one place REST turns a mutation payload's `userErrors` (graph/schema-helpers/payload.ts, docs/graphql.md
// "Mutation payloads") into the catalogue error it answers (docs/errors.md): the mutations run
// as for `/graphql`, and a broken rule answers its code's status with its fields, as it always
// has (`422` with `fields`, `404`, `400`).
import { DomainError, type ErrorCode, type FieldError } from '../graph/errors.ts';
import type { ExecutionOutcome } from './if-match.ts';

/** A listed rule, as a route's document selects it (rest/answer.ts). */
interface ListedError {
  field: string | null;
  code: ErrorCode;
  message: string;
}

/**
 * The domain error `userErrors` stand for: the code of the first, with the fields of every one of
 * that code (a request refused for its arguments lists the `BAD_REQUEST` ones first, and answers
 * those, as graph/limits/arguments.ts orders them). A rule of the whole request lists `field:
 * null`, and a `NOT_FOUND` names the argument that located the record, which the path names in
 * REST: neither is a field of the answer.
 */
function catalogueError(listed: ListedError[]): DomainError {
  const { code } = listed[0];
  const fields: FieldError[] = code === 'NOT_FOUND' ? [] : listed.flatMap((e) => (e.code === code && e.field !== null ? [{ name: e.field, message: e.message }] : []));
  return new DomainError(code, fields);
}

/** The outcome of a route's document with its payload's `userErrors`, if any, as its error (the record is null then). */
export function userErrorsAsErrors(outcome: ExecutionOutcome): ExecutionOutcome {
  if (outcome.errors?.length) return outcome;
  for (const value of Object.values(outcome.data ?? {})) {
    const listed = (value as { userErrors?: ListedError[] } | null)?.userErrors;
    if (listed?.length) return { ...outcome, errors: [catalogueError(listed)] };
  }
  return outcome;
}
