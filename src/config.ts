// Environment -> typed, validated configuration. The only place that reads process.env.
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    });

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
/** Bytes, as a plain integer or with a unit: 1048576, 512kb, 1mb. */
const size = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const m = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(v.trim());
      if (!m || Number(m[1]) < 1) {
        ctx.addIssue({ code: 'custom', message: 'must be a size in bytes such as 1048576, 512kb or 1mb' });
        return z.NEVER;
      }
      return Number(m[1]) * SIZE_UNITS[(m[2] ?? 'b').toLowerCase()]!;
    });

const url = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      try {
        const u = new URL(v);
        if (!protocols.includes(u.protocol)) throw new Error();
        return v.replace(/\/+$/, '');
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be a URL starting with ${protocols.join(' or ')}//` });
        return z.NEVER;
      }
    });

const list = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean));

const EnvSchema = z.object({
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
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  ADMIN_USERNAME: z.string().regex(/^[A-Za-z0-9._@-]{1,60}$/, 'must be 1-60 letters, digits or . _ @ -').default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@example.com'),
  CORS_ORIGINS: list,
  CORS_CREDENTIALS: bool(false),
  GRAPHIQL: bool(true),
  GRAPHQL_PUBLIC_INTROSPECTION: z.enum(['true', 'false']).optional(),
  SESSION_TTL_HOURS: int(48, 1, 24 * 365),
  AUTH_CACHE_SIZE: int(10_000, 0, 1_000_000),
  JWT_SECRET: z.string().optional(),
  JWT_PREVIOUS_SECRETS: list,
  JWT_ISSUER: z.string().trim().min(1).max(200).optional(),
  JWT_AUDIENCE: z.string().trim().min(1).max(200).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Atrium <atrium@localhost>'),
  TEMPLATES_CLOUD_URL: url(['http:', 'https:']),
  TEMPLATES_CLOUD_TTL: int(12 * 3600, 0, 30 * 24 * 3600),
  TEMPLATES_CLOUD_TIMEOUT_MS: int(5000, 100, 120_000),
  TEMPLATES_CLOUD_MAX_BYTES: size(5 * 1024 * 1024),
  FORMS_SUBMIT_LIMIT: int(30, 0, 1_000_000),
  FORMS_SUBMIT_WINDOW: int(600, 1, 86_400),
  INTEL_CHECK_TIMEOUT_MS: int(5000, 1, 120_000),
  INTEL_DB_RTT_WARN_MS: int(50, 0, 60_000),
  INTEL_DB_RTT_CRITICAL_MS: int(500, 0, 60_000),
  INTEL_EVENT_LOOP_WARN_MS: int(100, 0, 60_000),
  INTEL_EVENT_LOOP_CRITICAL_MS: int(1000, 0, 60_000),
  INTEL_MEMORY_WARN_MB: int(1024, 0, 1_048_576),
  INTEL_MEMORY_CRITICAL_MB: int(2048, 0, 1_048_576),
  INTEL_DB_SIZE_WARN_MB: int(2048, 0, 1_048_576),
  MAILER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MAILER_BATCH_SIZE: int(100, 1, 10_000),
  MAILER_SEND_RATE: int(0, 0, 1_000_000),
  MAILER_SEND_LEASE_SECONDS: int(600, 30, 86_400),
  MAILER_STUCK_MINUTES: int(30, 1, 10_080),
  MEMBER_DM_LIMIT: int(20, 0, 10_000),
  MEMBER_DM_NEW_LIMIT: int(10, 0, 10_000),
  MEMBER_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD').default('USD'),
});

export type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env) {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0]);
      return `  ${key}: ${i.message} (got ${JSON.stringify(cleaned[key])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    /** Seconds a client has to send a whole request, and its headers; a slow client is cut off then (408). */
    requestTimeoutSeconds: e.REQUEST_TIMEOUT,
    headersTimeoutSeconds: e.HEADERS_TIMEOUT,
    /** Largest multipart body (GraphQL file uploads: the membership importer). */
    uploadLimit: e.UPLOAD_LIMIT,
    trustProxy: e.TRUST_PROXY,
    jobsEnabled: e.JOBS_ENABLED,
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
    mobile: {
      jwtSecret: e.JWT_SECRET,
      jwtPreviousSecrets: e.JWT_PREVIOUS_SECRETS,
      /** `iss` and `aud` of mobile tokens; both default to PUBLIC_URL. */
      jwtIssuer: e.JWT_ISSUER ?? e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
      jwtAudience: e.JWT_AUDIENCE ?? e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    templates: {
      cloudUrl: e.TEMPLATES_CLOUD_URL,
      cloudTtlSeconds: e.TEMPLATES_CLOUD_TTL,
      cloudTimeoutMs: e.TEMPLATES_CLOUD_TIMEOUT_MS,
      cloudMaxBytes: e.TEMPLATES_CLOUD_MAX_BYTES,
    },
    /** Form submissions per client IP per window (0: no limit). */
    forms: { submitLimit: e.FORMS_SUBMIT_LIMIT, submitWindowSeconds: e.FORMS_SUBMIT_WINDOW },
    /** Site health: the default per-check timeout, and the thresholds (a measure at or above one reaches it). */
    intel: {
      checkTimeoutMs: e.INTEL_CHECK_TIMEOUT_MS,
      dbRtt: { warnMs: e.INTEL_DB_RTT_WARN_MS, criticalMs: e.INTEL_DB_RTT_CRITICAL_MS },
      eventLoop: { warnMs: e.INTEL_EVENT_LOOP_WARN_MS, criticalMs: e.INTEL_EVENT_LOOP_CRITICAL_MS },
      memory: { warnMb: e.INTEL_MEMORY_WARN_MB, criticalMb: e.INTEL_MEMORY_CRITICAL_MB },
      dbSizeWarnMb: e.INTEL_DB_SIZE_WARN_MB,
    },
    mailer: {
      /** Signs unsubscribe and tracking links; generated once and kept in the database when unset. */
      secret: e.MAILER_SECRET,
      /** Recipients read from the queue per round of the sender. */
      batchSize: e.MAILER_BATCH_SIZE,
      /** Messages per minute per sender (0: as fast as the SMTP server accepts). */
      sendRate: e.MAILER_SEND_RATE,
      /** A recipient claimed longer than this is taken as interrupted (see docs/mailer.md). */
      sendLeaseSeconds: e.MAILER_SEND_LEASE_SECONDS,
      /** A sending campaign without progress for this long is reported by the mailer_stuck_campaigns check. */
      stuckMinutes: e.MAILER_STUCK_MINUTES,
    },
    member: {
      /** The site currency: new plans' default, and what reports sum in (ISO 4217). */
      currency: e.MEMBER_CURRENCY,
      /** Direct messages a member may send per minute (0: no limit). */
      dmPerMinute: e.MEMBER_DM_LIMIT,
      /** Conversations a member may start per hour (0: no limit). */
      dmNewPerHour: e.MEMBER_DM_NEW_LIMIT,
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}
