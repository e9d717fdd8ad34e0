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
    // One module graph per worker, not per file: importing the app (Prisma's client and its WebAssembly compiler,
    // Pothos, yoga, every module) again for each of ~130 files cost over a third of the run. Files share no state
    // through modules: each builds its own app on its own database, and the clock is injected per app.
    isolate: false,
    // Two files at a time on two cores: one file alone leaves a core idle while it waits on PostgreSQL.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
