// Rewrites one database's entry of tests/setup/file-times.json, the times the test files' start
// order follows (tests/setup/sequencer.ts), from vitest's cache of the last run. The cache keeps
// one time per file, the last run's: run it right after a full `npm test` on a clean clone, with
// DATABASE_URL as that run had it (CONTRIBUTING.md, "Tests"):
//   npm test && npm run test-times
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createVitest } from 'vitest/node';
import { fileTimesPath, readFileTimes } from '../tests/setup/sequencer.ts';

// The files this database's run includes (vitest.config.ts leaves some out on PostgreSQL): the
// cache also holds the times of the other database's run.
const vitest = await createVitest('test', { watch: false });
const included = new Set((await vitest.globTestSpecifications()).map((spec) => path.relative(process.cwd(), spec.moduleId)));
await vitest.close();

const cache = path.resolve('node_modules/.vite/vitest');
const results = readdirSync(cache)
  .map((dir) => path.join(cache, dir, 'results.json'))
  .filter((file) => statSync(file, { throwIfNoEntry: false }))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!results) throw new Error(`no results of a run under ${cache}: run npm test first`);

// A list of [":<path from the root>", { duration, failed }].
const { results: files } = JSON.parse(readFileSync(results, 'utf8')) as { results: [string, { duration: number; failed: boolean }][] };
const entry: Record<string, number> = {};
for (const [key, { duration, failed }] of files) {
  const file = key.slice(key.indexOf(':') + 1);
  if (!included.has(file)) continue;
  if (failed) throw new Error(`${key} failed in the last run: its time says nothing`);
  // A skipped file kept no time.
  if (duration > 0) entry[file] = Math.round(duration / 100) / 10;
}
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const times = readFileTimes();
times[database] = Object.fromEntries(Object.entries(entry).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
writeFileSync(fileTimesPath, `${JSON.stringify(times, null, 2)}\n`);
console.log(`${fileTimesPath}: ${Object.keys(entry).length} files of the ${database} run`);
