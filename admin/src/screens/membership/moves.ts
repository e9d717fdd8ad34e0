// Which moves the server allows from a membership's state (docs/member.md, "Statuses and moves"): offering only
// these keeps the console from proposing what would be a 409. The server's table stays the judge.
import type { MembershipFieldsFragment } from '../../gql/graphql.ts';

/** activate / keep: the grant move (pending → active; an ending membership's cancellation withdrawn). Revoke ends a
 *  live membership now (reason "revoked"). */
export type Move = 'activate' | 'keep' | 'pause' | 'resume' | 'cancelAtPeriodEnd' | 'upgrade' | 'revoke';

export function allowedMoves(
  m: Pick<MembershipFieldsFragment, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>,
): Move[] {
  switch (m.status) {
    case 'pending':
      return ['activate', 'revoke'];
    case 'trialing':
    case 'active':
      if (m.cancelAtPeriodEnd) return ['keep', 'revoke'];
      // Without a period end (lifetime) there is no "at the period end": revoking is the way to end it.
      return m.currentPeriodEnd ? ['pause', 'upgrade', 'cancelAtPeriodEnd', 'revoke'] : ['pause', 'upgrade', 'revoke'];
    case 'paused':
      return ['resume', 'revoke'];
    default:
      return [];
  }
}
