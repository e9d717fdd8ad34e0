// The job engine's tables and functions (schema graphile_worker) are graphile-worker's own, under its own migration
// numbers: installed and upgraded by graphile-worker at `migrate`, after Prisma's (several instances may race: it
// copes). Atrium's Prisma schema never touches them.
import { Logger, runMigrations } from 'graphile-worker';

const quiet = new Logger(() => () => {});

export async function migrateJobSchema(url: string): Promise<void> {
  await runMigrations({ connectionString: url, logger: quiet });
}
