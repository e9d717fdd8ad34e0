// Score and grade. Observatory-style: start at 100, take each non-ok check's score_impact, floor at 0. The grade
// bands are the simple A-F scale (A >= 90, B >= 80, C >= 70, D >= 60, else F).
import { enumOf } from '../../input/vocabulary.ts';
import { CHECK_CATEGORIES, type CheckStatus } from '../../platform/health.ts';

export const STATUSES = ['critical', 'warning', 'info', 'ok'] as const satisfies readonly CheckStatus[];
const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;

export const HealthStatus = enumOf(
  'HealthCheckStatus',
  STATUSES,
  'What a check found: critical, warning, info or ok.',
  {
    critical: 'A serious problem to fix now; takes its impact off the score.',
    warning: 'A problem to look at; takes its impact off the score.',
    info: 'Worth knowing; may take a small impact off the score.',
    ok: 'Nothing to do; takes nothing off the score.',
  },
);
export const HealthCategory = enumOf(
  'HealthCheckCategory',
  CHECK_CATEGORIES,
  'The part of the site a check looks at.',
  {
    security: 'Credentials, keys, exposure and access.',
    configuration: 'Settings and environment of the instance: database, migrations, jobs, logging.',
    performance: 'Speed of the database, the event loop and memory use.',
    data: 'Stored data: its size, leftovers, and failed or overdue work.',
  },
);
export const HealthGrade = enumOf('HealthGrade', GRADES, 'A (90+), B (80+), C (70+), D (60+) or F.', {
  A: 'Score 90 or more.',
  B: 'Score 80 to 89.',
  C: 'Score 70 to 79.',
  D: 'Score 60 to 69.',
  F: 'Score below 60.',
});

export interface Counted {
  status: CheckStatus;
  scoreImpact: number;
}

export function scoreOf(results: readonly Counted[]): number {
  const lost = results.filter((r) => r.status !== 'ok').reduce((sum, r) => sum + Math.max(0, r.scoreImpact), 0);
  return Math.max(0, 100 - lost);
}

export function gradeOf(score: number): (typeof GRADES)[number] {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}

export function countsOf(results: readonly Counted[]): Record<CheckStatus, number> {
  const counts = { critical: 0, warning: 0, info: 0, ok: 0 };
  for (const r of results) counts[r.status]++;
  return counts;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, the format the contract fixes for `scanned`. */
export const scannedFormat = (d: Date): string => d.toISOString().slice(0, 19).replace('T', ' ');
