// The mailer's environment keys (README, "Configuration"; docs/mailer.md).
import { z } from 'zod';
import { int } from '../../platform/env-values.ts';
import { defineModuleConfig, type SectionOf } from '../../platform/module-config.ts';

export const mailerConfig = defineModuleConfig(
  {
    MAILER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    MAILER_BATCH_SIZE: int(100, 1, 10_000),
    MAILER_SEND_RATE: int(0, 0, 1_000_000),
    MAILER_SEND_LEASE_SECONDS: int(600, 30, 86_400),
    MAILER_STUCK_MINUTES: int(30, 1, 10_080),
  },
  (env) => ({
    /** Signs unsubscribe and tracking links; generated once and kept in the database when unset. */
    secret: env.MAILER_SECRET,
    /** Recipients read from the queue per round of the sender. */
    batchSize: env.MAILER_BATCH_SIZE,
    /** Messages per minute per sender (0: as fast as the SMTP server accepts). */
    sendRate: env.MAILER_SEND_RATE,
    /** A recipient claimed longer than this is taken as interrupted (see docs/mailer.md). */
    sendLeaseSeconds: env.MAILER_SEND_LEASE_SECONDS,
    /** A sending campaign without progress for this long is reported by the mailer_stuck_campaigns check. */
    stuckMinutes: env.MAILER_STUCK_MINUTES,
  }),
);

declare module '../../platform/module-config.ts' {
  interface ModuleConfigs {
    mailer: SectionOf<typeof mailerConfig>;
  }
}
