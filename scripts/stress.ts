// Hostile load (`npm run stress`, and a step of `npm run bench`): a production start (two
// workers) on PostgreSQL; for each attack in turn, the attack runs for a while as another
// company makes ordinary reads one at a time. Measures that company's latency (alone, then
// during each attack), the workers' resident memory before and after each attack, and what the
// attack was answered; writes the figures to docs/benchmarks.md, section "Hostile load".
// Targets (docs/limits.md): the other company's p99 under 300 ms and each worker's memory
// growth under 100 MB during every attack; no attack request answered 5xx. Exits 1 when an
// attack request answers 5xx.
//
// Optional environment: STRESS_DATABASE_URL (PostgreSQL server, default the local one),
// STRESS_SECONDS (seconds of each attack, default 15), STRESS_ATTACKERS (parallel attack
// loops, default 12), STRESS_ONLY (a substring: run only the attacks whose name holds it).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { startAppServer } from '../tests/setup/app-server.ts';
import { machineLine, writeSection } from './bench-section.ts';

const SERVER_URL = process.env.STRESS_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.STRESS_SECONDS || 15);
const ATTACKERS = Number(process.env.STRESS_ATTACKERS || 12);
const ONLY = process.env.STRESS_ONLY;
const HEADING = '## Hostile load';
const P99_TARGET_MS = 300;
const MEMORY_TARGET_MB = 100;

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const adminToken = randomBytes(16).toString('hex');
// A production start as it is deployed: two workers under a supervisor, real rate limits.
const app = await startAppServer({
  serverUrl: SERVER_URL,
  adminToken,
  settings: { NODE_ENV: 'production', WEB_CONCURRENCY: '2', RATE_LIMIT_REQUESTS: '100', SQL_STATS: '0' },
});

/** Resident memory in MiB of each worker process (the supervisor's children), by pid. */
function workerMemory(): Map<number, number> {
  const out = new Map<number, number>();
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${app.pid}/task/${app.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // no children listed: the app runs in one process
  }
  for (const pid of children.length ? children : [app.pid]) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      out.set(pid, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // the worker exited between the listing and the read
    }
  }
  return out;
}

/** The largest growth of one worker's memory between two readings, in MiB (a replaced worker counts from 0). */
function growth(before: Map<number, number>, after: Map<number, number>): number {
  let most = 0;
  for (const [pid, mib] of after) most = Math.max(most, mib - (before.get(pid) ?? 0));
  return most;
}

async function company(name: string) {
  const res = await fetch(`${app.baseUrl}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return (await res.json()) as { api_key: string; operation: { id: number } };
}

const call = (key: string, method: string, path: string, body?: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { ...(key ? { 'api-key': key } : {}), 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(120_000),
  });

/** Sends one request and answers its status, the body read and dropped (0 when the connection failed). */
async function status(key: string, method: string, path: string, body?: string | Uint8Array<ArrayBuffer>): Promise<number> {
  try {
    const res = await call(key, method, path, body);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Sends a request by hand: `write` feeds the body; answers the status (0 when the connection failed). */
function raw(key: string, method: string, path: string, write: (req: ReturnType<typeof request>) => void, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(`${app.baseUrl}${path}`);
  return new Promise((resolve) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method, headers: { 'api-key': key, 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', () => resolve(0));
    write(req);
  });
}

/** A chunked body of `mib` MiB that never ends properly: the app must stop reading at its limit. */
const chunkedFlood = (key: string, mib: number) =>
  raw(key, 'PUT', '/api/products', (req) => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < mib) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    req.write('{"params":[{"code":"');
    pump();
  });

/**
 * A body that arrives one byte every 5 s (a slow client, or one holding the server on purpose):
 * the app must answer it within its body deadline without holding the company's turn.
 */
const slowBody = (key: string) =>
  raw(
    key,
    'POST',
    '/api/products',
    (req) => {
      const body = JSON.stringify({ params: { code: `SLOW-${randomBytes(4).toString('hex')}`, description: 'slow' } });
      let i = 0;
      const drip = setInterval(() => {
        if (req.destroyed || i >= body.length) return void clearInterval(drip);
        req.write(body[i++]);
        if (i === body.length) req.end();
      }, 5_000);
      req.on('close', () => clearInterval(drip));
      req.write(body[i++]);
    },
    { 'content-length': String(JSON.stringify({ params: { code: 'SLOW-00000000', description: 'slow' } }).length) },
  );

/** A well-formed key that belongs to nobody. */
const randomKey = () => `tt_${randomBytes(9).toString('hex').slice(0, 12)}_${randomBytes(24).toString('base64url')}`;

const fields = 'id code description category family manufacturer mercosul_code additional_details';

/**
 * Ordinary reads of one company for `seconds` (a page of 20, or one product by code), one at a
 * time: latencies in ms. They run on a thread of their own, so the attack loops' work in this
 * process (sending megabytes) never delays their timing: what they measure is the app.
 */
const READER = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  const { baseUrl, key, prefix, seconds } = workerData;
  const until = Date.now() + seconds * 1000;
  const out = [];
  let i = 0;
  while (Date.now() < until) {
    const started = performance.now();
    const path = i++ % 2 ? '/api/products?limit=20&offset=' + (i % 400) : '/api/products-by-code/' + prefix + '-' + (i % 500);
    const res = await fetch(baseUrl + path, { headers: { 'api-key': key } });
    await res.arrayBuffer();
    out.push(performance.now() - started);
  }
  parentPort.postMessage(out);
})();`;
function ordinaryReadsOf(key: string, prefix: string, seconds: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const reader = new Worker(READER, { eval: true, workerData: { baseUrl: app.baseUrl, key, prefix, seconds } });
    reader.once('message', resolve);
    reader.once('error', reject);
  });
}
const ordinaryReads = (key: string, seconds: number) => ordinaryReadsOf(key, 'V', seconds);

// The attack bodies are built once, as bytes: the attacker's own CPU is not the app's, and the
// two share this machine's cores.
const bytes = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text));
const aliasPage = bytes(JSON.stringify({ query: `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: products(limit: 100, search: "A-") { total_count data { ${fields} } }`).join(' ')} }` }));
const aliasFlood = bytes(JSON.stringify({ query: `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: products(limit: 100) { data { ${fields} } }`).join(' ')} }` }));
const deepQuery = bytes(JSON.stringify({ query: `{ ${'products { data { '.repeat(5000)}id${' } }'.repeat(5000)} }` }));
const longTexts = bytes(JSON.stringify({ params: Array.from({ length: 60 }, (_, i) => ({ code: `BIG-${i}`, description: 'x'.repeat(150_000) })) }));
const hugeBatch = bytes(JSON.stringify({ params: Array.from({ length: 20_000 }, (_, i) => ({ code: `BATCH-${i}`, description: 'x' })) }));
/** `{"query":"{__typename}","variables":{"v":[[[...]]]}}`: nested arrays filling `bytes`. */
function nestedVariables(bytes: number): string {
  const depth = Math.floor((bytes - 60) / 2);
  return `{"query":"{ __typename }","variables":{"v":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
}
const nestedGraphql = bytes(nestedVariables(24 * 1024 * 1024));
/** `{"params":[[[...]]]}` just under the REST body limit (10 MiB). */
const nestedRest = bytes(`{"params":${'['.repeat(5_000_000)}${']'.repeat(5_000_000)}}`);
const introspection = `__schema { queryType { name } mutationType { name } types { kind name description fields(includeDeprecated: true) { name description args { name type { kind name ofType { kind name ofType { kind name } } } } type { kind name ofType { kind name ofType { kind name } } } } inputFields { name type { kind name ofType { kind name } } } enumValues(includeDeprecated: true) { name } } directives { name args { name } } }`;
const introspectionAliases = bytes(JSON.stringify({ query: `{ ${Array.from({ length: 15 }, (_, i) => `s${i}: ${introspection}`).join(' ')} }` }));

type Attack = { name: string; send: (attackerKey: string) => Promise<number>; victimOfSameCompany?: boolean };

/** The attacks, each measured on its own; each `send` is one request and answers its status. */
const attacks: Attack[] = [
  {
    name: 'Mixed: 15 aliases of a full page, 1,000 aliases, a 10,000-level query without a key, a 9 MB body of long texts, a 64 MiB chunked body, 20,000 items, pages of 100 with a search',
    send: (() => {
      let n = 0;
      const mixed: ((key: string) => Promise<number>)[] = [
        (k) => status(k, 'POST', '/graphql', aliasPage),
        (k) => status(k, 'POST', '/graphql', aliasFlood),
        () => status('', 'POST', '/graphql', deepQuery),
        (k) => status(k, 'PUT', '/api/products', longTexts),
        (k) => chunkedFlood(k, 64),
        (k) => status(k, 'PUT', '/api/products', hugeBatch),
        (k) => status(k, 'GET', '/api/products?limit=100&search=lorem'),
      ];
      return (key: string) => mixed[n++ % mixed.length](key);
    })(),
  },
  { name: 'GraphQL: 24 MB of nested arrays in `variables`, no key', send: () => status('', 'POST', '/graphql', nestedGraphql) },
  { name: 'GraphQL: 24 MB of nested arrays in `variables`, with a key', send: (k) => status(k, 'POST', '/graphql', nestedGraphql) },
  { name: 'REST: 10 MB of nested arrays (depth 5,000,000), with a key', send: (k) => status(k, 'PUT', '/api/products', nestedRest) },
  { name: 'REST: 10 MB of nested arrays, no key', send: () => status('', 'PUT', '/api/products', nestedRest) },
  { name: 'GraphQL: 15 aliased full introspections', send: (k) => status(k, 'POST', '/graphql', introspectionAliases) },
  { name: 'Random keys (REST reads), as fast as the loops go', send: () => status(randomKey(), 'GET', '/api/products?limit=20') },
  { name: 'Random keys (GraphQL), as fast as the loops go', send: () => status(randomKey(), 'POST', '/graphql', '{"query":"{ products(limit: 20) { data { id } } }"}') },
  { name: 'Slow bodies: a byte every 5 s, 12 at once', send: (k) => slowBody(k), victimOfSameCompany: true },
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');

let serverErrors = 0;
try {
  const victim = await company('Ordinary Co.');
  const attacker = await company('Hostile Co.');
  // Seed both companies with rows to read.
  for (const [key, prefix] of [[victim.api_key, 'V'], [attacker.api_key, 'A']] as const) {
    const params = Array.from({ length: 500 }, (_, i) => ({ code: `${prefix}-${i}`, description: `Product ${i} ${'lorem ipsum '.repeat(20)}` }));
    const res = await call(key, 'PUT', '/api/products', JSON.stringify({ params }));
    if (!res.ok) throw new Error(`seeding failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }
  // The attacker's own reads during its slow bodies: V- codes do not exist for it, so it reads A- ones.
  const attackerReads = (seconds: number) => ordinaryReadsOf(attacker.api_key, 'A', seconds);
  await ordinaryReads(victim.api_key, 3); // warm-up
  const alone = await ordinaryReads(victim.api_key, 10);
  const rows: string[] = [];
  let met = true;
  for (const attack of attacks.filter((a) => !ONLY || a.name.includes(ONLY))) {
    const before = workerMemory();
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, growth(before, workerMemory()))), 250);
    const tally: Record<number, number> = {};
    let attacking = true;
    const loops = Array.from({ length: ATTACKERS }, async () => {
      while (attacking) {
        const code = await attack.send(attacker.api_key).catch(() => 0);
        if (code >= 500) serverErrors++;
        tally[code] = (tally[code] ?? 0) + 1;
      }
    });
    // The attack gets a second to build up before the reads are timed.
    await new Promise((r) => setTimeout(r, 1_000));
    const [during, own] = await Promise.all([ordinaryReads(victim.api_key, SECONDS), attack.victimOfSameCompany ? attackerReads(SECONDS) : Promise.resolve(undefined)]);
    attacking = false;
    // Requests still in flight (a slow body) are not waited for beyond their own answer.
    await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 30_000))]);
    clearInterval(sampler);
    peak = Math.max(peak, growth(before, workerMemory()));
    const p99 = percentile(during, 99);
    const ok = p99 < P99_TARGET_MS && peak < MEMORY_TARGET_MB;
    met &&= ok;
    const answers = Object.entries(tally).map(([s, n]) => `${s === '0' ? 'no answer' : s}: ${n}`).join(', ');
    const ownReads = own ? ` The attacker's own reads meanwhile: ${own.length}, p99 ${ms(percentile(own, 99))} ms.` : '';
    rows.push(`| ${attack.name} | ${during.length} | ${ms(percentile(during, 50))} | ${ms(p99)} | ${peak.toFixed(0)} | ${answers}.${ownReads} | ${ok ? 'yes' : '**no**'} |`);
    console.log(rows.at(-1));
  }
  const memoryNow = [...workerMemory().values()].map((m) => m.toFixed(0)).join(' and ');
  const section = `${HEADING}

${machineLine('npm run stress')} PostgreSQL, a production start (two workers, rate limits on); ${ATTACKERS} attack loops, each attack for ${SECONDS} s.

One company (or nobody, without a key) sends, in ${ATTACKERS} parallel loops, one kind of hostile
request at a time, while another company reads its products one request at a time (a page of
20, or one product by code). Targets: the other company's p99 under ${P99_TARGET_MS} ms and no worker's
memory growing by ${MEMORY_TARGET_MB} MB or more during any attack; no 5xx.

| Other company's reads alone | Requests | p50 ms | p99 ms |
|---|---:|---:|---:|
| Before the attacks | ${alone.length} | ${ms(percentile(alone, 50))} | ${ms(percentile(alone, 99))} |

| Attack | Other company's reads | p50 ms | p99 ms | Worker memory growth, MB (most) | Attack answered (status: count) | Targets met |
|---|---:|---:|---:|---:|---|---|
${rows.join('\n')}

Workers' resident memory at the end: ${memoryNow} MiB. Answers 5xx during the attacks: ${serverErrors}. ${met ? 'Every target met.' : 'Not every target met (rows marked **no**).'}
`;
  console.log(section);
  if (!ONLY) writeSection(HEADING, section);
} finally {
  await app.stop();
}
process.exit(serverErrors ? 1 : 0);
