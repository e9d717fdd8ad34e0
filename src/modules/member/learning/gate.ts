// The gate of learners' writes and of gated reads: the access service asked about one item (firing
// member/access/denied when it refuses); a refusal is 403 member_forbidden with the reason and when it opens.
import type { Platform } from '../../../platform/platform.ts';
import type { Principal } from '../../../platform/principal.ts';
import { refusal } from '../../../platform/refusal.ts';
import { checkAccess, whoIs } from '../core/access/check.ts';
import { targetKey, type Target } from '../core/access/targets.ts';
import { memberForbidden } from '../core/errors.ts';

export async function gate(platform: Platform, principal: Principal, target: Target): Promise<void> {
  if (principal.kind === 'anonymous') throw refusal(principal, { anonymous: 'rest_not_logged_in' });
  const result = (await checkAccess(platform, whoIs(principal), [target], { emitDenied: true })).get(
    targetKey(target),
  )!;
  if (result.allowed) return;
  const e = memberForbidden(
    result.reason === 'drip_pending'
      ? `This ${target.type} opens on ${result.availableAt!.toISOString().replace('.000', '')}.`
      : `Your membership does not give access to this ${target.type} (${result.reason}).`,
  );
  Object.assign(e.data, {
    reason: result.reason,
    available_at: result.availableAt?.toISOString().replace('.000', '') ?? null,
    plan_ids: result.planIds,
  });
  throw e;
}
