// Composition root: database, migrations, platform, modules, schema, REST table and HTTP app.
import { createServer, type Server } from 'node:http';
import type { Config } from './platform/config.ts';
import { openDatabase, targetFromConfig, type Database } from './db/connect.ts';
import { buildSchema } from './graphql/schema.ts';
import { createHttpApp } from './app/http.ts';
import { expressClassesOf } from './app/front.ts';
import { modules as installedModules } from './modules/index.ts';
import { bootstrapAdmin } from './platform/bootstrap-admin.ts';
import type { Clock } from './platform/clock.ts';
import type { Logger } from './platform/logger.ts';
import type { Module } from './modules/module.ts';
import { createPlatform, type Platform } from './platform/platform.ts';
import { Notifications } from './db/notifications.ts';
import { AUTH_CHANNEL } from './platform/auth/principal-cache.ts';
import { compileRoutes } from './rest/table.ts';

export interface AtriumOptions {
  config: Config;
  db?: Database;
  clock?: Clock;
  logger?: Logger;
  modules?: readonly Module[];
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Create the first administrator on an empty database (default true). */
  bootstrap?: boolean;
  /** Where the generated first administrator's password is shown (default: stdout). */
  printAdmin?: (line: string) => void;
  /** Where the LISTEN connection goes (default: the database's URL; a pooler in transaction mode cannot LISTEN). */
  listenUrl?: string;
  /** What the first answer does not need — graphile-worker's migration check, giving back stopped workers' jobs,
   *  this instance's workers, loading Prisma's query compiler — starts when listen() is called, and /readyz answers
   *  503 until it is done (serve; docs/performance.md, "Start-up"). By default it is done before createAtrium returns. */
  finishAfterListen?: boolean;
}

export async function createAtrium(options: AtriumOptions) {
  const { config } = options;
  const db = options.db ?? (await openDatabase(targetFromConfig(config)));
  const modules = options.modules ?? installedModules;
  let notifications: Notifications | undefined;
  try {
    const later = options.finishAfterListen === true;
    if (options.migrate !== false) await (later ? db.migrateTables() : db.migrate());
    const platform = await createPlatform({ config, db, modules, clock: options.clock, logger: options.logger });
    db.onConnectionLost((err) =>
      platform.logger.warn({ err }, 'a database connection was lost; the pool opens another'),
    );
    notifications = new Notifications(options.listenUrl ?? db.url, [AUTH_CHANNEL], platform.logger, {
      now: () => platform.clock.now(),
    });
    platform.principals.follow(notifications);
    await notifications
      .start()
      .catch((err) => platform.logger.warn({ err }, 'LISTEN failed; the principal cache stays off until it works'));
    if (options.bootstrap !== false) await bootstrapAdmin(platform, options.printAdmin);
    const schema = buildSchema(modules);
    const table = compileRoutes(schema);
    for (const m of modules) await m.start?.(platform);
    const finish = async () => {
      if (later && options.migrate !== false) await platform.queue.schemaChecked(db.migrateJobSchema());
      await platform.queue.recover(); // jobs a stopped instance was running go back to the queue
      await platform.queue.start(config.jobs.concurrency);
      // Prisma's first query instantiates its query compiler: here, rather than in the first request that needs it.
      if (later) await platform.prisma.$queryRaw`SELECT 1`;
      finished = true;
    };
    let finished = false;
    let finishing: Promise<void> | undefined;
    const finishStart = () => (finishing ??= finish());
    if (!later) await finishStart();
    let closing = false;
    let server: Server | undefined;
    const app = createHttpApp(platform, modules, schema, table, {
      isClosing: () => closing,
      isStarting: () => !finished,
    });
    return {
      platform,
      /** The LISTEN connection the principal cache follows. */
      notifications,
      schema,
      table,
      app,
      /** Resolves once the start is finished (at once unless finishAfterListen); rejects if it failed. */
      finished: finishStart,
      /** Listens, then finishes the start in the background (finishAfterListen): `finished()` tells how it went. */
      listen(port = config.port, host = config.host): Promise<Server> {
        return new Promise((resolve, reject) => {
          // Node's defaults let a slow client hold a connection for 300 s; the limits are the operator's, and the
          // check runs every second so a limit holds to the second.
          const s = createServer(
            {
              requestTimeout: config.requestTimeoutSeconds * 1000,
              headersTimeout: config.headersTimeoutSeconds * 1000,
              connectionsCheckingInterval: 1000,
              ...expressClassesOf(app),
            },
            app,
          );
          s.once('error', reject);
          s.listen(port, host, () => {
            finishStart().catch(() => {}); // reported by finished()
            resolve(s);
          });
          server = s;
        });
      },
      async close() {
        closing = true;
        await finishing?.catch(() => {}); // a start still finishing would start workers after they are stopped
        await platform.jobs.stop();
        if (server) {
          const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
          server.closeIdleConnections();
          await closed;
        }
        await platform.queue.stop();
        for (const m of [...modules].reverse()) await m.stop?.(platform);
        await platform.mail.close();
        await notifications!.close();
        await db.close();
      },
    };
  } catch (err) {
    await notifications?.close();
    await db.close();
    throw err;
  }
}

export type Atrium = Awaited<ReturnType<typeof createAtrium>>;
export type { Platform };
