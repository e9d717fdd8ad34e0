// `atrium serve`: start on the configured database, run jobs unless JOBS_ENABLED=false, stop gracefully on signals.
import { loadConfig } from '../platform/config.ts';
import { modules } from '../modules/index.ts';
import { createAtrium } from '../server.ts';

export async function serve(): Promise<void> {
  const config = loadConfig(undefined, modules);
  const atrium = await createAtrium({ config, modules, finishAfterListen: true });
  const { logger } = atrium.platform;
  if (config.production && atrium.platform.db.kind === 'embedded') {
    logger.warn(
      'running in production on the embedded PostgreSQL in DATA_DIR; set DATABASE_URL to a managed PostgreSQL server',
    );
  }
  await atrium.listen();
  // Answering already; the job engine and Prisma's query compiler start now (/readyz says 503 until they have).
  await atrium.finished().catch(async (err) => {
    await atrium.close();
    throw err;
  });
  if (config.jobsEnabled) atrium.platform.jobs.start();
  logger.info(
    {
      url: config.publicUrl,
      port: config.port,
      host: config.host,
      database: atrium.platform.db.kind,
      jobs: config.jobsEnabled,
    },
    `Atrium is listening: REST ${config.publicUrl}/wp-json/ · GraphQL ${config.publicUrl}/graphql`,
  );
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, 'shutting down');
      atrium.close().then(resolve, (err) => {
        logger.error({ err }, 'shutdown failed');
        resolve();
      });
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}
