// The forms module's environment keys (docs/forms.md, "Configuration").
import { defineModuleConfig, type SectionOf } from '../../platform/module-config.ts';
import { int } from '../../platform/env-values.ts';

export const formsConfig = defineModuleConfig(
  {
    FORMS_SUBMIT_LIMIT: int(30, 0, 1_000_000),
    FORMS_SUBMIT_WINDOW: int(600, 1, 86_400),
  },
  /** Form submissions per client IP per window (0: no limit). */
  (env) => ({ submitLimit: env.FORMS_SUBMIT_LIMIT, submitWindowSeconds: env.FORMS_SUBMIT_WINDOW }),
);

declare module '../../platform/module-config.ts' {
  interface ModuleConfigs {
    forms: SectionOf<typeof formsConfig>;
  }
}
