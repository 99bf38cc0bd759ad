// Requests to a carrier's Track & Trace interface (docs/tracking.md): the carrier's base URL
// passes the webhook targets' guard (graph/webhooks/targets.ts) on every connection, a
// request waits CARRIER_TIMEOUT_MS at most, and an answer is read up to 5 MB.
import http from 'node:http';
import https from 'node:https';
import { env } from '../env.ts';
import { checkedLookup, literalRefused, PrivateTargetError } from '../webhooks/targets.ts';
import { failureText } from '../webhooks/failures.ts';

/** The largest answer read from a carrier. */
const ANSWER_BYTES = 5 * 1024 * 1024;

/** A carrier's answer: its status and JSON body, or why there was none (`status` null). */
export interface CarrierAnswer {
  status: number | null;
  body: unknown;
  error: string | null;
}

/** A carrier endpoint with its sign-in header. */
export interface CarrierTarget {
  baseUrl: string;
  authHeader: string | null;
  authValue: string | null;
}

/** The URL of `path` (`/v2/events`) under the carrier's base URL, with `query`. */
export function carrierUrl(baseUrl: string, path: string, query: Record<string, string> = {}): URL {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url;
}

/** Sends one request to the carrier; never throws (a failure is an answer without a status). */
export function callCarrier(target: CarrierTarget, method: 'GET' | 'POST', url: URL, body?: unknown): Promise<CarrierAnswer> {
  const literal = literalRefused(url);
  if (literal) return Promise.resolve({ status: null, body: null, error: failureText(new PrivateTargetError(), '') });
  const timeout = env().carrierTimeoutMs;
  const noAnswer = `no answer within ${timeout} ms`;
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { accept: 'application/json', 'API-Version': '2' };
  if (target.authHeader && target.authValue) headers[target.authHeader] = target.authValue;
  if (text !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  return new Promise((resolve) => {
    const fail = (error: string) => resolve({ status: null, body: null, error });
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method, headers, lookup: checkedLookup, agent: false, timeout, signal: AbortSignal.timeout(timeout) },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES) return response.destroy(new Error('answer too large'));
          chunks.push(chunk);
        });
        response.on('error', (e) => fail(e.message === 'answer too large' ? e.message : failureText(e, noAnswer)));
        response.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = raw.trim() ? JSON.parse(raw) : null;
          } catch {
            parsed = undefined;
          }
          const status = response.statusCode ?? null;
          const ok = status !== null && status >= 200 && status < 300;
          resolve({ status, body: parsed, error: ok ? (parsed === undefined ? 'answered a body that is not JSON' : null) : `answered ${status}` });
        });
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error(noAnswer), { name: 'TimeoutError' })));
    // Never the error's own message: it names the address the host resolved to (graph/webhooks/failures.ts).
    request.on('error', (e: Error) => fail(failureText(e, noAnswer)));
    request.end(text);
  });
}
