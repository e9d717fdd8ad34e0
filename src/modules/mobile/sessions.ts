// Device sessions as their users see them: list the live ones, end one. A user manages their own; edit_users
// manages anyone's. An API key cannot (a leaked key must not be able to see or end the owner's devices).
import { pageArgs } from '../../input/vocabulary.ts';
import { CredentialOwner, credentialOwner } from '../../platform/auth/credential-owner.ts';
import { notFound } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { can, type Principal } from '../../platform/principal.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { revokeChain } from './chains.ts';

export const SessionsFilter = { ...pageArgs, ...CredentialOwner };

/** The user whose sessions are managed: the caller, or `userId` when the caller may edit that user. */
export const sessionOwner = (principal: Principal, userId?: number | null): number | null =>
  credentialOwner(principal, userId, 'Sessions cannot be managed with an API key.');

export function liveSessionsWhere(platform: Platform, userId?: number | null): Prisma.MobileSessionWhereInput {
  return { ...(userId ? { userId } : {}), revokedAt: null, expiresAt: { gt: platform.clock.now() } };
}

/** Ends a live session of the caller (any user's with edit_users). Unknown, foreign and ended ones are 404. */
export async function endSession(platform: Platform, principal: Principal, id: number): Promise<number> {
  sessionOwner(principal);
  const self = principal.kind === 'user' ? principal.user.id : 0;
  const session = await platform.prisma.mobileSession.findFirst({ where: { id, ...liveSessionsWhere(platform) } });
  if (!session || (session.userId !== self && !can(principal, 'edit_users'))) {
    throw notFound('mobile_session_not_found', 'No active session has that id.');
  }
  await revokeChain(platform, id, session.userId === self ? 'user' : 'admin');
  return id;
}
