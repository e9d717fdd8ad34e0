// The twelve member_* capabilities of the seed, granted to administrator and shop_manager when the module is
// installed. A check passes with the named capability or member_manage (the catch-all); for an API key, within its
// scopes: a key scoped to member_manage alone may do all of membership and nothing else.
import { requiresCapability } from '../../../graphql/access.ts';
import type { RoleGrants } from '../../../platform/capabilities.ts';
import { can, type Principal } from '../../../platform/principal.ts';

export const MEMBER_MANAGE = 'member_manage';
export const MEMBER_CAPABILITIES = [
  MEMBER_MANAGE,
  'member_manage_plans',
  'member_manage_members',
  'member_manage_access',
  'member_manage_courses',
  'member_manage_community',
  'member_moderate_community',
  'member_manage_badges',
  'member_manage_engagement',
  'member_view_reports',
  'member_grant_access',
  'member_export_data',
] as const;
export type MemberCapability = (typeof MEMBER_CAPABILITIES)[number];

export const memberCapabilities: RoleGrants = { administrator: MEMBER_CAPABILITIES, shop_manager: MEMBER_CAPABILITIES };

/** The named capability or member_manage. */
export const canMember = (principal: Principal, cap: MemberCapability) =>
  can(principal, cap) || can(principal, MEMBER_MANAGE);

/** Field access: the named capability or member_manage (printed as @requiresCapability(name: cap)). */
export const requiresMemberCapability = (cap: MemberCapability) =>
  requiresCapability(cap, { unless: (ctx) => can(ctx.principal, MEMBER_MANAGE) });
