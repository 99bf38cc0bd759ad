import { GraphQLError } from 'graphql';
import { isDatabaseUnavailable, noteIfUnavailable } from '../prisma/availability.ts';

/** Catalogue codes, the same in every locale. */
export type ErrorCode =
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'INTERNAL_SERVER_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'UNPROCESSABLE_ENTITY'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'METHOD_NOT_ALLOWED'
  | 'REQUEST_TIMEOUT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/** A field at fault: dotted name (`items.0.code`) and its en-US message. */
export interface FieldError {
  name: string;
  message: string;
}

/** The catalogue's en-US messages; REST translates them for other locales. */
export const catalogue: Record<ErrorCode, { status: number; message: string }> = {
  NOT_FOUND: { status: 404, message: 'Resource not found.' },
  BAD_REQUEST: { status: 400, message: 'One or more fields are invalid. Please fill in correctly and try again.' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Internal server error.' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized to access this resource.' },
  // A valid key without the scope the request needs (docs/authentication.md, Scopes).
  FORBIDDEN: { status: 403, message: "The API key's scopes do not allow this request." },
  UNPROCESSABLE_ENTITY: { status: 422, message: 'Provided data are invalid.' },
  // Beyond the specification's five codes (docs/decisions/010-write-path.md).
  CONFLICT: { status: 409, message: 'The resource is being changed by other requests. Please retry shortly.' },
  PRECONDITION_FAILED: { status: 412, message: 'The resource has changed since you read it.' },
  // HTTP-level refusals (docs/limits.md).
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed on this path.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request body did not arrive in time.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is larger than allowed.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be sent in a supported media type.' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests. Please retry later.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable. Please retry shortly.' },
};

/** Field messages; keys are stable, texts are the en-US wording. */
export const fieldMessages = {
  blank: "can't be blank",
  taken: 'has already been taken',
  missing: 'does not exist',
  invalid: 'is invalid',
  notAllowed: 'is not allowed in the current state',
  outOfRange: 'is out of range',
  tooLarge: 'is too large',
  stale: 'does not match the current version',
  keyReused: 'was used with another request',
  unknownParameter: 'is not a parameter of this route',
  tooLong: 'is too long (maximum is %{count} characters)',
  controlCharacters: 'must not contain control characters',
  unpairedSurrogate: 'must be valid Unicode text (it holds half of a surrogate pair)',
  tooMany: 'has too many items (maximum is %{count})',
  tooDeep: 'is nested too deeply (maximum depth is %{count})',
  notLinked: 'is not a line of an order linked to the process',
  ambiguous: 'matches lines of several linked orders',
  overBalance: 'exceeds the open balance of the order line',
  lineShipped: 'leaves out a line that is on a shipment',
  roleNotHeld: 'does not hold this role in a partnership',
  withId: 'cannot be sent together with the id',
  withCursor: 'cannot be sent together with after',
  ambiguousCode: 'matches several records; send the id',
  refusedTarget: 'must resolve to public addresses only',
  notRegistered: 'is not a document registered for the company',
  hashMismatch: 'does not match the hash of the query',
} as const;

/** A field message whose text names a limit (`%{count}`), in en-US. */
export function formatFieldMessage(key: keyof typeof fieldMessages, count: number): string {
  return fieldMessages[key].replace('%{count}', String(count));
}

/** A domain error: a GraphQL error whose extensions carry the catalogue code, fields and HTTP status. */
export class DomainError extends GraphQLError {
  constructor(code: ErrorCode, fields?: FieldError[], message = catalogue[code].message, headers?: Record<string, string>) {
    super(message, {
      extensions: { code, ...(fields?.length ? { fields } : {}), http: { status: catalogue[code].status, ...(headers ? { headers } : {}) } },
    });
  }
}

/** The row does not exist or belongs to another company (the two answer alike). */
export class NotFoundError extends DomainError {
  constructor() {
    super('NOT_FOUND');
  }
}

/** Readable but not acceptable input (422), with the fields at fault. */
export class ValidationError extends DomainError {
  constructor(fields: FieldError[]) {
    super('UNPROCESSABLE_ENTITY', fields);
  }
}

/** Input that cannot be read as the contract says (400). */
export class BadInputError extends DomainError {
  constructor(fields: FieldError[]) {
    super('BAD_REQUEST', fields);
  }
}

/** A lifecycle action not allowed from the current state (422). */
export class InvalidTransitionError extends DomainError {
  constructor(field: string, message: string = fieldMessages.notAllowed) {
    super('UNPROCESSABLE_ENTITY', [{ name: field, message }]);
  }
}

/** A write that kept colliding with concurrent writes after its retries (409, with Retry-After). */
export class ConflictError extends DomainError {
  constructor(retryAfterSeconds = 1) {
    super('CONFLICT', undefined, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/**
 * A statement ran past the statement timeout and was canceled, or the database cannot be used
 * now (docs/limits.md, Statement timeout and Database unavailable): retry later.
 */
export class ServiceUnavailableError extends DomainError {
  constructor(retryAfterSeconds = 1) {
    super('SERVICE_UNAVAILABLE', undefined, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** The company already has as many requests waiting as it may (docs/limits.md): retry shortly. */
export class TooManyRequestsError extends DomainError {
  constructor(retryAfterSeconds = 1) {
    super('TOO_MANY_REQUESTS', undefined, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** The resource changed since the version the client names in If-Match (412). */
export class PreconditionFailedError extends DomainError {
  constructor() {
    super('PRECONDITION_FAILED', [{ name: 'If-Match', message: fieldMessages.stale }]);
  }
}

/** Missing, unknown or revoked API key. */
export class UnauthorizedError extends DomainError {
  constructor() {
    super('UNAUTHORIZED');
  }
}

/**
 * The domain error a thrown error stands for: itself when it is one, 503 SERVICE_UNAVAILABLE
 * when it says the database cannot be used now (the outage logged once, prisma/availability.ts),
 * otherwise undefined (an unexpected error).
 */
export function asDomainError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (noteIfUnavailable(error)) return new ServiceUnavailableError();
  return undefined;
}

/** Whether a GraphQL error says the database cannot be used now (its original is the driver's error, or a 503 already). */
export function isUnavailableError(error: GraphQLError): boolean {
  return error.extensions?.code === 'SERVICE_UNAVAILABLE' || isDatabaseUnavailable(error);
}

/** Collects field errors while validating, then throws them together. */
export class FieldErrors {
  readonly list: FieldError[] = [];
  add(name: string, message: string): void {
    this.list.push({ name, message });
  }
  throwIfAny(Kind: new (f: FieldError[]) => DomainError = ValidationError): void {
    if (this.list.length) throw new Kind(this.list);
  }
}

/** A valid API key without the scope the request needs (docs/authentication.md, Scopes). */
export class ForbiddenError extends DomainError {
  constructor() {
    super('FORBIDDEN');
  }
}
