// Whose account a caller may see and edit, as core's edit_user meta-capability: their own (with `read`), anyone's
// with edit_users; seeing also with list_users. Capabilities that name no account (create_users, promote_users)
// stay on the fields.
import { definePolicy } from '../policy.ts';
import { can, type Principal } from '../principal.ts';

const edits = (principal: Principal, userId: number) =>
  principal.kind === 'user' && principal.user.id === userId ? can(principal, 'read') : can(principal, 'edit_users');

/** The resource is the account's user id: a refusal (401/403) does not depend on whether the account exists. */
export const users = definePolicy<'view' | 'edit', number>({
  view: (principal, userId) => edits(principal, userId) || can(principal, 'list_users'),
  edit: edits,
});
