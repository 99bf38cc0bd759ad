// Hostile load (`npm run stress`, and a step of `npm run bench`): one company sends the worst
// requests it can while another makes ordinary reads; measures the other company's latency
// (alone, then during the attack) and the app's resident memory, and writes the figures to
// docs/benchmarks.md, section "Hostile load". Target (docs/limits.md): the other company's
// p99 stays under 500 ms and memory stays flat. Exits 1 when an attack request answers 5xx.
//
// Optional environment: STRESS_DATABASE_URL (PostgreSQL server, default the local one),
// STRESS_SECONDS (seconds of attack, default 20), STRESS_ATTACKERS (parallel attack loops, default 12).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startAppServer } from '../tests/setup/app-server.ts';
import { machineLine, writeSection } from './bench-section.ts';

const SERVER_URL = process.env.STRESS_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.STRESS_SECONDS || 20);
const ATTACKERS = Number(process.env.STRESS_ATTACKERS || 12);
const HEADING = '## Hostile load';

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const adminToken = randomBytes(16).toString('hex');
const app = await startAppServer({ serverUrl: SERVER_URL, adminToken });

/** Resident memory of the app in MiB: now (VmRSS) and the peak so far (VmHWM). */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${app.pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function company(name: string) {
  const res = await fetch(`${app.baseUrl}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return (await res.json()) as { api_key: string; operation: { id: number } };
}

const call = (key: string, method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}${path}`, { method, headers: { 'api-key': key, 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(120_000) });

/** Sends one request and answers its status, the body read and dropped. */
async function status(key: string, method: string, path: string, body?: string): Promise<number> {
  const res = await call(key, method, path, body);
  await res.arrayBuffer();
  return res.status;
}

/** A chunked body of `mib` MiB that never ends properly: the app must stop reading at its limit. */
function chunkedFlood(key: string, mib: number): Promise<number> {
  const url = new URL(`${app.baseUrl}/api/products`);
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'PUT', headers: { 'api-key': key, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
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
}

const fields = 'id code description category family manufacturer mercosul_code additional_details';

/** The victim's ordinary reads for `seconds`: latencies in ms. */
async function ordinaryReads(seconds: number): Promise<number[]> {
  const until = Date.now() + seconds * 1000;
  const out: number[] = [];
  let i = 0;
  while (Date.now() < until) {
    const started = performance.now();
    const path = i++ % 2 ? `/api/products?limit=20&offset=${i % 400}` : `/api/products-by-code/V-${i % 500}`;
    const res = await call(victim.api_key, 'GET', path);
    await res.arrayBuffer();
    out.push(performance.now() - started);
  }
  return out;
}

// The attack bodies are built once: the attacker's own CPU is not the app's, and the two
// share this machine's cores.
const aliasPage = JSON.stringify({ query: `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: products(limit: 100, search: "A-") { total_count data { ${fields} } }`).join(' ')} }` });
const aliasFlood = JSON.stringify({ query: `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: products(limit: 100) { data { ${fields} } }`).join(' ')} }` });
const deepQuery = JSON.stringify({ query: `{ ${'products { data { '.repeat(5000)}id${' } }'.repeat(5000)} }` });
const longTexts = JSON.stringify({ params: Array.from({ length: 60 }, (_, i) => ({ code: `BIG-${i}`, description: 'x'.repeat(150_000) })) });
const hugeBatch = JSON.stringify({ params: Array.from({ length: 20_000 }, (_, i) => ({ code: `BATCH-${i}`, description: 'x' })) });

/** The attacks, each one request; answers its status. */
const attacks: [string, () => Promise<number>][] = [
  ['GraphQL: 15 aliases of a full page (cost just under the limit)', () => status(attacker.api_key, 'POST', '/graphql', aliasPage)],
  ['GraphQL: 1,000 aliases over lists', () => status(attacker.api_key, 'POST', '/graphql', aliasFlood)],
  ['GraphQL: nested 10,000 levels, no key', () => status('', 'POST', '/graphql', deepQuery)],
  ['REST: 60 products with 150,000-character descriptions (a 9 MB body)', () => status(attacker.api_key, 'PUT', '/api/products', longTexts)],
  ['REST: 64 MiB chunked body', () => chunkedFlood(attacker.api_key, 64)],
  ['REST: batch of 20,000 products', () => status(attacker.api_key, 'PUT', '/api/products', hugeBatch)],
  ['REST: full pages of 100 with a search', () => status(attacker.api_key, 'GET', '/api/products?limit=100&search=lorem')],
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

let serverErrors = 0;
let victim = { api_key: '', operation: { id: 0 } };
let attacker = victim;
try {
  victim = await company('Ordinary Co.');
  attacker = await company('Hostile Co.');
  // Seed both companies with rows to read.
  for (const [key, prefix] of [[victim.api_key, 'V'], [attacker.api_key, 'A']] as const) {
    const params = Array.from({ length: 500 }, (_, i) => ({ code: `${prefix}-${i}`, description: `Product ${i} ${'lorem ipsum '.repeat(20)}` }));
    const res = await call(key, 'PUT', '/api/products', JSON.stringify({ params }));
    if (!res.ok) throw new Error(`seeding failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }
  await ordinaryReads(2); // warm-up
  const before = memory();
  const alone = await ordinaryReads(10);
  const tally = new Map<string, Record<number, number>>();
  let attacking = true;
  const loops = Array.from({ length: ATTACKERS }, async (_, n) => {
    let k = n;
    while (attacking) {
      const [name, send] = attacks[k++ % attacks.length];
      const status = await send().catch(() => 0);
      if (status >= 500) serverErrors++;
      const counts = tally.get(name) ?? {};
      counts[status] = (counts[status] ?? 0) + 1;
      tally.set(name, counts);
    }
  });
  const during = await ordinaryReads(SECONDS);
  attacking = false;
  await Promise.all(loops);
  const after = memory();
  const ms = (v: number) => v.toFixed(1);
  const row = (label: string, v: number[]) => `| ${label} | ${v.length} | ${ms(percentile(v, 50))} | ${ms(percentile(v, 99))} | ${ms(Math.max(...v))} |`;
  const attackRows = [...tally].map(([name, counts]) => `| ${name} | ${Object.entries(counts).map(([s, n]) => `${s}: ${n}`).join(', ')} |`);
  const section = `${HEADING}

${machineLine('npm run stress')} PostgreSQL; ${ATTACKERS} attack loops for ${SECONDS} s.

One company sends, in ${ATTACKERS} parallel loops, the worst requests it can (below) while
another reads its products one request at a time (a page of 20, or one product by code).
Target: the other company's p99 under 500 ms, no 5xx, memory flat.

| Other company's reads | Requests | p50 ms | p99 ms | max ms |
|---|---:|---:|---:|---:|
${row('Alone', alone)}
${row('During the attack', during)}

| App memory (resident) | MiB |
|---|---:|
| Before the attack | ${before.rss.toFixed(0)} |
| After the attack | ${after.rss.toFixed(0)} |
| Peak over the whole run | ${after.peak.toFixed(0)} |

| Attack | Answers (status: count) |
|---|---|
${attackRows.join('\n')}

Answers 5xx during the attack: ${serverErrors}.
`;
  console.log(section);
  writeSection(HEADING, section);
} finally {
  await app.stop();
}
process.exit(serverErrors ? 1 : 0);
