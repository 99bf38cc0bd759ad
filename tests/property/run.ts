// The contract property (docs/limits.md): for requests generated from /openapi.json, every
// operation with valid and hostile bodies, parameters and paths, the app never answers 5xx,
// answers only statuses documented for the operation, and every JSON answer matches the schema
// documented for its status. Used by tests/property.test.ts (a slice) and scripts/fuzz.ts
// (10,000 requests and more, in `npm run bench`).
import fc from 'fast-check';
import qs from 'qs';
import type { Contract, Operation, Parameter } from './contract.ts';
import { hugeQueryValue, mutated, oddText, validValue, wrongType } from './values.ts';

/** The company the requests act as, and rows of its own that paths can name. */
export interface Target {
  baseUrl: string;
  apiKey: string;
  operationId: number;
  productId: number;
  productCode: string;
}

/** One generated request. */
interface Call {
  op: Operation;
  path: string;
  query: string;
  body: string | undefined;
}

/** What a run saw. */
export interface RunResult {
  requests: number;
  byStatus: Record<number, number>;
  /** One line per request that broke the property (the first 50). */
  failures: string[];
  failed: number;
  seconds: number;
}

/** A path segment as sent: malformed percent-encoding stays malformed, a lone surrogate goes as its raw bytes. */
function encodePath(text: string): string {
  if (/%[0-9A-F]{2}/.test(text)) return text;
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function pathOf(op: Operation, t: Target, pick: number, hostile: string | null): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const p = op.parameters.find((x) => x.name === name);
    if (hostile !== null && pick % 3 === 0) return encodePath(hostile);
    if (name === 'operation_id') return String(pick % 7 === 0 ? 999_999 : t.operationId);
    const integer = p?.schema.type === 'integer';
    if (name === 'id' && op.path.startsWith('/products')) return String(t.productId);
    if (!integer) return encodePath(op.path.startsWith('/products') ? t.productCode : `X-${pick}`);
    return String(1 + (pick % 50));
  });
}

/** Arbitrary calls of one operation: valid or hostile body, query and path. */
function callsOf(contract: Contract, op: Operation, t: Target): fc.Arbitrary<Call> {
  const query = op.parameters.filter((p) => p.in === 'query');
  const queryValue = (p: Parameter, hostile: boolean) =>
    hostile ? fc.oneof(wrongType(contract.resolve(p.schema)), oddText, hugeQueryValue) : validValue(contract, p.schema);
  const queryArb = query.length
    ? fc.tuple(fc.subarray(query, { maxLength: Math.min(3, query.length) }), fc.boolean()).chain(([chosen, hostile]) =>
        fc.tuple(...chosen.map((p) => queryValue(p, hostile).map((v) => [p.name, v] as const))).map((pairs) => {
          try {
            return qs.stringify(Object.fromEntries(pairs));
          } catch {
            return `${pairs[0]?.[0] ?? 'search'}=%ED%A0%80`;
          }
        }),
      )
    : fc.constant('');
  const bodyArb: fc.Arbitrary<string | undefined> = op.body
    ? fc.oneof(
        validValue(contract, op.body).map((v) => JSON.stringify(v)),
        { arbitrary: mutated(contract, op.body).map((v) => JSON.stringify(v)), weight: 3 },
        fc.constantFrom('', '{', 'null', '[]', '{"params":', '{"params":[]}'),
      )
    : op.multipart
      ? fc.constant('{"params":{}}')
      : fc.constant(undefined);
  return fc
    .record({ query: queryArb, body: bodyArb, pick: fc.nat(1_000), hostile: fc.option(fc.oneof(oddText.filter((x) => x.trim() !== ''), fc.constantFrom('%E0%A4%A', '9'.repeat(40), '-1', '1.5')), { freq: 4 }) })
    .map(({ query: q, body, pick, hostile }) => ({ op, path: pathOf(op, t, pick, hostile as string | null), query: q, body }));
}

async function send(t: Target, c: Call): Promise<{ status: number; body: unknown; json: boolean }> {
  const res = await fetch(`${t.baseUrl}/api${c.path}${c.query ? `?${c.query}` : ''}`, {
    method: c.op.method,
    headers: { 'api-key': t.apiKey, locale: 'en-US', ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: c.body,
    signal: AbortSignal.timeout(60_000),
  });
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  const text = await res.text();
  let body: unknown = text;
  if (json) {
    try {
      body = JSON.parse(text);
    } catch {
      return { status: res.status, body: text, json: false };
    }
  }
  return { status: res.status, body, json };
}

/**
 * Sends `requests` generated calls, `concurrency` at a time, spread over every operation, and
 * answers what broke the property. The same `seed` gives the same calls.
 */
export async function runContractProperty(contract: Contract, t: Target, { requests, seed, concurrency = 4 }: { requests: number; seed: number; concurrency?: number }): Promise<RunResult> {
  const started = Date.now();
  const arb = fc.constantFrom(...contract.operations).chain((op) => callsOf(contract, op, t));
  const calls = fc.sample(arb, { numRuns: requests, seed });
  const result: RunResult = { requests: 0, byStatus: {}, failures: [], failed: 0, seconds: 0 };
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const c = calls[next++];
      const what = `${c.op.method} ${c.path}${c.query ? `?${c.query.slice(0, 200)}` : ''} ${(c.body ?? '').slice(0, 200)}`;
      let problems: string[];
      let status = 0;
      try {
        const res = await send(t, c);
        status = res.status;
        problems = status >= 500 ? [`answered ${status}: ${JSON.stringify(res.body).slice(0, 300)}`] : res.json ? contract.check(c.op, status, res.body) : contract.check(c.op, status, undefined).filter((p) => p.startsWith('status'));
      } catch (error) {
        problems = [`no answer: ${(error as Error).message}`];
      }
      result.requests++;
      result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
      if (problems.length) {
        result.failed++;
        if (result.failures.length < 50) result.failures.push(`${what} -> ${status}: ${problems.join('; ')}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  result.seconds = (Date.now() - started) / 1000;
  return result;
}
