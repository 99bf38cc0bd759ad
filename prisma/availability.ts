// Whether the database server can be used, as this process sees it (docs/limits.md, Database
// unavailable). A request that meets an unreachable server answers 503 SERVICE_UNAVAILABLE
// (graph/ maps the errors this module recognises); the process logs one line when an outage
// starts and one when a statement succeeds again, never a stack trace per request.

/** PostgreSQL's SQLSTATEs of a server that cannot take work now. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (pg_ctl stop -m fast)
  '57P02', // crash_shutdown: another backend crashed, sessions are ended
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '3D000', // invalid_catalog_name: the database is gone (dropped or renamed) while the server runs
]);

/**
 * Socket errors of a server that is down or unreachable. NOTE: trusted only on errors known to
 * come from the database driver (`markIfUnavailable` at the source): a webhook's endpoint
 * refusing a connection fails with the same codes.
 */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** How the PostgreSQL driver adapter names those errors (DriverAdapterError causes). */
const UNAVAILABLE_ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/**
 * Prisma's codes for the same: P1001 cannot reach the server, P1002 it timed out, P1017 it
 * closed the connection, P2024 no connection came free from the pool in time.
 */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);

/**
 * Messages of errors that carry no code: the pg driver's own (a connection ended under a
 * query, a pool that could not connect in time, a client already broken), and the text of
 * the coded errors above as a log line quotes them; a database closed to connections (its
 * code, 55000, is too general to trust alone); a database that no longer exists (3D000, as
 * Prisma quotes it). `timeout expired` is, exactly, the pg driver's connect timeout
 * (prisma/database.ts, CONNECT_TIMEOUT_MS).
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|sorry, too many clients already|Can't reach database server|Server has closed the connection|is not currently accepting connections|database "[^"]*" does not exist|^timeout expired$/i;

/** The mark `markIfUnavailable` leaves on an error from the database driver. */
const MARK = 'databaseUnavailable';

export type ErrorLike = { code?: unknown; name?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown }; originalError?: unknown; errors?: unknown; [MARK]?: unknown };

/** The error and what it wraps: causes, the adapter error Prisma keeps in `meta`, a GraphQL error's original, an aggregate's errors. */
export function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  const queue: unknown[] = [error];
  while (queue.length && out.length < 12) {
    const e = queue.shift();
    if (!e || typeof e !== 'object') continue;
    const l = e as ErrorLike;
    out.push(l);
    queue.push(l.cause, l.meta?.driverAdapterError, l.originalError, ...(Array.isArray(l.errors) ? l.errors.slice(0, 4) : []));
  }
  return out;
}

/**
 * Whether an error says the database server cannot be used now (down, stopping, starting,
 * out of connections, the connection lost), as opposed to a statement it refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(
    (e) =>
      e[MARK] === true ||
      UNAVAILABLE_SQLSTATES.has(e.code as string) ||
      UNAVAILABLE_SQLSTATES.has(e.originalCode as string) ||
      UNAVAILABLE_ADAPTER_KINDS.has(e.kind as string) ||
      UNAVAILABLE_PRISMA_CODES.has(e.code as string) ||
      (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)),
  );
}

/**
 * Whether a log line of a library that talks to the database itself (the webhook queue's,
 * which passes no error object) reports the same; a failed task's line is its task's business.
 */
export function isUnavailableMessage(text: string): boolean {
  return !/^Failed task/.test(text) && (UNAVAILABLE_MESSAGES.test(text) || /\bconnect (ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH)\b|\bECONNRESET\b/.test(text));
}

/**
 * For an error thrown by the database driver: when it says the server cannot be used (socket
 * errors included, known here to be the database's), marks it so `isDatabaseUnavailable`
 * knows it however it is wrapped later, and notes the outage. Answers the error.
 */
export function markIfUnavailable<E>(error: E): E {
  const socket = chain(error).some((e) => UNAVAILABLE_SOCKET_CODES.has(e.code as string));
  if ((socket || isDatabaseUnavailable(error)) && error && typeof error === 'object') {
    Object.assign(error, { [MARK]: true });
    noteIfUnavailable(error);
  }
  return error;
}

/**
 * How long statements must succeed, with no failure noted, before an outage is logged as
 * over: connections broken by the outage keep failing for a moment after the server is back,
 * and one outage must not be logged as several.
 */
const SETTLE_MS = 2_000;

/**
 * The outage under way, if any: when it started, when a failure was last noted, and the
 * first success since then (the end, once SETTLE_MS pass without another failure).
 */
let outage: { since: number; lastFailure: number; recovered?: number } | undefined;

/** One line to stderr (the process's error log). */
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The first line of what an error says, without its stack. */
function reasonOf(error: unknown): string {
  const found = chain(error).find((e) => typeof e.message === 'string' && e.message);
  const text = typeof error === 'string' ? error : String(found?.message ?? 'unknown error');
  return text.split('\n', 1)[0].slice(0, 200);
}

/**
 * Notes that the database could not be used; the first note of an outage logs one line.
 * Answers whether the error was an unavailability (others are left to their callers).
 */
export function noteIfUnavailable(error: unknown): boolean {
  if (typeof error === 'string' ? !isUnavailableMessage(error) : !isDatabaseUnavailable(error)) return false;
  const now = Date.now();
  if (!outage) log(`[database] unavailable: ${reasonOf(error)}; requests answer 503 SERVICE_UNAVAILABLE until it is back`);
  outage = { since: outage?.since ?? now, lastFailure: now };
  return true;
}

/** Notes that a statement succeeded; an outage is logged as over once statements keep succeeding for SETTLE_MS. */
export function noteAvailable(): void {
  if (!outage || outage.recovered !== undefined) return;
  const current = outage;
  const recovered = (current.recovered = Date.now());
  setTimeout(() => {
    // A failure noted since then replaced the record: the outage goes on.
    if (outage !== current || current.lastFailure > recovered) return;
    outage = undefined;
    log(`[database] available again after ${((recovered - current.since) / 1000).toFixed(1)} s`);
  }, SETTLE_MS).unref();
}
