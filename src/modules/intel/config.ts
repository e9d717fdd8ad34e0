// The site-health module's environment keys (docs/intel.md, "Settings and configuration").
import { defineModuleConfig, type SectionOf } from '../../platform/module-config.ts';
import { int } from '../../platform/env-values.ts';

export const intelConfig = defineModuleConfig(
  {
    INTEL_CHECK_TIMEOUT_MS: int(5000, 1, 120_000),
    INTEL_DB_RTT_WARN_MS: int(50, 0, 60_000),
    INTEL_DB_RTT_CRITICAL_MS: int(500, 0, 60_000),
    INTEL_EVENT_LOOP_WARN_MS: int(100, 0, 60_000),
    INTEL_EVENT_LOOP_CRITICAL_MS: int(1000, 0, 60_000),
    INTEL_MEMORY_WARN_MB: int(1024, 0, 1_048_576),
    INTEL_MEMORY_CRITICAL_MB: int(2048, 0, 1_048_576),
    INTEL_DB_SIZE_WARN_MB: int(2048, 0, 1_048_576),
  },
  /** The default per-check timeout, and the thresholds (a measure at or above one reaches it). */
  (env) => ({
    checkTimeoutMs: env.INTEL_CHECK_TIMEOUT_MS,
    dbRtt: { warnMs: env.INTEL_DB_RTT_WARN_MS, criticalMs: env.INTEL_DB_RTT_CRITICAL_MS },
    eventLoop: { warnMs: env.INTEL_EVENT_LOOP_WARN_MS, criticalMs: env.INTEL_EVENT_LOOP_CRITICAL_MS },
    memory: { warnMb: env.INTEL_MEMORY_WARN_MB, criticalMb: env.INTEL_MEMORY_CRITICAL_MB },
    dbSizeWarnMb: env.INTEL_DB_SIZE_WARN_MB,
  }),
);

declare module '../../platform/module-config.ts' {
  interface ModuleConfigs {
    intel: SectionOf<typeof intelConfig>;
  }
}
