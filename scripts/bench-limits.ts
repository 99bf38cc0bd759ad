// The cost of the rate limits and of idempotency keys per request (`npm run bench-limits`, and a
// step of `npm run bench`): two apps on PostgreSQL, one counting every request against the
// limits (quotas high enough never to refuse) and one with RATE_LIMITS=0, measured round by
// round side by side on product creates and reads by code; and, on the app without limits,
// product creates with and without an Idempotency-Key. Writes docs/benchmarks.md, section
// "Rate limits and idempotency: cost per request". Target: under 10 % each on a product create.
//
// Optional environment: BENCH_DATABASE_URL (PostgreSQL server), BENCH_ROUNDS (default 5),
// BENCH_REQUESTS (requests per app and round, default 400), BENCH_CLIENTS (default 4).
import { execSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { startAppServer, type AppServer } from '../tests/setup/app-server.ts';
import { machineLine, writeSection } from './bench-section.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 400);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 4);
const HEADING = '## Rate limits and idempotency: cost per request';

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const adminToken = randomBytes(16).toString('hex');

type Side = { label: string; app: AppServer; key: string; creates: number[]; reads: number[]; keyed: number[] };

async function side(label: string, settings: Record<string, string>): Promise<Side> {
  const app = await startAppServer({ serverUrl: SERVER_URL, adminToken, settings });
  const res = await fetch(`${app.baseUrl}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench ${label}` }),
  });
  const { api_key } = (await res.json()) as { api_key: string };
  return { label, app, key: api_key, creates: [], reads: [], keyed: [] };
}

/** Runs `count` calls over CLIENTS parallel clients; answers requests a second. */
async function rate(count: number, call: (i: number) => Promise<Response>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        const res = await call(next++);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`bench call failed: ${res.status}`);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const sides = [await side('with', {}), await side('without', { RATE_LIMITS: '0' })];
try {
  // A warm-up round per app, not counted: compiled operations, pools and caches filled.
  for (const s of sides) {
    const headers = { 'api-key': s.key, 'content-type': 'application/json' };
    await rate(100, (i) => fetch(`${s.app.baseUrl}/api/products`, { method: 'POST', headers, body: JSON.stringify({ params: { code: `WARM-${i}`, description: 'Bench valve' } }) }));
    await rate(100, (i) => fetch(`${s.app.baseUrl}/api/products-by-code/WARM-${i}`, { headers }));
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of round % 2 ? [...sides].reverse() : sides) {
      const prefix = `R${round}-${randomBytes(3).toString('hex')}`;
      const headers = { 'api-key': s.key, 'content-type': 'application/json' };
      const plain = async () => s.creates.push(await rate(REQUESTS, (i) => fetch(`${s.app.baseUrl}/api/products`, { method: 'POST', headers, body: JSON.stringify({ params: { code: `${prefix}-${i}`, description: 'Bench valve' } }) })));
      // The same creates, each with a key of its own (what a careful client sends).
      const keyed = async () => s.keyed.push(await rate(REQUESTS, (i) => fetch(`${s.app.baseUrl}/api/products`, { method: 'POST', headers: { ...headers, 'idempotency-key': randomUUID() }, body: JSON.stringify({ params: { code: `${prefix}-K-${i}`, description: 'Bench valve' } }) })));
      // Keyed and plain creates take turns going first, so neither gains from a warmer app.
      for (const run of round % 2 ? [keyed, plain] : [plain, keyed]) await run();
      s.reads.push(await rate(REQUESTS, (i) => fetch(`${s.app.baseUrl}/api/products-by-code/${prefix}-${i % REQUESTS}`, { headers })));
    }
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const [withLimits, without] = sides;
  // The cost of each round is read side by side (the two apps ran back to back); the median of those.
  const row = (label: string, a: number[], b: number[]) =>
    `| ${label} | ${a.map((x) => x.toFixed(0)).join(', ')} | ${b.map((x) => x.toFixed(0)).join(', ')} | ${((median(b.map((x, i) => x / a[i])) - 1) * 100).toFixed(1)} % |`;
  const section = `${HEADING}

${machineLine('npm run bench-limits')} PostgreSQL; ${ROUNDS} rounds of ${REQUESTS} requests per app, ${CLIENTS} clients.

Two apps on the same server, one counting every request in the \`rate_limits\` table (quotas
too high to refuse), one with \`RATE_LIMITS=0\`, measured in turns after a warm-up round each.
Cost = how much faster the app without limits is, round by round (the median of the rounds).
Target: under 10 % on a product create. A read by code is one statement, so the counting
statement weighs more there.

| Request | With limits, req/s per round | Without, req/s per round | Cost |
|---|---|---|---:|
${row('POST /api/products (a write: 4 points)', withLimits.creates, without.creates)}
${row('GET /api/products-by-code/{code}', withLimits.reads, without.reads)}

Idempotency keys, on the app without limits, each round's creates with and without a fresh
\`Idempotency-Key\` (two more statements: the key claimed, then its answer kept):

| Request | With a key, req/s per round | Without, req/s per round | Cost |
|---|---|---|---:|
${row('POST /api/products', without.keyed, without.creates)}
`;
  console.log(section);
  writeSection(HEADING, section);
} finally {
  for (const s of sides) await s.app.stop();
}
