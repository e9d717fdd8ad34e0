// The platform's own environment keys and the config section built from them (the loader, config.ts, validates them
// with the installed modules' keys).
import { z } from 'zod';
import { bool, int, list, size, url } from './env-values.ts';

export const PLATFORM_KEYS = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(8080, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url(['http:', 'https:']),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: size(1024 * 1024),
  REQUEST_TIMEOUT: int(60, 1, 3600),
  HEADERS_TIMEOUT: int(10, 1, 600),
  UPLOAD_LIMIT: size(50 * 1024 * 1024),
  TRUST_PROXY: bool(false),
  JOBS_ENABLED: bool(true),
  JOBS_CONCURRENCY: int(4, 0, 100),
  JOBS_MAX_ATTEMPTS: int(10, 1, 100),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._@-]{1,60}$/, 'must be 1-60 letters, digits or . _ @ -')
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@example.com'),
  CORS_ORIGINS: list,
  CORS_CREDENTIALS: bool(false),
  GRAPHIQL: bool(true),
  GRAPHQL_PUBLIC_INTROSPECTION: z.enum(['true', 'false']).optional(),
  SESSION_TTL_HOURS: int(48, 1, 24 * 365),
  AUTH_CACHE_SIZE: int(10_000, 0, 1_000_000),
  DATABASE_STATEMENT_CACHE: int(500, 0, 10_000),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Atrium <atrium@localhost>'),
  SMTP_POOL_SIZE: int(5, 1, 100),
  SMTP_THREADS: int(1, 0, 64),
};

export type PlatformEnv = { [K in keyof typeof PLATFORM_KEYS]: z.output<(typeof PLATFORM_KEYS)[K]> };

export function platformSection(e: PlatformEnv) {
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    /** SQL texts an instance prepares once per connection (`0`: every statement is parsed and planned anew). */
    statementCache: e.DATABASE_STATEMENT_CACHE,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    /** Seconds a client has to send a whole request, and its headers; a slow client is cut off then (408). */
    requestTimeoutSeconds: e.REQUEST_TIMEOUT,
    headersTimeoutSeconds: e.HEADERS_TIMEOUT,
    /** Largest multipart body (GraphQL file uploads: the membership importer). */
    uploadLimit: e.UPLOAD_LIMIT,
    trustProxy: e.TRUST_PROXY,
    jobsEnabled: e.JOBS_ENABLED,
    jobs: {
      /** Jobs this instance's workers run at once (0: this instance runs no jobs, it only adds them). */
      concurrency: e.JOBS_CONCURRENCY,
      /** Attempts of a task that declares none before its job is kept as failed (backoff exp(n) s: 10 ≈ 3.7 hours). */
      maxAttempts: e.JOBS_MAX_ATTEMPTS,
    },
    /** Bearer token of GET /metrics (Prometheus); unset: no metrics endpoint. */
    metricsToken: e.METRICS_TOKEN,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    cors: { origins: e.CORS_ORIGINS, credentials: e.CORS_CREDENTIALS },
    graphql: {
      graphiql: e.GRAPHIQL,
      publicIntrospection: e.GRAPHQL_PUBLIC_INTROSPECTION ? e.GRAPHQL_PUBLIC_INTROSPECTION === 'true' : !production,
    },
    session: { ttlSeconds: e.SESSION_TTL_HOURS * 3600 },
    authCache: { size: e.AUTH_CACHE_SIZE },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      /** SMTP connections of each pooled transport (one per mail thread, or the instance's own without threads). */
      poolSize: e.SMTP_POOL_SIZE,
      /** Worker threads that compose and write the messages (0: on the main thread). */
      threads: e.SMTP_THREADS,
    },
  };
}

export type PlatformConfig = ReturnType<typeof platformSection>;
