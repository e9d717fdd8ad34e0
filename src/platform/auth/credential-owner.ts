// Whose credentials (application passwords, API keys) a caller may manage: their own, or any user's with edit_users
// — never with an API key, so a leaked key cannot mint or list credentials to entrench itself.
import { assertCan, canEditUser } from '../authorize.ts';
import { can, type Principal } from '../principal.ts';

/** The user whose credentials are managed: the caller, or `userId` when the caller may edit that user. */
export function credentialOwner(principal: Principal, userId?: number | null): number {
  assertCan(principal, principal.kind === 'user' && principal.via !== 'api_key', 'Credentials cannot be managed with an API key.');
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
