// The one transactional write path of the domain (docs/decisions/010-write-path.md): every
// mutation runs its work through `write()`, every multi-statement read through `snapshot()`.
import { chain, type ErrorLike } from '../../prisma/availability.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { ConflictError, ServiceUnavailableError, ValidationError, fieldMessages } from '../errors.ts';
import { sharedClient as client, unitOfWork as current } from '../db.ts';
import { noteIfUnavailable } from '../../prisma/availability.ts';

/** A Prisma client bound to one open transaction. */
export type Tx = Prisma.TransactionClient;

/** Attempts of a transaction that keeps failing on a serialization failure or a deadlock. */
const MAX_ATTEMPTS = 6;
/** How long a write keeps waiting for earlier changes of the resources it changes to be relayed (RetryAfterSettling). */
const SETTLE_WITHIN_MS = 15_000;
/** What a caller whose retries ran out is told to wait before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 1;

/** Options of one write. */
export interface WriteOptions {
  /** Field named by the 422 "has already been taken" when a unique index refuses a row. */
  uniqueField?: string | ((constraint: string | undefined) => string);
  /** Run at REPEATABLE READ: a row changed since the transaction's first read fails it (If-Match). */
  repeatableRead?: boolean;
  /** Transaction time limit in ms (default 60 s; batches of full trees take seconds under load). */
  timeout?: number;
  /**
   * The events relay's own transaction (graph/events/relay.ts): it waits for nothing before it
   * opens, and it changes no table events are about, so it has no outbox to check.
   */
  relay?: boolean;
}

/** Work the write path runs at the end of every transaction it opens, before the commit. */
export type BeforeCommit = (tx: Tx) => Promise<void>;
const beforeCommit: BeforeCommit[] = [];

/**
 * Registers work every transaction of the write path runs last, inside the transaction: the
 * events outbox (graph/events/outbox.ts) checks that no earlier change of the resources its
 * triggers captured still waits for the relay, and has its own change relayed once committed.
 */
export function beforeEveryCommit(hook: BeforeCommit): void {
  if (!beforeCommit.includes(hook)) beforeCommit.push(hook);
}

/** Work the write path waits for before it opens a transaction. */
const beforeTransaction: (() => Promise<void>)[] = [];

/**
 * Registers work every transaction of the write path waits for before it opens: a request
 * writing waits for the events of its company's earlier writes in this process to be
 * relayed (graph/events/relay.ts), rather than meeting them not relayed and running twice.
 */
export function beforeEveryTransaction(hook: () => Promise<void>): void {
  if (!beforeTransaction.includes(hook)) beforeTransaction.push(hook);
}

/**
 * Schedules work for once the open transaction of the write path has committed, outside it
 * (the relay of its events, graph/events/relay.ts); a transaction that rolls back or is run
 * again drops what it scheduled.
 */
export function afterCommit(work: () => void): void {
  const open = current.getStore();
  if (!open?.afterCommit) throw new Error('afterCommit: no transaction of the write path is open');
  open.afterCommit.push(work);
}

/**
 * An error that asks the write path to wait for `settle` and run the transaction again: a
 * resource whose earlier change is not relayed yet is not changed meanwhile (graph/events/outbox.ts).
 */
export class RetryAfterSettling extends Error {
  readonly retryable = true;
  constructor(readonly settle: () => Promise<void>) {
    super('an earlier change of the same resource is still being relayed');
  }
}


/** A serialization failure, a deadlock, or no connection free in time: worth running again. */
export function isRetryable(error: unknown): boolean {
  return chain(error).some(
    (e) =>
      (e as { retryable?: unknown }).retryable === true ||
      e.code === 'P2034' ||
      e.kind === 'TransactionWriteConflict' ||
      e.code === '40001' ||
      e.code === '40P01' ||
      e.originalCode === '40001' ||
      e.originalCode === '40P01' ||
      (e.code === 'P2028' && typeof (e as { message?: unknown }).message === 'string' && /start a transaction/.test((e as { message: string }).message)),
  );
}

/** A statement canceled by the statement timeout (PostgreSQL 57014, query_canceled). */
export function isStatementTimeout(error: unknown): boolean {
  return chain(error).some((e) => e.code === '57014' || e.originalCode === '57014');
}

/** The unique index a violation names, or undefined when the error is not a unique violation. */
export function uniqueViolation(error: unknown): { constraint: string | undefined } | undefined {
  for (const e of chain(error)) {
    if (e.code === 'P2002' || e.kind === 'UniqueConstraintViolation' || e.code === '23505') {
      const found = chain(error).find((c) => c.kind === 'UniqueConstraintViolation') as { constraint?: { index?: string; fields?: string[] } } | undefined;
      return { constraint: found?.constraint?.index ?? found?.constraint?.fields?.join(',') };
    }
  }
  return undefined;
}

/**
 * The 503 of a database that cannot be used, the driver's error kept as its `cause`: background
 * work that meets it (the events relay) is recognised as part of the outage, logged once
 * (prisma/availability.ts), not as a failure of its own. Never sent to a client.
 */
function outage(error: unknown): ServiceUnavailableError {
  return Object.assign(new ServiceUnavailableError(RETRY_AFTER_SECONDS), { cause: error });
}

/**
 * Runs `work` as one transaction. Inside an open transaction it joins it (the caller owns
 * commit and retry). A serialization failure or deadlock reruns the whole of `work` with a
 * jittered backoff, up to MAX_ATTEMPTS; when they run out the caller gets 409 with
 * Retry-After. A unique index refusing a row becomes 422 "has already been taken".
 */
export async function write<T>(work: (tx: Tx) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  const open = current.getStore();
  if (open && !open.readOnly) {
    try {
      return await work(open.tx);
    } catch (error) {
      // Joined: the opener retries. Passed up through GraphQL execution as a domain error it keeps its meaning.
      if (isRetryable(error)) throw Object.assign(new ConflictError(RETRY_AFTER_SECONDS), { retryable: true });
      throw error;
    }
  }
  if (!options.relay) for (const hook of beforeTransaction) await hook();
  const settleBy = Date.now() + SETTLE_WITHIN_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const committed: (() => void)[] = [];
      const finished = async (tx: Tx) => {
        const result = await work(tx);
        if (!options.relay) for (const hook of beforeCommit) await hook(tx);
        return result;
      };
      const result = await client().$transaction((tx) => current.run({ tx, readOnly: false, afterCommit: committed }, () => finished(tx)), {
        timeout: options.timeout ?? 60_000,
        maxWait: 10_000,
        ...(options.repeatableRead ? { isolationLevel: 'RepeatableRead' as const } : {}),
      });
      for (const work of committed) work();
      return result;
    } catch (error) {
      // A database that cannot be used answers 503 at once: the client retries after Retry-After,
      // not this request while it holds its company's turn (docs/limits.md, Database unavailable).
      if (isStatementTimeout(error)) throw new ServiceUnavailableError(RETRY_AFTER_SECONDS);
      if (noteIfUnavailable(error)) throw outage(error);
      // A write that met earlier changes not relayed yet waits for them and runs again without using up its
      // attempts: under a dozen writers of one row each round lets one through.
      const settling = chain(error).find((e): e is ErrorLike & RetryAfterSettling => e instanceof RetryAfterSettling);
      if (settling && Date.now() < settleBy) {
        await settling.settle();
        attempt -= 1;
        continue;
      }
      if (isRetryable(error)) {
        if (attempt >= MAX_ATTEMPTS) throw new ConflictError(RETRY_AFTER_SECONDS);
        await sleep(Math.random() * 10 * 2 ** attempt);
        continue;
      }
      const unique = uniqueViolation(error);
      if (unique && options.uniqueField) {
        const field = typeof options.uniqueField === 'function' ? options.uniqueField(unique.constraint) : options.uniqueField;
        throw new ValidationError([{ name: field, message: fieldMessages.taken }]);
      }
      throw error;
    }
  }
}

/**
 * Runs a read of several statements on one snapshot (REPEATABLE READ, read only), so a page
 * and its nested trees show one state even while writers replace children between its
 * statements. Inside an open transaction it joins it.
 */
export async function snapshot<T>(work: () => Promise<T>): Promise<T> {
  if (current.getStore()) return work();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await client().$transaction((tx) => current.run({ tx, readOnly: true }, work), {
        timeout: 60_000,
        maxWait: 10_000,
        isolationLevel: 'RepeatableRead',
      });
    } catch (error) {
      if (isStatementTimeout(error)) throw new ServiceUnavailableError(RETRY_AFTER_SECONDS);
      if (noteIfUnavailable(error)) throw outage(error);
      // A read-only snapshot never conflicts; only waiting for a connection can be retried.
      if (isRetryable(error) && attempt < 3) continue;
      throw error;
    }
  }
}
