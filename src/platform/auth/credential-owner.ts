// Whose credentials (application passwords, API keys) a caller may manage: their own, or any user's with edit_users
// — never with an API key, so a leaked key cannot mint or list credentials to entrench itself. Operators (the CLI's
// system principal) name any user, or none for every user's. The credential services ask it.
import { id } from '../../input/vocabulary.ts';
import { assertCan } from '../authorize.ts';
import { invalid } from '../errors.ts';
import { can, type Principal } from '../principal.ts';
import { users } from '../users/policy.ts';

/** The argument naming another user's credentials (needs edit_users); the caller's own when left out. */
export const CredentialOwner = { userId: id().optional().describe('Another user (needs edit_users).') };

/** The user whose credentials are managed: `userId` when the caller may edit that user, else the caller; null for
 *  every user's (the system naming none). `refusal`: what an API key is told (modules with credentials of their own
 *  name them: device sessions). */
export function credentialOwner(
  principal: Principal,
  userId?: number | null,
  refusal = 'Credentials cannot be managed with an API key.',
): number | null {
  if (principal.kind === 'system') return userId ?? null;
  assertCan(principal, principal.kind === 'user' && principal.via !== 'api_key', refusal);
  const target = userId ?? (principal.kind === 'user' ? principal.user.id : 0);
  users.authorize(principal, 'edit', target);
  return target;
}

/** The one user a new credential is for (the system must name one). */
export function newCredentialOwner(principal: Principal, userId?: number | null): number {
  const owner = credentialOwner(principal, userId);
  if (owner === null) throw invalid('user_id', 'user_id names the user the credential is for.');
  return owner;
}

/** Whose credential the caller may revoke by id: the caller's own, or anyone's (null) with edit_users. */
export function revocableOwner(principal: Principal): number | null {
  credentialOwner(principal);
  return can(principal, 'edit_users') ? null : principal.kind === 'user' ? principal.user.id : 0;
}
