// Who is calling: the result of the one authentication step, the same for REST, GraphQL, CLI and jobs.

/** How a caller authenticated. A module with a credential of its own adds its name, as it adds events:
 *  `declare module '…/platform/principal.ts' { interface AuthMethods { jwt: true } }`. */
export interface AuthMethods {
  app_password: true;
  api_key: true;
  session: true;
  /** An operator's command acting as a user. */
  cli: true;
}

export type AuthMethod = keyof AuthMethods;

/** The platform's own auth methods as clients read them (GraphQL's AuthMethod enum); a module describes those it
 *  adds in its `credentials.authMethods`. */
export const PLATFORM_AUTH_METHODS = {
  session: 'A session cookie (a browser login).',
  app_password: 'An application password (HTTP Basic).',
  api_key: 'An API key (svc_…), which may lend only the capabilities its scopes name.',
  cli: "An operator's command acting as a user (the CLI; never over HTTP).",
} as const satisfies Partial<Record<AuthMethod, string>>;

export interface PrincipalUser {
  id: number;
  username: string;
  email: string;
  displayName: string;
  roles: string[];
}

export type Principal =
  | { kind: 'anonymous' }
  /** Operators (CLI) and scheduled jobs: every capability. */
  | { kind: 'system' }
  | {
      kind: 'user';
      user: PrincipalUser;
      caps: ReadonlySet<string>;
      via: AuthMethod;
      /** API key scopes; null when the credential is not scoped. "*" acts fully as the owner. */
      scopes: readonly string[] | null;
      /** Id of the credential used (app password, API key, session or token chain). */
      credentialId: number | null;
    };

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

export const ANONYMOUS: Principal = { kind: 'anonymous' };
export const SYSTEM: Principal = { kind: 'system' };

/** A primitive capability check. A scoped API key only lends the owner's capabilities it names. */
export function can(principal: Principal, cap: string): boolean {
  if (principal.kind === 'system') return true;
  if (principal.kind === 'anonymous') return false;
  if (!principal.caps.has(cap)) return false;
  return principal.scopes === null || principal.scopes.includes('*') || principal.scopes.includes(cap);
}

/** Whether the caller authenticated with an API key allowed to use `scope`, whose owner still holds `capability`, the
 *  capability the scope stands for (undefined: an unregistered scope, never allowed). */
export function hasApiScope(principal: Principal, scope: string, capability: string | undefined): boolean {
  if (principal.kind !== 'user' || principal.via !== 'api_key' || capability === undefined) return false;
  if (!principal.caps.has(capability)) return false;
  return principal.scopes === null || principal.scopes.includes('*') || principal.scopes.includes(scope);
}

export function userIdOf(principal: Principal): number | null {
  return principal.kind === 'user' ? principal.user.id : null;
}
