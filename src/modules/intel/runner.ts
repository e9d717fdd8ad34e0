// Runs checks concurrently, each under its own timeout. A check that throws, answers garbage or runs too long becomes
// a warning result that says so; it never breaks the scan. No database transaction is open while checks run.
import type { CheckResult, CheckStatus, HealthCheck } from '../../platform/health.ts';
import type { Platform } from '../../platform/platform.ts';
import { STATUSES } from './score.ts';

export interface RanCheck {
  id: string;
  category: string;
  label: string;
  status: CheckStatus;
  message: string;
  detail: string;
  scoreImpact: number;
}

/** Points a check that could not answer costs: a blind spot is not a pass. */
export const FAILED_CHECK_IMPACT = 5;

/** A check's text is stored per scan and listed on every read: a runaway detail must not bloat either. */
export const MAX_MESSAGE = 500;
export const MAX_DETAIL = 4000;
const clip = (s: unknown, max: number) => {
  const text = String(s ?? '');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

class CheckTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function normalise(check: HealthCheck, r: CheckResult): RanCheck {
  if (!r || !STATUSES.includes(r.status)) throw new Error(`invalid status ${JSON.stringify(r?.status)}`);
  const impact = Math.round(Number(r.scoreImpact ?? 0));
  return {
    id: check.id,
    category: check.category,
    label: check.label,
    status: r.status,
    message: clip(r.message, MAX_MESSAGE),
    detail: clip(r.detail, MAX_DETAIL),
    // An ok check costs nothing whatever it says; impacts are points taken, never given.
    scoreImpact: r.status === 'ok' || !Number.isFinite(impact) ? 0 : Math.max(0, Math.min(100, impact)),
  };
}

export async function runCheck(platform: Platform, check: HealthCheck): Promise<RanCheck> {
  const ms = check.timeoutMs ?? platform.config.intel.checkTimeoutMs;
  try {
    // Promise.resolve().then: a check that throws synchronously is caught like one that rejects.
    return normalise(
      check,
      await withTimeout(
        Promise.resolve().then(() => check.run(platform)),
        ms,
      ),
    );
  } catch (err) {
    const reason = clip(
      err instanceof CheckTimeout ? err.message : `check failed: ${err instanceof Error ? err.message : String(err)}`,
      MAX_MESSAGE,
    );
    platform.logger.warn({ err, check: check.id }, 'health check did not answer');
    return {
      id: check.id,
      category: check.category,
      label: check.label,
      status: 'warning',
      message: reason,
      detail: 'The check could not tell whether this part of the site is healthy; its result is unknown.',
      scoreImpact: FAILED_CHECK_IMPACT,
    };
  }
}

/** Results in registration order: isolated checks one by one first, then all the others concurrently. */
export async function runChecks(platform: Platform, checks: readonly HealthCheck[]): Promise<RanCheck[]> {
  const byId = new Map<HealthCheck, RanCheck>();
  for (const c of checks.filter((c) => c.isolated)) byId.set(c, await runCheck(platform, c));
  const rest = checks.filter((c) => !c.isolated);
  (await Promise.all(rest.map((c) => runCheck(platform, c)))).forEach((r, i) => byId.set(rest[i]!, r));
  return checks.map((c) => byId.get(c)!);
}
