// Reads of processes on apps already running (each started with `npm start`, on its embedded
// database with the demo data), taken in turns so that every app meets the same machine load:
// one process by id, and a page of 20. docs/benchmarks.md ("Prepared reads on the embedded
// database") has a run; the apps are named on the command line as label=url=key:
//   npx tsx scripts/bench-embedded.ts before=http://127.0.0.1:3101=tt_... after=http://127.0.0.1:3102=tt_...
import { argv } from 'node:process';

const ROUNDS = 60;

interface App {
  label: string;
  base: string;
  key: string;
  id?: number;
  one: number[];
  page: number[];
}

const apps: App[] = argv.slice(2).map((arg) => {
  const [label, rest] = [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)];
  const at = rest.lastIndexOf('=');
  return { label, base: rest.slice(0, at), key: rest.slice(at + 1), one: [], page: [] };
});
if (!apps.length) throw new Error('name the apps: label=url=key ...');

/** Milliseconds for one GET, which must answer 200. */
async function timed(app: App, path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${app.base}/api${path}`, { headers: { 'api-key': app.key } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${app.label} ${path}: ${res.status}`);
  return performance.now() - started;
}

for (const app of apps) {
  const res = await fetch(`${app.base}/api/operations/1/processes?limit=1`, { headers: { 'api-key': app.key } });
  app.id = ((await res.json()) as { data: { id: number }[] }).data[0].id;
}
for (let round = 0; round < ROUNDS; round++) {
  for (const app of apps) {
    app.one.push(await timed(app, `/operations/1/processes/${app.id}`));
    app.page.push(await timed(app, '/operations/1/processes?limit=20'));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const app of apps) {
  console.log(
    `${app.label}: one process, first five ${app.one.slice(0, 5).map((ms) => ms.toFixed(0)).join(', ')} ms, median of the last 30 ${median(app.one.slice(30)).toFixed(1)} ms;` +
      ` a page of 20, median of the last 30 ${median(app.page.slice(30)).toFixed(1)} ms`,
  );
}
