// Field access declarations. One declaration both enforces the rule (scope-auth, for GraphQL and REST alike) and
// prints it in schema.graphql (@requiresCapability / @requiresApiKey / @public). Every root field must use one.
import { can } from '../platform/principal.ts';
import type { Context } from './context.ts';
import { refusal, type RefusalCodes } from '../platform/refusal.ts';

type Refusal = (parent: unknown, args: unknown, ctx: Context) => Error;
const refuseWith =
  (codes?: RefusalCodes): Refusal =>
  (_parent, _args, ctx) =>
    refusal(ctx.principal, codes);

export interface CapabilityOptions {
  /** Refusal codes for this field (e.g. { anonymous: 'rest_not_logged_in' } on me-style fields). */
  codes?: RefusalCodes;
  /** Lets a caller without the capability through when this answers true (e.g. a "public REST" setting). */
  unless?: (ctx: Context) => Promise<boolean> | boolean;
}

export function requiresCapability(name: string, options: CapabilityOptions = {}) {
  const { unless } = options;
  return {
    authScopes: unless
      ? // A caller who holds the capability passes without evaluating `unless` (often a settings read).
        async (_parent: unknown, _args: unknown, ctx: Context) =>
          can(ctx.principal, name) || (await unless(ctx)) ? true : { capability: name }
      : { capability: name },
    unauthorizedError: refuseWith(options.codes),
    directives: [{ name: 'requiresCapability' as const, args: { name } }],
  };
}

/** Site administrators (capability `manage_options`). */
export const requiresAdmin = () => requiresCapability('manage_options');

/** Any logged-in caller (capability `read`, which every role has); anonymous callers get 401 rest_not_logged_in. */
export const requiresLogin = () => requiresCapability('read', { codes: { anonymous: 'rest_not_logged_in' } });

/** Only an API key allowed to use `scope`; anyone else gets 401 api_key_required. */
export function requiresApiKey(scope: string) {
  return {
    authScopes: { apiKey: scope },
    unauthorizedError: refuseWith({ anonymous: 'api_key_required', user: 'api_key_required', userStatus: 401 }),
    directives: [{ name: 'requiresApiKey' as const, args: { scope } }],
  };
}

/** Open to everyone, anonymous callers included. */
export function isPublic() {
  return { directives: [{ name: 'public' as const, args: {} }] };
}
