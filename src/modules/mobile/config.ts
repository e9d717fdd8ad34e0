// The mobile module's environment keys: the JWT signing secrets and the tokens' issuer and audience.
import { z } from 'zod';
import { list } from '../../platform/env-values.ts';
import { defineModuleConfig, type SectionOf } from '../../platform/module-config.ts';

export const mobileConfig = defineModuleConfig(
  {
    JWT_SECRET: z.string().optional(),
    JWT_PREVIOUS_SECRETS: list,
    JWT_ISSUER: z.string().trim().min(1).max(200).optional(),
    JWT_AUDIENCE: z.string().trim().min(1).max(200).optional(),
  },
  (env, platform) => ({
    jwtSecret: env.JWT_SECRET,
    jwtPreviousSecrets: env.JWT_PREVIOUS_SECRETS,
    /** `iss` and `aud` of mobile tokens; both default to PUBLIC_URL. */
    jwtIssuer: env.JWT_ISSUER ?? platform.publicUrl,
    jwtAudience: env.JWT_AUDIENCE ?? platform.publicUrl,
  }),
);

declare module '../../platform/module-config.ts' {
  interface ModuleConfigs {
    mobile: SectionOf<typeof mobileConfig>;
  }
}
