// Period arithmetic in UTC calendar terms: a month after Jan 31 is the last day of February, a year after Feb 29 is
// Feb 28 (date math is where membership products get proration and expiry wrong; see domain-anchors §5.5).
export const PLAN_INTERVALS = ['day', 'week', 'month', 'year', 'lifetime'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

const DAY_MS = 86_400_000;

function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The end of `count` intervals after `from`; null for a lifetime plan. */
export function addInterval(from: Date, interval: PlanInterval, count: number): Date | null {
  switch (interval) {
    case 'day':
      return new Date(from.getTime() + count * DAY_MS);
    case 'week':
      return new Date(from.getTime() + count * 7 * DAY_MS);
    case 'month':
      return addMonths(from, count);
    case 'year':
      return addMonths(from, count * 12);
    case 'lifetime':
      return null;
  }
}

export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/** The start of the period that ends at `end` (the same calendar arithmetic backwards). */
export function periodStart(end: Date, interval: PlanInterval, count: number): Date | null {
  return interval === 'lifetime' ? null : addInterval(end, interval, -count);
}
