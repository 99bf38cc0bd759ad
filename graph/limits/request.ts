// The bounds of a REST request's query string and of the headers a route honours besides the
// key and the locale (docs/limits.md, "Request size" and "Headers"). The router checks them
// before any work, and the OpenAPI document publishes the same header bounds on the same routes.
import { fieldMessages, formatFieldMessage, type FieldError } from '../errors.ts';

/** The longest query string a call takes (docs/limits.md). */
export const MAX_QUERY_BYTES = 8 * 1024;

/** What is wrong with a query string (without its `?`), or null when it is within its bound. */
export function queryProblem(search: string): FieldError | null {
  return search.length > MAX_QUERY_BYTES ? { name: 'query', message: formatFieldMessage('tooLong', MAX_QUERY_BYTES) } : null;
}

/** A header a route honours, and what a value of it may be. */
export interface HeaderRule {
  name: string;
  /** Most characters a value may have; a longer one answers 400 `is too long`. */
  maxLength: number;
  /** Fewest characters (an empty value answers 400 `is invalid`). */
  minLength?: number;
  /** What every value must match, else 400 `is invalid`. */
  pattern?: RegExp;
}

/** `If-Match` on the writes of one record: a list of entity tags, or `*` (docs/index.md, Conditional writes). */
export const IF_MATCH: HeaderRule = { name: 'If-Match', maxLength: 1024 };

/** `Idempotency-Key` on a JSON `POST` or `PUT`: 1 to 255 visible ASCII characters (docs/index.md, Idempotent requests). */
export const IDEMPOTENCY_KEY: HeaderRule = { name: 'Idempotency-Key', minLength: 1, maxLength: 255, pattern: /^[\x21-\x7e]+$/ };

/** What is wrong with the value of one header, or null when it is within its bounds (or absent). */
export function headerProblem(rule: HeaderRule, value: string | null): FieldError | null {
  if (value === null) return null;
  if (value.length > rule.maxLength) return { name: rule.name, message: formatFieldMessage('tooLong', rule.maxLength) };
  if (value.length < (rule.minLength ?? 0) || (rule.pattern && !rule.pattern.test(value))) return { name: rule.name, message: fieldMessages.invalid };
  return null;
}

/** `Prefer` on the writes that honour it: a short list of preferences (docs/limits.md, "Headers"). */
export const PREFER: HeaderRule = { name: 'Prefer', maxLength: 256 };
