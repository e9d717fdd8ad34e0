// Source statuses → Atrium statuses, exactly as membership.md ("Importer") gives them. The source's word is kept
// verbatim in source_status; this decides status and cancel_at_period_end.
import type { MembershipStatus } from '../core/service/statuses.ts';

export type SourceSystem = 'pmpro' | 'memberpress' | 'rcp' | 'wcm';

const MAP: Record<string, MembershipStatus> = {
  active: 'active',
  complete: 'active',
  confirmed: 'active',
  complimentary: 'active',
  trial: 'trialing',
  free_trial: 'trialing',
  pending: 'pending',
  delayed: 'pending',
  suspended: 'paused',
  paused: 'paused',
  expired: 'expired',
  inactive: 'expired',
  cancelled: 'cancelled',
  admin_cancelled: 'cancelled',
  changed: 'cancelled',
  admin_changed: 'cancelled',
};

/** Sources whose cancelled membership keeps access until its end date (MemberPress, RCP). */
const CANCEL_KEEPS_ACCESS: SourceSystem[] = ['memberpress', 'rcp'];

export interface MappedStatus {
  status: MembershipStatus;
  cancelAtPeriodEnd: boolean;
}

/** Lower-cased, trimmed; WooCommerce's post statuses (`wcm-active`) and "Free Trial" labels are read as their keys. */
export const statusKey = (raw: string) =>
  raw
    .trim()
    .toLowerCase()
    .replace(/^wcm-/, '')
    .replace(/[\s-]+/g, '_');

/** null: a status the mapping does not know (the row is reported and skipped). */
export function mapStatus(system: SourceSystem, raw: string, end: Date | null, now: Date): MappedStatus | null {
  const key = statusKey(raw);
  // WooCommerce's `pending` is "pending cancellation": access lasts until the end date.
  if (system === 'wcm' && key === 'pending') return { status: 'active', cancelAtPeriodEnd: true };
  const status = MAP[key];
  if (!status) return null;
  if (status === 'cancelled' && CANCEL_KEEPS_ACCESS.includes(system) && end && end > now)
    return { status: 'active', cancelAtPeriodEnd: true };
  return { status, cancelAtPeriodEnd: false };
}
