// Site health (intel/v1): a registry of checks (this module's platform checks plus every module's Module.checks),
// scans that run them concurrently under timeouts, a score and grade, and the score history.
import type { Module } from '../module.ts';
import { intelConfig } from './config.ts';
import { checks } from './checks/index.ts';
import { startLoopMonitor } from './checks/loop-monitor.ts';
import { intelCli } from './cli.ts';
import { jobs } from './jobs.ts';
import { healthSchema } from './graphql/health.ts';
import { intelSettingsSchema } from './graphql/settings.ts';

export const intel: Module = {
  name: 'intel',
  config: intelConfig,
  schema(builder) {
    healthSchema(builder);
    intelSettingsSchema(builder);
  },
  jobs,
  checks,
  cli: intelCli,
  setup(platform) {
    // Results are stored per (scan, check id): two checks with one id would make every scan fail to store.
    const ids = platform.checks.map((c) => c.id);
    const dup = ids.find((id, i) => ids.indexOf(id) !== i);
    if (dup) throw new Error(`Health check ${dup} is declared twice`);
    // Sampling starts with the platform, so the first scan already has a delay history to report.
    startLoopMonitor();
  },
};
