// The mailer's environment keys (README, "Configuration"; docs/mailer.md).
import { z } from 'zod';
import { durations, int } from '../../platform/env-values.ts';
import { defineModuleConfig, type SectionOf } from '../../platform/module-config.ts';

export const mailerConfig = defineModuleConfig(
  {
    MAILER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    MAILER_BATCH_SIZE: int(100, 1, 10_000),
    MAILER_SEND_RATE: int(0, 0, 1_000_000),
    MAILER_SEND_LANES: int(8, 1, 256),
    MAILER_SEND_LEASE_SECONDS: int(600, 30, 86_400),
    MAILER_STUCK_MINUTES: int(30, 1, 10_080),
    MAILER_RETRY_WAITS: durations('1m,5m,30m', { min: '1s', max: '7d', most: 20 }),
  },
  (env) => ({
    /** Signs unsubscribe and tracking links; generated once and kept in the database when unset. */
    secret: env.MAILER_SECRET,
    /** Recipients one job claims and sends at once (send/batch.ts). */
    batchSize: env.MAILER_BATCH_SIZE,
    /** Messages per minute of a campaign (0: as fast as the SMTP server accepts); a throttled campaign has one lane. */
    sendRate: env.MAILER_SEND_RATE,
    /** Batch jobs of one campaign that may run at once, on any instance's workers. */
    lanes: env.MAILER_SEND_LANES,
    /** A recipient claimed longer than this is taken as interrupted (see docs/mailer.md). */
    sendLeaseSeconds: env.MAILER_SEND_LEASE_SECONDS,
    /** A sending campaign without progress for this long is reported by the mailer_stuck_campaigns check. */
    stuckMinutes: env.MAILER_STUCK_MINUTES,
    /** Waits (ms) before each new attempt at a message refused for now (send/retry.ts): the first after the first
     *  refusal, and so on; a refusal once they are used up fails it. Empty: a refusal for now fails at once. */
    retryWaits: env.MAILER_RETRY_WAITS as readonly number[],
  }),
);

declare module '../../platform/module-config.ts' {
  interface ModuleConfigs {
    mailer: SectionOf<typeof mailerConfig>;
  }
}
