// Ownership and participation rules ("my session", "my entry", "a conversation I take part in"), one small policy per
// area, asked by services as Outline's `authorize(user, action, resource)`. Capabilities stay on fields; a policy
// answers what depends on the resource itself.
import type { AppError } from './errors.ts';
import type { Principal } from './principal.ts';
import { refusal } from './refusal.ts';

export interface Policy<Action extends string, Resource> {
  can(principal: Principal, action: Action, resource: Resource): boolean;
  /** Throws the policy's refusal when the principal may not. */
  authorize(principal: Principal, action: Action, resource: Resource): void;
}

export interface PolicyOptions<Action extends string, Resource> {
  /** The refusal: the platform's (401 anonymous, 403 logged in) by default; a not-found error where the resource's existence must not leak (others' DMs). */
  refuse?: (principal: Principal, action: Action, resource: Resource) => AppError;
}

export function definePolicy<Action extends string, Resource>(
  rules: { [A in Action]: (principal: Principal, resource: Resource) => boolean },
  options: PolicyOptions<Action, Resource> = {},
): Policy<Action, Resource> {
  const can = (principal: Principal, action: Action, resource: Resource) =>
    principal.kind === 'system' || rules[action](principal, resource);
  return {
    can,
    authorize(principal, action, resource) {
      if (!can(principal, action, resource))
        throw options.refuse ? options.refuse(principal, action, resource) : refusal(principal);
    },
  };
}
