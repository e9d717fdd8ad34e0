// CI's second pass (.ci/run): the tests whose outcome depends on the PostgreSQL server itself rather than on the
// SQL each feature sends, run against the server of DATABASE_URL (PostgreSQL 15, as deployments run it) after the
// whole suite ran on the embedded cluster (PostgreSQL 17). `npm run test:server`.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/** Kept by name, or by a name pattern for kinds of test (a new races file joins by its name). */
const SERVER_TESTS = [
  // Connection handling and DATABASE_URL paths: a missing database is created, a bad URL is one line; the importer
  // and site health on a server database.
  'test/platform/database.test.ts',
  'test/platform/connection-lost.test.ts',
  'test/platform/config.test.ts',
  'test/modules/member/importer/resume.test.ts',
  'test/modules/intel/checks-config.test.ts',
  // Migrations: applied on start, and by two instances starting at once against one database.
  'test/platform/startup.test.ts',
  'test/platform/startup-race.test.ts',
  // What lives on a connection: statements prepared per connection, LISTEN/NOTIFY of the principal cache, the job
  // engine's schema, LISTEN and locked jobs; COPY in and out (backup); hand-written SQL (Kysely) on the server's
  // version; a transaction's one connection under a small pool.
  'test/platform/prepared-statements.test.ts',
  'test/platform/principal-cache.test.ts',
  'test/platform/durable-events.test.ts',
  'test/platform/schedules.test.ts',
  'test/platform/backup.test.ts',
  'test/platform/sql.test.ts',
  'test/platform/transaction-guard.test.ts',
  // Races: concurrent requests that only row locks and constraints keep right.
  'test/**/*race*.test.ts',
  'test/**/*burst*.test.ts',
  'test/modules/member/memberships.test.ts',
  'test/modules/member/moves.test.ts',
  'test/modules/mobile/throttle.test.ts',
];

export default defineConfig({ ...base, test: { ...base.test, include: SERVER_TESTS } });
