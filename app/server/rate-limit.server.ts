// Rate limits per API key (docs/limits.md, Rate limits): each key has `RATE_LIMIT_REQUESTS`
// points a second; a request costs one point and a REST write (POST, PUT, DELETE)
// `RATE_LIMIT_WRITE_COST`. On a PostgreSQL server the points are counted in its `rate_limits`
// table, one statement per request, so every process shares them; should that table be out of
// reach, each process counts in memory meanwhile. The embedded database is one process: it
// counts in memory. Every API answer to a valid key carries `RateLimit-Policy` and `RateLimit`;
// a request over the limit answers 429 with `Retry-After` before any work is done.
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { authenticate, prefixOf } from '../../graph/company/auth';
import { env } from '../../graph/env';
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

const WRITES = new Set(['POST', 'PUT', 'DELETE']);

/**
 * Counts an API request against its key's limit; answers true when it answered the request
 * itself (429). A request without a valid key is not counted: it gets its 401 from the API.
 */
export async function rateLimited(req: IncomingMessage, res: ServerResponse, graphql: boolean): Promise<boolean> {
  const { rateLimits, rateLimitRequests, rateLimitWriteCost } = env();
  if (!rateLimits) return false;
  const key = req.headers['api-key'];
  if (typeof key !== 'string' || !(await authenticate(key))) return false;
  const cost = !graphql && WRITES.has(req.method ?? '') ? rateLimitWriteCost : 1;
  let state: RateLimiterRes;
  let over = false;
  try {
    state = await limiter().consume(prefixOf(key)!, cost);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    state = e;
    over = true;
  }
  const reset = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  res.setHeader('RateLimit-Policy', `"${NAME}";q=${rateLimitRequests};w=${WINDOW}`);
  res.setHeader('RateLimit', `"${NAME}";r=${Math.max(0, state.remainingPoints)};t=${reset}`);
  if (!over) return false;
  const { status, body } = errorResponse('TOO_MANY_REQUESTS', localeOfRequest(req));
  const answer = graphql ? { errors: [{ message: body.message, extensions: { code: body.code, request_id: body.request_id } }] } : body;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(reset) }).end(JSON.stringify(answer));
  return true;
}
