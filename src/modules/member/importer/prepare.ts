// A source row checked and typed, or the reason it cannot be imported. Everything that can be decided from the row
// alone is decided here, before any write: key, e-mail, status, dates, plan.
import { email as emailSchema } from '../../../input/vocabulary.ts';
import type { MembershipStatus } from '../core/service/statuses.ts';
import type { PlanInterval } from '../core/service/periods.ts';
import { parseDate, type Zone } from './dates.ts';
import type { PlanCells, SourceRow } from './format.ts';
import { mapStatus, type SourceSystem } from './statuses.ts';

export interface PlanSpec {
  /** Cache key of the plan within a run: its source ref, else its name. */
  key: string;
  /** `<system>:plan:<id>` when the source gives the plan's id. */
  sourceRef: string | null;
  name: string;
  price: number;
  interval: PlanInterval;
  intervalCount: number;
}

export interface ImportRow {
  line: number;
  /** `<system>:<source key>`: the membership's source_ref. */
  sourceRef: string;
  email: string | null;
  username: string | null;
  displayName: string | null;
  plan: PlanSpec;
  status: MembershipStatus;
  cancelAtPeriodEnd: boolean;
  sourceStatus: string | null;
  startedAt: Date;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
}

export type Prepared = { row: ImportRow } | { reason: string };

const LABELS: Record<SourceSystem, string> = {
  pmpro: 'PMPro level',
  memberpress: 'MemberPress membership',
  rcp: 'RCP level',
  wcm: 'WooCommerce plan',
};
const validEmail = emailSchema();
const quote = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);

export function prepare(system: SourceSystem, src: SourceRow, line: number, zone: Zone, now: Date): Prepared {
  if (src.reject) return { reason: src.reject };
  if (!src.key) return { reason: 'missing key (the membership id the source identifies it by)' };
  let email: string | null = null;
  if (src.email) {
    const parsed = validEmail.safeParse(src.email);
    if (!parsed.success) return { reason: `bad e-mail ${quote(src.email)}` };
    email = parsed.data;
  } else if (!src.username) return { reason: 'missing e-mail' };

  const startedAt = parseDate(src.start ?? undefined, zone);
  if (startedAt === undefined) return { reason: `bad date ${quote(src.start!)} (start)` };
  if (startedAt === null) return { reason: 'missing start date' };
  const end = parseDate(src.end ?? undefined, zone);
  if (end === undefined) return { reason: `bad date ${quote(src.end!)} (end)` };

  const derived =
    src.derived === 'by_end' ? (end === null || end > now ? 'active' : 'expired') : (src.derived ?? 'active');
  const mapped = mapStatus(system, src.status ?? derived, end, now);
  if (!mapped) return { reason: `unknown status ${quote(src.status!)}` };

  const plan = planSpec(system, src.plan);
  if (!plan) return { reason: 'missing plan (no plan id or name)' };
  const ended = mapped.status === 'expired' || mapped.status === 'cancelled';
  const displayName =
    [src.firstName, src.lastName].filter(Boolean).join(' ').replace(/\s+/g, ' ').slice(0, 250) || null;
  return {
    row: {
      line,
      sourceRef: `${system}:${src.key}`,
      email,
      username: src.username,
      displayName,
      plan,
      status: mapped.status,
      cancelAtPeriodEnd: mapped.cancelAtPeriodEnd,
      sourceStatus: src.status,
      startedAt,
      currentPeriodEnd: end,
      // An ended membership ended at its end date once that has passed (WooCommerce may list a cancelled one with a
      // future expiration); the source does not say when otherwise.
      endedAt: ended && end && end <= now ? end : null,
    },
  };
}

function planSpec(system: SourceSystem, cells: PlanCells): PlanSpec | null {
  if (!cells.id && !cells.name) return null;
  const sourceRef = cells.id ? `${system}:plan:${cells.id}` : null;
  const name = (cells.name ?? `${LABELS[system]} ${cells.id}`).slice(0, 200);
  return {
    key: sourceRef ?? `name:${name.toLowerCase()}`,
    sourceRef,
    name,
    price: minorUnits(cells.price),
    interval: interval(cells.interval),
    intervalCount: count(cells.intervalCount),
  };
}

/** "10.00", "$1,200.50" → 1000, 120050; anything else 0. */
function minorUnits(v: string | null | undefined): number {
  const minor = Math.round(Number((v ?? '').replace(/[^0-9.]/g, '')) * 100);
  return minor > 0 && Number.isSafeInteger(minor) ? minor : 0; // a plan's price is a 53-bit integer
}

/** PMPro's "Month", MemberPress' "months", "lifetime"; unknown or empty: month (Atrium's default). */
function interval(v: string | null | undefined): PlanInterval {
  const s = (v ?? '').trim().toLowerCase().replace(/s$/, '');
  return (['day', 'week', 'month', 'year', 'lifetime'] as const).find((i) => i === s) ?? 'month';
}

function count(v: string | null | undefined): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 365 ? n : 1;
}
