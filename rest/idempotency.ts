// Idempotent POST and PUT (docs/index.md, Idempotent requests): the first answer to a request
// sent with an `Idempotency-Key` is kept with the key, the company and a hash of the request,
// in the database (so it holds across processes and restarts), and replayed to every retry of
// the same request for 24 hours. The same key with another request answers 422; a retry while
// the first still runs answers 409. Answers that say "try again" (409, 429, 5xx) are not kept.
import { createHash } from 'node:crypto';
import { relaxedSql, sharedClient, sql } from '../graph/db.ts';
import { BadInputError, ConflictError, ValidationError, fieldMessages } from '../graph/errors.ts';
import { headerProblem, IDEMPOTENCY_KEY } from '../graph/limits/request.ts';

const HEADER = IDEMPOTENCY_KEY.name;
/** A first request still marked running after this long died with its process: a retry takes over. */
const ABANDONED_AFTER_SECONDS = 120;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** What the first request answered: its status, its body and its headers but the content type. */
export interface KeptAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/** An answer of the facade (rest/reply.ts RestAnswer), as far as keeping it goes. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Runs `respond` once for the company's `key` and this request's `hash`: a retry gets the first
 * answer again, status, body and headers (`Location`, `Preference-Applied`), marked
 * `Idempotent-Replayed: true`.
 */
export async function once<A extends Answer>(companyId: number, key: string, hash: string, respond: () => Promise<A>): Promise<A | { status: number; headers: Record<string, string>; body: string }> {
  const claimed = await claim(companyId, key, hash);
  if ('replay' in claimed) {
    const headers = { ...claimed.replay.headers, 'content-type': JSON_TYPE, 'idempotent-replayed': 'true' };
    return { status: claimed.replay.status, headers, body: claimed.replay.body };
  }
  let answer: A;
  try {
    answer = await respond();
  } catch (e) {
    await claimed.claim.release();
    throw e;
  }
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'content-type'));
  await claimed.claim.keep({ status: answer.status, body: typeof answer.body === 'string' ? answer.body : '', headers });
  return answer;
}

/** A claimed key: the request runs, then keeps its answer (or lets the key go). */
export interface Claim {
  keep(answer: KeptAnswer): Promise<void>;
  release(): Promise<void>;
}

/** The hash of a request: method, path with query, and body as read. */
export function requestHash(request: Request, body: unknown): string {
  const url = new URL(request.url);
  return createHash('sha256')
    .update(`${request.method} ${url.pathname}${url.search}\n${body === undefined ? '' : JSON.stringify(body)}`)
    .digest('hex');
}

let lastSweep = 0;
/** Drops expired keys, at most once an hour per process, off the request's path. */
function sweep(): void {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  sharedClient()
    .$executeRaw`DELETE FROM idempotency_keys WHERE expires_at < now()`
    .catch(() => (lastSweep = 0));
}

const kept = (status: number) => status < 500 && status !== 409 && status !== 429;

/**
 * Claims the key ($1 company, $2 key, $3 request hash; $4 seconds after which a running claim
 * is abandoned): `claimed` true when this request may run, else the row that holds the key.
 */
const CLAIM = `
  WITH claim AS (
    INSERT INTO idempotency_keys (company_id, key, request_hash, expires_at)
    VALUES ($1, $2, $3, now() + interval '24 hours')
    ON CONFLICT (company_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, status = NULL, body = NULL, headers = NULL, started_at = now(), expires_at = EXCLUDED.expires_at
      WHERE idempotency_keys.expires_at < now()
         OR (idempotency_keys.status IS NULL AND idempotency_keys.request_hash = EXCLUDED.request_hash
             AND idempotency_keys.started_at < now() - make_interval(secs => $4::int))
    RETURNING true AS claimed, request_hash, status, body, headers
  )
  SELECT claimed, request_hash, status, body, headers FROM claim
  UNION ALL
  SELECT false, request_hash, status, body, headers FROM idempotency_keys
   WHERE company_id = $1 AND key = $2 AND NOT EXISTS (SELECT 1 FROM claim)`;

/**
 * Claims `key` for this request of the company: a replay when the same request was answered
 * already, or a claim to run it. Throws 400 for a malformed key, 422 when the key was used
 * with another request, 409 while the first request runs.
 */
export async function claim(companyId: number, key: string, hash: string): Promise<{ replay: KeptAnswer } | { claim: Claim }> {
  // A key is 1 to 255 visible ASCII characters, a UUID the usual choice (docs/limits.md, "Headers");
  // the router refuses any other before any work, so this holds for other callers.
  const problem = headerProblem(IDEMPOTENCY_KEY, key);
  if (problem) throw new BadInputError([problem]);
  sweep();
  for (;;) {
    // One statement claims a free (or expired, or abandoned) key, or answers the row holding it.
    // The claim's commit need not wait for the disk: the request's own write, if any, commits
    // after it and durably, which makes the claim durable too (PostgreSQL writes its log in
    // order); if nothing was written, losing the claim in a crash loses nothing.
    const [row] = await relaxedSql<{ claimed: boolean; request_hash: string; status: number | null; body: string | null; headers: string | null }>('idempotency-claim', CLAIM, companyId, key, hash, ABANDONED_AFTER_SECONDS);
    if (row?.claimed) {
      const release = async () => {
        await sql('DELETE FROM idempotency_keys WHERE company_id = $1 AND key = $2', companyId, key);
      };
      return {
        claim: {
          // The answer's commit does not wait for the disk either (docs/index.md, Idempotent
          // requests): the write it answers is durable already; only a crash of the database
          // server within a second of the answer can lose it, and the key then reads as abandoned.
          keep: async (answer) => {
            if (!kept(answer.status)) return release();
            const headers = answer.headers && Object.keys(answer.headers).length ? JSON.stringify(answer.headers) : null;
            await relaxedSql('idempotency-keep', 'UPDATE idempotency_keys SET status = $3, body = $4, headers = $5 WHERE company_id = $1 AND key = $2', companyId, key, answer.status, answer.body, headers);
          },
          release,
        },
      };
    }
    // The holder let the key go while the statement ran: claim again.
    if (!row) continue;
    if (row.request_hash !== hash) throw new ValidationError([{ name: HEADER, message: fieldMessages.keyReused }]);
    if (row.status === null) throw new ConflictError(1);
    return { replay: { status: row.status, body: row.body ?? '', headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {} } };
  }
}
