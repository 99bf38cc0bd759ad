import { configDefaults, defineConfig } from 'vitest/config';

import { createRequire } from 'node:module';
import { testNodeFlags } from './tests/setup/project-process.ts';
import { LongestFirst } from './tests/setup/sequencer.ts';

const require = createRequire(import.meta.url);

/**
 * Tests whose outcome no database changes (CONTRIBUTING.md, "Tests"): they read no database, or
 * only one of their own on PGlite. They run on the PGlite run (`npm test` without DATABASE_URL)
 * and are left out of the PostgreSQL run, which would repeat them unchanged.
 */
export const databaseFree = [
  'tests/unit/**',
  'tests/architecture.test.ts',
  'tests/schema.test.ts',
  'tests/docs-graphql.test.ts',
  'tests/docs-links.test.ts',
  'tests/site-delivery.test.ts',
  'tests/site-pending.test.ts',
  'tests/openapi-document.test.ts',
  'tests/prepared-reads.test.ts',
  'tests/command-line.test.ts',
  'tests/browser/pages-wide.test.ts',
  'tests/browser/pages-phone.test.ts',
  'tests/browser/chrome.test.ts',
  'tests/browser/api-reference.test.ts',
  'tests/browser/phone-reading.test.ts',
];

export default defineConfig({
  // NOTE: one copy of graphql-js: some dependencies load its CommonJS build, so tests that
  // import the schema in-process must too ("Cannot use GraphQLObjectType from another realm").
  resolve: { alias: { graphql: require.resolve('graphql') } },
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? databaseFree : [])],
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/each-file.ts'],
    // A test's limit only catches a hang: on a two-core machine running the rest of the suite,
    // tests that take 5 s alone have taken 25 to 35 s, so the limit is four times that.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Three files at once on two cores: many files wait (on a timeout, a receiver, a restart)
    // part of their time, and a third keeps the cores busy meanwhile. Each worker runs its files
    // one after the other in one process rather than a new process per file (the setup file
    // runs again before each); no test file changes module state another relies on.
    maxWorkers: 3,
    isolate: false,
    // The workers too: a few files open an embedded database in-process (tests/setup/project-process.ts).
    execArgv: testNodeFlags,
    sequence: { sequencer: LongestFirst },
  },
});
