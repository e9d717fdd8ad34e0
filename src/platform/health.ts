// Site-health checks that modules contribute (Module.checks). The site-health module runs them.
import type { Platform } from './platform.ts';

export type CheckStatus = 'critical' | 'warning' | 'info' | 'ok';

/** What part of the site a check looks at (a closed set: the score's report groups by it). */
export const CHECK_CATEGORIES = ['security', 'configuration', 'performance', 'data'] as const;
export type CheckCategory = (typeof CHECK_CATEGORIES)[number];

export interface CheckResult {
  status: CheckStatus;
  message: string;
  detail?: string;
  /** Points taken from the score of 100 when the status is not ok. */
  scoreImpact?: number;
}

export interface HealthCheck {
  id: string;
  category: CheckCategory;
  label: string;
  /** Per-check timeout in milliseconds (the runner has a default). */
  timeoutMs?: number;
  /** Measures timing (round trips, delays): run alone, before the concurrent batch, so the queries of the other
   *  checks do not queue in front of it and skew what it measures. */
  isolated?: boolean;
  run(platform: Platform): Promise<CheckResult>;
}
