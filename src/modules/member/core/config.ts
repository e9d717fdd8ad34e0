// The membership module's environment keys: the site currency and the direct-message limits.
import { z } from 'zod';
import { int } from '../../../platform/env-values.ts';
import { defineModuleConfig, type SectionOf } from '../../../platform/module-config.ts';

export const memberConfig = defineModuleConfig(
  {
    MEMBER_DM_LIMIT: int(20, 0, 10_000),
    MEMBER_DM_NEW_LIMIT: int(10, 0, 10_000),
    MEMBER_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
      .default('USD'),
  },
  (env) => ({
    /** The site currency: new plans' default, and what reports sum in (ISO 4217). */
    currency: env.MEMBER_CURRENCY,
    /** Direct messages a member may send per minute (0: no limit). */
    dmPerMinute: env.MEMBER_DM_LIMIT,
    /** Conversations a member may start per hour (0: no limit). */
    dmNewPerHour: env.MEMBER_DM_NEW_LIMIT,
  }),
);

declare module '../../../platform/module-config.ts' {
  interface ModuleConfigs {
    member: SectionOf<typeof memberConfig>;
  }
}
