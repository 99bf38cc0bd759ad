// Batch writes on apps already running on one PostgreSQL database, taken in turns so that every
// app meets the same machine load: 100 orders of 10 lines, 100 linked processes with a full maritime
// shipment (scripts/bench-domain.ts) and 1,000 products, each created and then sent again as an
// update, new reference codes at every round. Each write starts once the events of the writes
// before it are relayed (no `event_changes` left), so it is measured alone. docs/benchmarks.md
// ("Batch writes by set") has a run. The apps are named as label=url=key, each key of a company
// of its own with products coded P-000000 upwards (the writes' lines name them):
//   DATABASE_URL=postgresql://... npx tsx scripts/bench-writes.ts before=http://127.0.0.1:3101=tt_... after=http://127.0.0.1:3102=tt_...
// Optional environment: BENCH_ROUNDS (default 5).
import { argv, env } from 'node:process';
import pg from 'pg';
import { timeBatch, timedBatches } from './bench-domain.ts';

const ROUNDS = Number(env.BENCH_ROUNDS || 5);

interface App {
  label: string;
  base: string;
  key: string;
  operation?: number;
  ms: Map<string, number[]>;
}

const apps: App[] = argv.slice(2).map((arg) => {
  const [label, rest] = [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)];
  const at = rest.lastIndexOf('=');
  return { label, base: rest.slice(0, at), key: rest.slice(at + 1), ms: new Map() };
});
if (!apps.length || !env.DATABASE_URL) throw new Error('set DATABASE_URL and name the apps: label=url=key ...');
const db = new pg.Client({ connectionString: env.DATABASE_URL });
await db.connect();

const code = (i: number) => `P-${String(i).padStart(6, '0')}`;
for (const app of apps) {
  const res = await fetch(`${app.base}/api/operations`, { headers: { 'api-key': app.key } });
  app.operation = ((await res.json()) as { data: { id: number }[] }).data[0].id;
}
for (let round = 0; round < ROUNDS; round++) {
  // The order of the apps turns at every round.
  for (const app of [...apps.slice(round % apps.length), ...apps.slice(0, round % apps.length)]) {
    for (const batch of timedBatches(app.operation!, `BW${Date.now().toString(36)}`, code)) {
      const { ms } = await timeBatch(db, app.base, app.key, batch);
      app.ms.set(batch.what, [...(app.ms.get(batch.what) ?? []), ms]);
    }
  }
  console.error(`round ${round + 1} of ${ROUNDS}`);
}
await db.end();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`| Batch (PUT) | ${apps.map((a) => `${a.label}: median ms (each round)`).join(' | ')} |`);
console.log(`|---|${apps.map(() => '---').join('|')}|`);
for (const what of apps[0].ms.keys()) console.log(`| ${what} | ${apps.map((a) => `${median(a.ms.get(what)!).toFixed(0)} (${a.ms.get(what)!.map((x) => x.toFixed(0)).join(', ')})`).join(' | ')} |`);
