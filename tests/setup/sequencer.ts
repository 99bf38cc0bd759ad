// The order the test files start in (CONTRIBUTING.md, "Tests"). Vitest runs the files that took
// longest in the last run first, from its cache; a fresh clone (CI) has no cache and would start
// them by size, so a long browser file could start last and run alone at the end. The files known
// to take longest start first on every machine; the others keep vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files of a run, longest first (a run's report lists each file's time), a browser
 * file never beside two others at the start: they share one Chromium.
 */
export const longestFiles = [
  'tests/browser/api-reference.test.ts',
  'tests/browser/pages-phone.test.ts',
  'tests/docs-examples.test.ts',
  'tests/browser/pages-wide.test.ts',
  'tests/fresh-statistics.test.ts',
  'tests/browser/chrome.test.ts',
  'tests/query-plans.test.ts',
  'tests/statement-counts.test.ts',
  'tests/webhooks/lifecycle-crash.test.ts',
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const at = longestFiles.findIndex((name) => f.moduleId.endsWith(name));
      return at === -1 ? longestFiles.length : at;
    };
    const byVitest = await super.sort(files);
    return byVitest.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}
