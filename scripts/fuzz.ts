// The contract property over many requests (`npm run fuzz`, and the last step of `npm run
// bench`): starts the app on a throwaway PostgreSQL database, sends FUZZ_REQUESTS (default
// 10,000) requests generated from /openapi.json (tests/property/run.ts), prints what broke the
// property, and writes the figures to docs/benchmarks.md, section "Contract property run"
// (placed before "Recorded comparisons"). Exits 1 when any request broke it.
//
// Optional environment: FUZZ_DATABASE_URL (PostgreSQL server, default the local one),
// FUZZ_REQUESTS, FUZZ_SEED, FUZZ_CONCURRENCY (default 4).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startAppServer } from '../tests/setup/app-server.ts';
import { Contract } from '../tests/property/contract.ts';
import { runContractProperty } from '../tests/property/run.ts';
import { machineLine, writeSection } from './bench-section.ts';

const SERVER_URL = process.env.FUZZ_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const REQUESTS = Number(process.env.FUZZ_REQUESTS || 10_000);
const SEED = Number(process.env.FUZZ_SEED || Date.now() % 2 ** 31);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY || 4);
const HEADING = '## Contract property run';

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const adminToken = randomBytes(16).toString('hex');
const app = await startAppServer({ serverUrl: SERVER_URL, adminToken });
let failed = 0;
try {
  const company = await fetch(`${app.baseUrl}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Property run' }),
  }).then((r) => r.json() as Promise<{ api_key: string; operation: { id: number } }>);
  const code = `PRD-FUZZ-${randomBytes(3).toString('hex')}`;
  const product = await fetch(`${app.baseUrl}/api/products`, {
    method: 'POST',
    headers: { 'api-key': company.api_key, 'content-type': 'application/json' },
    body: JSON.stringify({ params: { code, description: 'fixture' } }),
  }).then((r) => r.json() as Promise<{ data: { id: number } }>);
  const contract = await Contract.load(app.baseUrl);
  console.log(`${contract.operations.length} operations; ${REQUESTS} requests, seed ${SEED}, ${CONCURRENCY} at a time`);
  const target = { baseUrl: app.baseUrl, apiKey: company.api_key, operationId: company.operation.id, productId: product.data.id, productCode: code };
  const result = await runContractProperty(contract, target, { requests: REQUESTS, seed: SEED, concurrency: CONCURRENCY });
  failed = result.failed;
  for (const f of result.failures) console.log(`  ${f}`);
  const statuses = Object.entries(result.byStatus)
    .map(([s, n]) => `${s}: ${n.toLocaleString('en-US')}`)
    .join(', ');
  console.log(`${result.requests} requests in ${result.seconds.toFixed(1)} s; ${result.failed} broke the property; statuses ${statuses}`);
  const section = `${HEADING}

${machineLine('npm run fuzz')} PostgreSQL; seed ${SEED}.

Requests generated from \`/openapi.json\` over all ${contract.operations.length} operations: valid bodies,
parameters and paths drawn from the published schemas, and mutations of them (wrong types,
text past every limit, huge numbers and lists, nesting 60 levels deep, control characters,
lone surrogates, bidi marks, SQL and LIKE metacharacters, malformed percent-encoding, dropped
and unknown fields). The property: no answer is 5xx, every status is documented for its
operation, and every JSON answer matches the schema documented for that status (ajv, JSON
Schema 2020-12). \`npm test\` runs a slice of 400 requests (tests/property.test.ts).

| Requests | Seconds | Broke the property | Statuses |
|---:|---:|---:|---|
| ${result.requests.toLocaleString('en-US')} | ${result.seconds.toFixed(1)} | ${result.failed} | ${statuses} |
`;
  writeSection(HEADING, section);
} finally {
  await app.stop();
}
process.exit(failed ? 1 : 0);
