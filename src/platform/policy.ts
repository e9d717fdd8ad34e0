// Ownership and participation rules ("my session", "my entry", "a conversation I take part in"), one small policy per
// area, asked by services as Outline's `authorize(user, action, resource)`. Capabilities stay on fields; a policy
// answers what depends on the resource itself.
import { AppError } from './errors.ts';
import type { Principal } from './principal.ts';

export interface Policy<Action extends string, Resource> {
  can(principal: Principal, action: Action, resource: Resource): boolean;
  /** Throws the policy's refusal when the principal may not. */
  authorize(principal: Principal, action: Action, resource: Resource): void;
}

export interface PolicyOptions<Action extends string, Resource> {
  /** The refusal: 403 by default; a not-found error where the resource's existence must not leak (others' DMs). */
  refuse?: (principal: Principal, action: Action, resource: Resource) => AppError;
}

const forbidden = () => new AppError('rest_forbidden', 'Sorry, you are not allowed to do that.', { status: 403 });

export function definePolicy<Action extends string, Resource>(
  rules: { [A in Action]: (principal: Principal, resource: Resource) => boolean },
  options: PolicyOptions<Action, Resource> = {},
): Policy<Action, Resource> {
  const can = (principal: Principal, action: Action, resource: Resource) => principal.kind === 'system' || rules[action](principal, resource);
  return {
    can,
    authorize(principal, action, resource) {
      if (!can(principal, action, resource)) throw (options.refuse ?? forbidden)(principal, action, resource);
    },
  };
}
