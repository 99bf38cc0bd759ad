// What the code serving a request learns about it for its log line (docs/security.md,
// Request ids and logs): the request id, the company once the key is read, the route once it
// is matched. The HTTP entry opens the scope; handlers deep inside fill it in.
import { AsyncLocalStorage } from 'node:async_hooks';

/** One request's facts; never its key, body or parameters. */
export interface RequestFacts {
  id: string;
  companyId?: number;
  route?: string;
  /** Milliseconds its writes spent in the events outbox before they committed (graph/events/outbox.ts). */
  outboxMs?: number;
  /** Settles once the answer has been sent (or the connection closed). */
  answered?: Promise<void>;
}

export const requestScope = new AsyncLocalStorage<RequestFacts>();

/** Adds facts to the current request's scope (nothing outside a request). */
export function noteRequest(facts: Partial<Omit<RequestFacts, 'id'>>): void {
  const scope = requestScope.getStore();
  if (scope) Object.assign(scope, facts);
}

/** Adds to the time the current request's writes spent recording events (nothing outside a request). */
export function noteOutboxTime(ms: number): void {
  const scope = requestScope.getStore();
  if (scope) scope.outboxMs = (scope.outboxMs ?? 0) + ms;
}
