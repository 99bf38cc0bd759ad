// Rewrites one database's entry of tests/setup/file-times.json, the times the test files' start
// order follows (tests/setup/sequencer.ts), from vitest's cache of the last run. Run it after a full
// `npm test` on a clean clone (no cache of earlier runs), with DATABASE_URL as that run had it:
//   npm test && npm run test-times
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileTimesPath, readFileTimes } from '../tests/setup/sequencer.ts';

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
  if (failed) throw new Error(`${key} failed in the last run: its time says nothing`);
  // A skipped file kept no time.
  if (duration > 0) entry[key.slice(key.indexOf(':') + 1)] = Math.round(duration / 100) / 10;
}
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const times = readFileTimes();
times[database] = Object.fromEntries(Object.entries(entry).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
writeFileSync(fileTimesPath, `${JSON.stringify(times, null, 2)}\n`);
console.log(`${fileTimesPath}: ${Object.keys(entry).length} files of the ${database} run`);
