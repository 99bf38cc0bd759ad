import { defineConfig } from 'vitest/config';

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export default defineConfig({
  // NOTE: one copy of graphql-js: some dependencies load its CommonJS build, so tests that
  // import the schema in-process must too ("Cannot use GraphQLObjectType from another realm").
  resolve: { alias: { graphql: require.resolve('graphql') } },
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/each-file.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
