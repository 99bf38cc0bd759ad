// One request's scope, opened once by the HTTP entry (app/server/request-log.server.ts) for
// REST and GraphQL alike: what its log line tells (docs/security.md, Request ids and logs: the
// request id, the company once the key is read, the route once it is matched), and what the
// request's work is done once for and then shared: its locale, its SQL statement counter, the
// key it authenticated with (graph/company/caller.ts) and the company turn it holds
// (graph/company/workload.ts). Handlers deep inside read it and fill it in.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlCount } from '../../prisma/database.ts';
import { env } from '../env.ts';
import type { CallerKey } from '../company/auth.ts';
import type { Locale } from '../locale.ts';

/** One request's facts; never its key's secret, body or parameters. */
export interface RequestFacts {
  id: string;
  /** The locale the request asks for, read by the HTTP entry (graph/locale.ts). */
  locale?: Locale;
  /** The SQL statements the request has run, counted from the HTTP entry on (SQL_STATS, the snapshot reads of graph/yoga.ts). */
  sql?: SqlCount;
  /** The request's key, authenticated by the first part of the request that asks (graph/company/caller.ts). */
  caller?: Promise<CallerKey | null>;
  /** The company whose turn the request holds while its work runs (graph/company/workload.ts). */
  turn?: number;
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

/**
 * The `x-sql-statements` header of the current request's answer: with SQL_STATS=1, the SQL
 * statements it has run so far, from its one counter; otherwise (or outside a request) none.
 * REST and GraphQL answers both carry it (statement-count tests, the bench).
 */
export function statementsHeader(): Record<string, string> {
  const statements = requestScope.getStore()?.sql?.statements;
  return env().sqlStats && statements !== undefined ? { 'x-sql-statements': String(statements) } : {};
}
