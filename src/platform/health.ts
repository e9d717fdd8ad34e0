// Site-health checks that modules contribute (Module.checks). The site-health module runs them.
import type { Platform } from './platform.ts';

export type CheckStatus = 'critical' | 'warning' | 'info' | 'ok';

export interface CheckResult {
  status: CheckStatus;
  message: string;
  detail?: string;
  /** Points taken from the score of 100 when the status is not ok. */
  scoreImpact?: number;
}

export interface HealthCheck {
  id: string;
  category: 'security' | 'configuration' | 'performance' | 'data' | (string & {});
  label: string;
  /** Per-check timeout in milliseconds (the runner has a default). */
  timeoutMs?: number;
  run(platform: Platform): Promise<CheckResult>;
}
