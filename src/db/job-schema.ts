// The job engine's tables and functions (schema graphile_worker) are graphile-worker's own, under its own migration
// numbers: installed and upgraded by graphile-worker at `migrate`, after Prisma's (several instances may race: it
// copes). Atrium's Prisma schema never touches them.
import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';

const quiet = new Logger(() => () => {});

export async function migrateJobSchema(url: string): Promise<void> {
  // Our own pool rather than graphile-worker's: its pool drops its 'error' listener when it is released, while a
  // connection may still be closing; a server that ends that connection then (a restart, DROP DATABASE … FORCE) would
  // make the pool emit an error nobody listens to — an uncaught exception that takes the process down.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => {}); // a connection lost after the migration has nothing left to tell
  try {
    await runMigrations({ pgPool: pool, logger: quiet });
  } finally {
    await pool.end();
  }
}
