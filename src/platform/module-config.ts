// A module's environment keys and the config section it builds from them. The module declares both in
// src/modules/<m>/config.ts and augments ModuleConfigs, so `platform.config.<m>` is typed while the platform's own
// loader (config.ts) knows no module: it validates whatever keys the installed modules bring.
import type { z } from 'zod';
import type { PlatformConfig } from './platform-config.ts';

/** Each installed module's section by module name: `interface ModuleConfigs { mailer: SectionOf<typeof mailerConfig> }`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each module adds its section by declaration merging
export interface ModuleConfigs {}

export type EnvKeys = Record<string, z.ZodType>;
export type EnvOf<K extends EnvKeys> = { [P in keyof K]: z.output<K[P]> };

export interface ModuleConfig<K extends EnvKeys = EnvKeys, T = unknown> {
  /** The keys the module reads, each with its rule (src/platform/env-values.ts); names are unique across owners. */
  keys: K;
  /** The section from the validated values; the platform's config gives defaults such as PUBLIC_URL. */
  build(env: EnvOf<K>, platform: PlatformConfig): T;
}

export function defineModuleConfig<K extends EnvKeys, T>(
  keys: K,
  build: (env: EnvOf<K>, platform: PlatformConfig) => T,
): ModuleConfig<K, T> {
  return { keys, build };
}

export type SectionOf<C> = C extends ModuleConfig<any, infer T> ? T : never;
