import { defineConfig } from 'vitest/config';

export default defineConfig({
  // graphql 16 ships ESM and CJS builds; Pothos and Yoga load the CJS one, so our sources must too
  // ("Cannot use GraphQLDirective from another module or realm" otherwise).
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**'],
    globalSetup: ['test/setup/global.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
