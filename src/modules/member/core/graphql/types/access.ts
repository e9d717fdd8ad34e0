// The MemberAccess type: the access service's answer for one item.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { enumOf } from '../../../../../input/vocabulary.ts';
import { ACCESS_REASONS, type AccessResult } from '../../access/check.ts';

export const AccessReason = enumOf(
  'MemberAccessReason',
  ACCESS_REASONS,
  "Why access is (or is not) granted: granted (a rule's plan, or a manager), no_rule (no rule gates the item: open to logged-in users), not_logged_in, no_membership (none of the rule's plans), membership_inactive (one exists but does not grant now), drip_pending (opens at availableAt), prerequisite_pending (another item must be completed first).",
  {
    granted: "Allowed: a membership of one of the rule's plans grants it now, or the caller manages members.",
    no_rule: 'Allowed: no access rule gates the item, so any logged-in user may see it.',
    not_logged_in: 'Refused: the caller is anonymous and the item is gated.',
    no_membership: "Refused: the caller has no membership of the rule's plans.",
    membership_inactive:
      'Refused: a membership exists but does not grant access now (pending, paused, cancelled or expired).',
    drip_pending: 'Refused for now: the item opens at availableAt.',
    prerequisite_pending: 'Refused for now: another item must be completed first.',
  },
);

export const accessResultType = schemaPart((builder) => {
  return builder.objectRef<AccessResult>('MemberAccess').implement({
    description: 'Whether a user may see an item now.',
    fields: (t) => ({
      allowed: t.exposeBoolean('allowed', { description: 'Whether the user may see the item now.' }),
      reason: t.expose('reason', {
        type: enumType(builder, AccessReason),
        description: 'Why: granted or no_rule when allowed; otherwise the refusal closest to access.',
      }),

      planIds: t.exposeIntList('planIds', {
        description: 'The plans that grant the item (empty: any membership, or no rule).',
      }),
      availableAt: t.expose('availableAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When a drip opens (or opened) the item.',
      }),
    }),
  });
});
