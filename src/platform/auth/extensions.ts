// Extension points of the authentication step that modules plug into from Module.setup:
// - bearer verifiers: a module's own tokens (`Authorization: Bearer <token>`);
// - login guards: e.g. throttling of password logins, consulted by every password login path.
import type { AuthRequest } from './authenticate.ts';
import type { UserPrincipal } from '../principal.ts';

/** Answers the principal for a bearer token it recognises, null for a token that is not its kind; throws AppError
 *  (401 token_invalid, token_expired, device_mismatch…) for one of its kind that fails. */
export type BearerVerifier = (token: string, request: AuthRequest) => Promise<UserPrincipal | null>;

/** The password login paths: the platform's cookie login; a module with a login of its own adds its name
 *  (`declare module '…/platform/auth/extensions.ts' { interface LoginChannels { device: true } }`). */
export interface LoginChannels {
  session: true;
}

/** A password login as its guards see it. A module's login path adds the facts its guards need the same way
 *  (`interface LoginAttempt { deviceId?: string }`). */
export interface LoginAttempt {
  identifier: string;
  ip: string | null;
  channel: keyof LoginChannels;
}

export interface LoginGuard {
  /** Throws an AppError (e.g. 429 too_many_attempts) to refuse the attempt before the password is checked. */
  before(attempt: LoginAttempt): Promise<void>;
  /** Records the outcome. */
  after(attempt: LoginAttempt, outcome: { ok: boolean; userId: number | null }): Promise<void>;
}

export class AuthExtensions {
  readonly bearer: BearerVerifier[] = [];
  readonly loginGuards: LoginGuard[] = [];
}
