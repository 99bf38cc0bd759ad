// The order the test files start in (CONTRIBUTING.md, "Tests"): longest first, by the time each
// took in a clean-clone run of `npm test` (tests/setup/file-times.json, per database). Three workers
// take the files in that order, so the long ones overlap one another and the run ends on short
// ones instead of one long file running alone. Vitest's own order needs its cache of the last
// run, which a fresh clone (CI) lacks: it then starts files by size, and that run took 44 s longer.
// A file the table does not list yet starts first: its time is unknown, and a long one at the end
// would run alone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each file took, by database: `npm run test-times` rewrites a database's entry from vitest's cache after a run. */
export const fileTimesPath = 'tests/setup/file-times.json';

export type FileTimes = Record<'pglite' | 'postgres', Record<string, number>>;

export function readFileTimes(): FileTimes {
  return JSON.parse(readFileSync(fileTimesPath, 'utf8')) as FileTimes;
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const times = readFileTimes()[process.env.DATABASE_URL ? 'postgres' : 'pglite'];
    const seconds = (f: TestSpecification) => times[path.relative(f.project.config.root, f.moduleId)] ?? Infinity;
    const byVitest = await super.sort(files);
    return byVitest.map((f, i) => ({ f, i })).sort((a, b) => seconds(b.f) - seconds(a.f) || a.i - b.i).map(({ f }) => f);
  }
}
