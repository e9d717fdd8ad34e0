// Environment -> typed, validated configuration. The only place that reads process.env. The platform's keys are in
// platform-config.ts; each module declares its own (Module.config, src/modules/<m>/config.ts) and they are
// validated together.
import { z } from 'zod';
import { configEnvironment } from './env-file.ts';
import type { ModuleConfig, ModuleConfigs } from './module-config.ts';
import { PLATFORM_KEYS, platformSection, type PlatformConfig, type PlatformEnv } from './platform-config.ts';

export type Env = Record<string, string | undefined>;

/** The cleaned environment a config was read from: sections of modules installed later are built from it. */
const SOURCE: unique symbol = Symbol('atrium.config.source');

export type Config = PlatformConfig & ModuleConfigs & { readonly [SOURCE]?: Env };

/** What the loader reads of a module: its name (the section's) and its keys. */
interface Configurable {
  name: string;
  config?: ModuleConfig;
}

type Configured = Configurable & { config: ModuleConfig };

/**
 * The platform's keys and those of every listed module, validated together (one line per bad key). Modules left out
 * get their section when a platform is built with them (withModuleSections), from the same environment.
 */
export function loadConfig(env: Env = configEnvironment().env, modules: readonly Configurable[] = []): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')) as Env;
  const configured = withConfig(modules);
  assertOneOwner(configured);
  const values = parseEnv({ ...PLATFORM_KEYS, ...Object.assign({}, ...configured.map((m) => m.config.keys)) }, cleaned);
  const platform = platformSection(values as PlatformEnv);
  for (const m of configured) {
    if (m.name in platform)
      throw new ConfigError(
        `Module ${m.name} cannot have a config section: the platform's config has a field of that name.`,
      );
  }
  return { ...platform, ...sections(configured, values, platform), [SOURCE]: cleaned } as Config;
}

/** The config with a section for every listed module that declares keys; missing ones are read from its source. */
export function withModuleSections(config: Config, modules: readonly Configurable[]): Config {
  const configured = withConfig(modules);
  assertOneOwner(configured);
  const missing = configured.filter((m) => !(m.name in config));
  if (!missing.length) return config;
  const source = config[SOURCE];
  if (!source)
    throw new ConfigError(
      `The configuration has no section for ${missing.map((m) => m.name).join(', ')}; build it with loadConfig(env, modules).`,
    );
  const values = parseEnv(Object.assign({}, ...missing.map((m) => m.config.keys)), source);
  return { ...config, ...sections(missing, values, config) };
}

const withConfig = (modules: readonly Configurable[]) => modules.filter((m): m is Configured => m.config !== undefined);

/** A key has one owner: the platform or one module. Two owners would read one value two ways. */
function assertOneOwner(modules: readonly Configured[]): void {
  const owner = new Map<string, string>(Object.keys(PLATFORM_KEYS).map((k) => [k, 'the platform']));
  for (const m of modules) {
    for (const key of Object.keys(m.config.keys)) {
      const first = owner.get(key);
      if (first) throw new ConfigError(`The environment key ${key} is declared by both ${first} and module ${m.name}.`);
      owner.set(key, `module ${m.name}`);
    }
  }
}

function parseEnv(keys: Record<string, z.ZodType>, env: Env): Record<string, unknown> {
  const parsed = z.object(keys).safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => {
    const key = String(i.path[0]);
    return `  ${key}: ${i.message} (got ${JSON.stringify(env[key])})`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

function sections(modules: readonly Configured[], values: Record<string, unknown>, platform: PlatformConfig) {
  return Object.fromEntries(
    modules.map((m) => [
      m.name,
      m.config.build(Object.fromEntries(Object.keys(m.config.keys).map((k) => [k, values[k]])), platform),
    ]),
  );
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
