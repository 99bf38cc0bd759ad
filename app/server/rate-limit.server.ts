// Rate limits per API key (docs/limits.md, Rate limits): every request of a key counts against
// `RATE_LIMIT_REQUESTS` a second, REST writes also against `RATE_LIMIT_WRITES`. On a PostgreSQL
// server the counts live in its `rate_limits` table, so every process shares them; should that
// table be out of reach, each process counts in memory meanwhile. The embedded database is one
// process: it counts in memory. Every API answer carries `RateLimit-Policy` and `RateLimit`; a
// request over a limit answers 429 with `Retry-After` before any work is done.
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { localeOf } from '../../graph/context';
import { authenticate, prefixOf } from '../../graph/company/auth';
import { env } from '../../graph/env';
import { errorResponse } from '../../rest/errors';

/** The window of every limit, in seconds. */
const WINDOW = 1;

type Policy = { name: 'requests' | 'writes'; quota: number; limiter: RateLimiterAbstract };

let policies: { requests: Policy; writes: Policy } | undefined;

function limiter(name: Policy['name'], quota: number): Policy {
  const memory = new RateLimiterMemory({ keyPrefix: name, points: quota, duration: WINDOW });
  const { databaseUrl } = env();
  if (!databaseUrl) return { name, quota, limiter: memory };
  // A small pool of its own: counting never waits for the app's queries.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, statement_timeout: 1_000 });
  pool.on('error', () => undefined);
  const shared = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: name,
    points: quota,
    duration: WINDOW,
    insuranceLimiter: memory,
  });
  return { name, quota, limiter: shared };
}

function limits() {
  policies ??= { requests: limiter('requests', env().rateLimitRequests), writes: limiter('writes', env().rateLimitWrites) };
  return policies;
}

const WRITES = new Set(['POST', 'PUT', 'DELETE']);

/** Sets the `RateLimit` header of the policy with the fewest requests left. */
function report(res: ServerResponse, shown: { policy: Policy; state: RateLimiterRes }): void {
  const reset = Math.max(1, Math.ceil(shown.state.msBeforeNext / 1000));
  res.setHeader('RateLimit', `"${shown.policy.name}";r=${Math.max(0, shown.state.remainingPoints)};t=${reset}`);
}

/**
 * Counts an API request against its key's limits; answers true when it answered the request
 * itself (429). A request without a valid key is not counted: it gets its 401 from the API.
 */
export async function rateLimited(req: IncomingMessage, res: ServerResponse, graphql: boolean): Promise<boolean> {
  if (!env().rateLimits) return false;
  const key = req.headers['api-key'];
  if (typeof key !== 'string' || !(await authenticate(key))) return false;
  const prefix = prefixOf(key)!;
  const { requests, writes } = limits();
  const applying = !graphql && WRITES.has(req.method ?? '') ? [requests, writes] : [requests];
  res.setHeader('RateLimit-Policy', applying.map((p) => `"${p.name}";q=${p.quota};w=${WINDOW}`).join(', '));
  // The limits are counted at once (one round trip each, in parallel).
  const counted = await Promise.all(
    applying.map((policy) =>
      policy.limiter.consume(prefix).then(
        (state) => ({ policy, state, over: false }),
        (e: unknown) => {
          if (!(e instanceof RateLimiterRes)) throw e;
          return { policy, state: e, over: true };
        },
      ),
    ),
  );
  const over = counted.find((c) => c.over);
  if (over) {
    report(res, over);
    const retryAfter = String(Math.max(1, Math.ceil(over.state.msBeforeNext / 1000)));
    const { status, body } = errorResponse('TOO_MANY_REQUESTS', localeOf(new Request(`http://local${req.url ?? '/'}`, { headers: { locale: String(req.headers.locale ?? '') } })));
    const answer = graphql ? { errors: [{ message: body.message, extensions: { code: body.code, request_id: body.request_id } }] } : body;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'retry-after': retryAfter }).end(JSON.stringify(answer));
    return true;
  }
  const shown = counted.reduce((a, b) => (b.state.remainingPoints < a.state.remainingPoints ? b : a));
  report(res, shown);
  return false;
}
