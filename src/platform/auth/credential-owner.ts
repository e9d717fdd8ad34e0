// Whose credentials (application passwords, API keys) a caller may manage: their own, or any user's with edit_users
// — never with an API key, so a leaked key cannot mint or list credentials to entrench itself.
import { id } from '../../input/vocabulary.ts';
import { assertCan, canEditUser } from '../authorize.ts';
import { can, type Principal } from '../principal.ts';

/** The argument naming another user's credentials (needs edit_users); the caller's own when left out. */
export const CredentialOwner = { userId: id().optional().describe('Another user (needs edit_users).') };

/** The user whose credentials are managed: the caller, or `userId` when the caller may edit that user. `refusal`:
 *  what an API key is told (modules with credentials of their own name them: device sessions). */
export function credentialOwner(principal: Principal, userId?: number | null, refusal = 'Credentials cannot be managed with an API key.'): number {
  assertCan(principal, principal.kind === 'user' && principal.via !== 'api_key', refusal);
  const self = principal.kind === 'user' ? principal.user.id : 0;
  const target = userId ?? self;
  assertCan(principal, canEditUser(principal, target));
  return target;
}

/** Whose credential the caller may revoke by id: the caller's own, or anyone's with edit_users (null). */
export function revocableOwner(principal: Principal): number | null {
  credentialOwner(principal);
  return can(principal, 'edit_users') ? null : principal.kind === 'user' ? principal.user.id : 0;
}
