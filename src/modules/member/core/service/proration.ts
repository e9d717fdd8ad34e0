// Upgrade (or downgrade) proration, recorded as data; no payment is taken. The unused part of the current period is
// credited at the old plan's price and charged at the new one's, by the exact seconds left, rounded half up to
// minor units. A swap to a plan of another period length starts a new period now: the full new price is charged.
// A trial has nothing to credit or charge; nor has a lifetime plan's one-off price (it is not refunded by time).
import { periodStart, type PlanInterval } from './periods.ts';

export interface Proration {
  credit: number;
  charge: number;
  currency: string;
}

interface Plan {
  /** Minor units (a bigint column holding at most 53 bits: the input is a SafeInt). */
  price: bigint | number;
  currency: string;
  interval: string;
  intervalCount: number;
}

const round = (n: number) => Math.floor(n + 0.5);

/** The fraction of the period ending at `end` still to come at `now` (0..1). */
export function remainingFraction(end: Date, interval: PlanInterval, count: number, now: Date): number {
  const start = periodStart(end, interval, count);
  if (!start) return 0;
  const length = end.getTime() - start.getTime();
  return Math.min(1, Math.max(0, (end.getTime() - now.getTime()) / length));
}

export function prorate(
  m: { status: string; currentPeriodEnd: Date | null },
  from: Plan,
  to: Plan,
  now: Date,
): { proration: Proration; newPeriod: boolean } {
  const samePeriod = from.interval === to.interval && from.intervalCount === to.intervalCount;
  const [fromPrice, toPrice] = [Number(from.price), Number(to.price)];
  if (m.status === 'trialing') return { proration: { credit: 0, charge: 0, currency: to.currency }, newPeriod: false };
  if (from.interval === 'lifetime' || !m.currentPeriodEnd) {
    return { proration: { credit: 0, charge: toPrice, currency: to.currency }, newPeriod: true };
  }
  const left = remainingFraction(m.currentPeriodEnd, from.interval as PlanInterval, from.intervalCount, now);
  const credit = round(fromPrice * left);
  if (!samePeriod) return { proration: { credit, charge: toPrice, currency: to.currency }, newPeriod: true };
  return { proration: { credit, charge: round(toPrice * left), currency: to.currency }, newPeriod: false };
}
