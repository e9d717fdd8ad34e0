// Real-browser checks (playwright-core driving Debian's chromium): `npm run test:browser`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['test/browser/**/*.test.ts'],
    globalSetup: ['test/setup/global.ts'],
    pool: 'forks',
    // One browser at a time: each file starts chromium and a server on a machine of two cores.
    fileParallelism: false,
    isolate: false, // one module graph for all files (see vitest.config.ts)
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
