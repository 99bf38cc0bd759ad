// Rate limits per API key (docs/limits.md, Rate limits): each key has `RATE_LIMIT_REQUESTS`
// points a second; a request costs one point and a REST write (POST, PUT, DELETE)
// `RATE_LIMIT_WRITE_COST`. On a PostgreSQL server the points are counted in its `rate_limits`
// table, one statement per request, so every process shares them; should that table be out of
// reach, each process counts in memory meanwhile. The embedded database is one process: it
// counts in memory. Every API answer to a valid key carries `RateLimit-Policy` and `RateLimit`;
// a request over the limit answers 429 with `Retry-After` before any work is done.
// Requests without a valid key are limited per client address instead, in each process's
// memory (`RATE_LIMIT_UNAUTHENTICATED` a second): a flood of made-up keys is answered 429
// from memory, and a valid key sent from the same address is still served.
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { isKnownPrefix, prefixOf } from '../../graph/company/auth';
import { requestCaller } from '../../graph/company/caller';
import { env } from '../../graph/env';
import { sqlCounter } from '../../prisma/database';
import { errorResponse } from '../../rest/errors';
import { localeOfRequest } from './http-policy.server';

/** The window of the limit, in seconds. */
const WINDOW = 1;
const NAME = 'requests';

let counter: RateLimiterAbstract | undefined;

function limiter(): RateLimiterAbstract {
  if (counter) return counter;
  const { databaseUrl, rateLimitRequests: points } = env();
  const memory = new RateLimiterMemory({ keyPrefix: NAME, points, duration: WINDOW });
  if (!databaseUrl) return (counter = memory);
  // A small pool of its own: counting never waits behind the app's queries. A count need not
  // survive a crash of the database server, so its commits do not wait for the disk.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3, statement_timeout: 1_000, options: '-c synchronous_commit=off' });
  pool.on('error', () => undefined);
  counter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: NAME,
    points,
    duration: WINDOW,
    insuranceLimiter: memory,
  });
  return counter;
}

let strangers: RateLimiterMemory | undefined;

/**
 * The address a request's failures are counted against: the connection's peer (a proxy in
 * front counts as one client), an IPv6 one by its /64 network, which one host usually holds whole.
 */
export function clientAddress(address: string | undefined): string {
  if (!address) return 'unknown';
  if (!address.includes(':') || address.startsWith('::ffff:')) return address.replace(/^::ffff:/, '');
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** Whether a request asks for GraphiQL's page (a browser's GET of /graphql), which needs no key. */
const asksForPage = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && !/[?&]query=/.test(req.url ?? '') && (req.headers.accept ?? '').includes('text/html');

/**
 * Authenticates the request's key (once for the whole request, graph/company/caller.ts); a
 * request without a valid one is counted against its client address, and answered 429 by this
 * when the address is over its limit ('refused'). An address already over its limit gets its
 * 429 before a key of an unknown prefix is even looked for.
 */
async function keyOrAddress(req: IncomingMessage, res: ServerResponse, graphql: boolean, key: string | undefined): Promise<'valid' | 'invalid' | 'refused'> {
  const { rateLimitUnauthenticated: points } = env();
  strangers ??= new RateLimiterMemory({ keyPrefix: 'unauthenticated', points, duration: WINDOW });
  const address = clientAddress(req.socket.remoteAddress);
  const seen = await strangers.get(address);
  const over = seen !== null && seen.consumedPoints >= points;
  if (key !== undefined && (!over || isKnownPrefix(key)) && (await requestCaller(key))) return 'valid';
  if (graphql && asksForPage(req)) return 'invalid';
  try {
    await strangers.consume(address);
    return 'invalid';
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    refuse(req, res, graphql, Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
    return 'refused';
  }
}

/** Answers 429 TOO_MANY_REQUESTS with Retry-After, in REST's or GraphQL's shape. */
function refuse(req: IncomingMessage, res: ServerResponse, graphql: boolean, retryAfter: number): void {
  const { status, body } = errorResponse('TOO_MANY_REQUESTS', localeOfRequest(req));
  const answer = graphql ? { errors: [{ message: body.message, extensions: { code: body.code, request_id: body.request_id } }] } : body;
  // A body left unread is dropped with the connection.
  const close = req.complete ? {} : { connection: 'close' };
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(retryAfter), ...close }).end(JSON.stringify(answer));
}

const WRITES = new Set(['POST', 'PUT', 'DELETE']);

/**
 * Counts an API request against its key's limit, or, without a valid key, against its client
 * address; answers true when it answered the request itself (429). A request without a valid
 * key within its address's limit goes on to get its 401 from the API.
 */
export async function rateLimited(req: IncomingMessage, res: ServerResponse, graphql: boolean): Promise<boolean> {
  const { rateLimits, rateLimitRequests, rateLimitWriteCost } = env();
  if (!rateLimits) return false;
  const header = req.headers['api-key'];
  const key = typeof header === 'string' ? header : undefined;
  // The key is authenticated once for the whole request (graph/company/caller.ts); reading it
  // is not among the statements of the request's own work (SQL_STATS).
  const checked = await sqlCounter.exit(() => keyOrAddress(req, res, graphql, key));
  if (checked !== 'valid') return checked === 'refused';
  const cost = !graphql && WRITES.has(req.method ?? '') ? rateLimitWriteCost : 1;
  let state: RateLimiterRes;
  let over = false;
  try {
    state = await limiter().consume(prefixOf(key!)!, cost);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    state = e;
    over = true;
  }
  const reset = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  res.setHeader('RateLimit-Policy', `"${NAME}";q=${rateLimitRequests};w=${WINDOW}`);
  res.setHeader('RateLimit', `"${NAME}";r=${Math.max(0, state.remainingPoints)};t=${reset}`);
  if (!over) return false;
  refuse(req, res, graphql, reset);
  return true;
}
