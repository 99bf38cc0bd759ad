// Batch writes on apps already running on one PostgreSQL database, taken in turns so that every
// app meets the same machine load: 100 orders of 5 lines, 100 processes with a full maritime
// shipment (scripts/bench-domain.ts) and 1,000 products, each created and then sent again as an
// update, new reference codes at every round. Each write starts once the events of the writes
// before it are relayed (no `event_changes` left), so it is measured alone. docs/benchmarks.md
// ("Batch writes by set") has a run. The apps are named as label=url=key, each key of a company
// of its own with products coded P-000000 upwards (the writes' lines name them):
//   DATABASE_URL=postgresql://... npx tsx scripts/bench-writes.ts before=http://127.0.0.1:3101=tt_... after=http://127.0.0.1:3102=tt_...
// Optional environment: BENCH_ROUNDS (default 5).
import { argv, env } from 'node:process';
import pg from 'pg';
import { productParams } from '../graph/seed/factories.ts';
import { orderParams, processParams } from './bench-domain.ts';

const ROUNDS = Number(env.BENCH_ROUNDS || 5);
const WRITES = ['100 orders, create', '100 orders, update', '100 processes, create', '100 processes, update', '1,000 products, create', '1,000 products, update'];

interface App {
  label: string;
  base: string;
  key: string;
  operation?: number;
  ms: Record<string, number[]>;
}

const apps: App[] = argv.slice(2).map((arg) => {
  const [label, rest] = [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)];
  const at = rest.lastIndexOf('=');
  return { label, base: rest.slice(0, at), key: rest.slice(at + 1), ms: Object.fromEntries(WRITES.map((w) => [w, []])) };
});
if (!apps.length || !env.DATABASE_URL) throw new Error('set DATABASE_URL and name the apps: label=url=key ...');
const db = new pg.Client({ connectionString: env.DATABASE_URL });
await db.connect();

/** Waits until the events relay has taken every captured change. */
async function relayed(): Promise<void> {
  for (let i = 0; ; i++) {
    const { rows } = await db.query('SELECT EXISTS (SELECT 1 FROM event_changes) AS pending');
    if (!rows[0].pending) return;
    if (i > 600) throw new Error('the events relay did not catch up within a minute');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Milliseconds of one batch upsert, which must answer 200 or 201. */
async function put(app: App, path: string, params: unknown[]): Promise<number> {
  await relayed();
  const started = performance.now();
  const res = await fetch(`${app.base}/api${path}`, { method: 'PUT', headers: { 'api-key': app.key, 'content-type': 'application/json' }, body: JSON.stringify({ params }) });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201) throw new Error(`${app.label} PUT ${path}: ${res.status} ${text.slice(0, 300)}`);
  return performance.now() - started;
}

const code = (i: number) => `P-${String(i).padStart(6, '0')}`;
for (const app of apps) {
  const res = await fetch(`${app.base}/api/operations`, { headers: { 'api-key': app.key } });
  app.operation = ((await res.json()) as { data: { id: number }[] }).data[0].id;
}
for (let round = 0; round < ROUNDS; round++) {
  // The order of the apps turns at every round.
  for (const app of [...apps.slice(round % apps.length), ...apps.slice(0, round % apps.length)]) {
    const tag = `BW${Date.now().toString(36)}`;
    const orders = `/operations/${app.operation}/orders`;
    const processes = `/operations/${app.operation}/processes`;
    const ms = app.ms;
    ms[WRITES[0]].push(await put(app, orders, Array.from({ length: 100 }, (_, i) => ({ ...orderParams(i, 1, code), reference_code: `${tag}-${i}` }))));
    ms[WRITES[1]].push(await put(app, orders, Array.from({ length: 100 }, (_, i) => ({ ...orderParams(i, 2, code), reference_code: `${tag}-${i}` }))));
    const trees = Array.from({ length: 100 }, (_, i) => ({ ...processParams(i, code), reference_code: `${tag}-${i}` }));
    ms[WRITES[2]].push(await put(app, processes, trees));
    ms[WRITES[3]].push(await put(app, processes, trees));
    const products = Array.from({ length: 1000 }, (_, i) => productParams(i, `${tag}-${i}`));
    ms[WRITES[4]].push(await put(app, '/products', products));
    ms[WRITES[5]].push(await put(app, '/products', products));
  }
  console.error(`round ${round + 1} of ${ROUNDS}`);
}
await db.end();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`| Batch (PUT) | ${apps.map((a) => `${a.label}: median ms (each round)`).join(' | ')} |`);
console.log(`|---|${apps.map(() => '---').join('|')}|`);
for (const w of WRITES) console.log(`| ${w} | ${apps.map((a) => `${median(a.ms[w]).toFixed(0)} (${a.ms[w].map((x) => x.toFixed(0)).join(', ')})`).join(' | ')} |`);
