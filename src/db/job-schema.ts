// The job engine's tables and functions (schema graphile_worker) are graphile-worker's own, under its own migration
// numbers: installed and upgraded by graphile-worker at `migrate`, after Prisma's (several instances may race: it
// copes). Atrium's Prisma schema never touches them.
import { Logger, runMigrations } from 'graphile-worker';
import { heardPool } from './heard-pool.ts';

const quiet = new Logger(() => () => {});

export async function migrateJobSchema(url: string): Promise<void> {
  // A connection lost after the migration has nothing left to tell (src/db/heard-pool.ts).
  const pool = heardPool({ connectionString: url, max: 1 });
  try {
    await runMigrations({ pgPool: pool, logger: quiet });
  } finally {
    await pool.end();
  }
}
