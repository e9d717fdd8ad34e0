// The platform every module stands on: one object per running instance (tests build many).
import { withModuleSections, type Config } from './config.ts';
import type { Database } from '../db/connect.ts';
import type { Sql } from '../db/sql.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { AuthExtensions } from './auth/extensions.ts';
import { PrincipalCache } from './auth/principal-cache.ts';
import { Roles } from './capabilities.ts';
import { systemClock, type Clock } from './clock.ts';
import { EventBus, listenerTask } from './events.ts';
import type { HealthCheck } from './health.ts';
import { Hooks } from './hooks.ts';
import { Jobs } from './jobs.ts';
import { Mail } from './mail.ts';
import { Queue } from './queue.ts';

import { assertErrorTables } from './errors.ts';
import { createLogger, redacting, type Logger } from './logger.ts';
import type { PlatformModule } from './module.ts';
import { Settings } from './settings.ts';

export interface Platform {
  config: Config;
  db: Database;
  prisma: PrismaClient;
  /** Kysely on the same pool: hot reads and SQL beyond Prisma's client (docs/data-access.md); sqlIn(tx) in a transaction. */
  sql: Sql;
  clock: Clock;
  logger: Logger;
  hooks: Hooks;
  events: EventBus;
  roles: Roles;
  settings: Settings;
  auth: AuthExtensions;
  /** Authenticated credentials (on while the instance follows the database's notifications). */
  principals: PrincipalCache;
  mail: Mail;
  jobs: Jobs;
  /** The job engine (graphile-worker): tasks, durable listeners' jobs and scheduled runs. */
  queue: Queue;
  modules: readonly PlatformModule[];
  checks: readonly HealthCheck[];
  /** API-key scopes the modules declared, each with the capability it stands for. */
  apiScopes: ReadonlyMap<string, string>;
  /** Headers that carry an API key, as the modules declared them (Module.credentials), read after Authorization. */
  apiKeyHeaders: readonly string[];
}

/** A cached credential is read again after this long even if no change was announced (a safety net). */
const PRINCIPAL_TTL_MS = 5 * 60_000;

export interface PlatformOptions {
  config: Config;
  db: Database;
  modules: readonly PlatformModule[];
  clock?: Clock;
  logger?: Logger;
}

export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const { db, modules } = options;
  const config = withModuleSections(options.config, modules); // sections of modules the config was not read with
  assertErrorTables(modules);
  const apiKeyHeaders = [...new Set(modules.flatMap((m) => m.credentials?.apiKeyHeaders ?? []))];
  const logger = options.logger
    ? redacting(options.logger, apiKeyHeaders)
    : createLogger(config.logLevel, undefined, apiKeyHeaders);
  const hooks = new Hooks(logger);
  const clock = options.clock ?? systemClock;
  const platform = {
    config,
    db,
    prisma: db.prisma,
    sql: db.sql,
    clock,
    logger,
    hooks,
    events: new EventBus(hooks),
    roles: new Roles(modules.map((m) => m.capabilities ?? {})),
    settings: new Settings(db.prisma, db.sql),
    auth: new AuthExtensions(),
    principals: new PrincipalCache(clock, config.authCache.size, PRINCIPAL_TTL_MS),
    mail: new Mail(config.mail, logger),
    modules,
    checks: modules.flatMap((m) => m.checks ?? []),
    apiScopes: new Map(modules.flatMap((m) => Object.entries(m.apiScopes ?? {}))),
    apiKeyHeaders,
  } as Omit<Platform, 'jobs' | 'queue'> as Platform;
  platform.jobs = new Jobs(
    platform,
    modules.flatMap((m) => m.jobs ?? []),
  );
  const durable = modules.flatMap((m) => m.listeners ?? []).map((l) => ({ event: l.event, task: listenerTask(l) }));
  platform.queue = new Queue(platform, [
    ...modules.flatMap((m) => m.tasks ?? []),
    ...durable.map((d) => d.task),
    ...platform.jobs.tasks,
  ]);
  platform.events.attach(platform.queue, durable);
  for (const m of modules) await m.setup?.(platform);
  return platform;
}
