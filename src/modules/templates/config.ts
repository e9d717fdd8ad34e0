// The templates module's environment keys: the cloud catalog (docs/templates.md).
import { defineModuleConfig, type SectionOf } from '../../platform/module-config.ts';
import { int, size, url } from '../../platform/env-values.ts';

export const templatesConfig = defineModuleConfig(
  {
    TEMPLATES_CLOUD_URL: url(['http:', 'https:']),
    TEMPLATES_CLOUD_TTL: int(12 * 3600, 0, 30 * 24 * 3600),
    TEMPLATES_CLOUD_TIMEOUT_MS: int(5000, 100, 120_000),
    TEMPLATES_CLOUD_MAX_BYTES: size(5 * 1024 * 1024),
  },
  (env) => ({
    cloudUrl: env.TEMPLATES_CLOUD_URL,
    cloudTtlSeconds: env.TEMPLATES_CLOUD_TTL,
    cloudTimeoutMs: env.TEMPLATES_CLOUD_TIMEOUT_MS,
    cloudMaxBytes: env.TEMPLATES_CLOUD_MAX_BYTES,
  }),
);

declare module '../../platform/module-config.ts' {
  interface ModuleConfigs {
    templates: SectionOf<typeof templatesConfig>;
  }
}
