// The one refusal of both faces and every module: 401 for anonymous callers, 403 for logged-in ones, the same code
// (rest_forbidden) either way, as core. Capability checks on fields, meta-capabilities and policies all throw it.
import { AppError } from './errors.ts';
import type { Principal } from './principal.ts';

export interface RefusalCodes {
  /** Code for anonymous callers (default rest_forbidden; `rest_not_logged_in` on me-style fields). */
  anonymous?: string;
  /** Code for logged-in callers (default rest_forbidden). */
  user?: string;
  /** Status for logged-in callers (default 403). */
  userStatus?: number;
  /** What the caller reads (default: core's "Sorry, you are not allowed to do that."). */
  message?: string;
}

export function refusal(principal: Principal, codes: RefusalCodes = {}): AppError {
  const message = codes.message ?? 'Sorry, you are not allowed to do that.';
  if (principal.kind === 'anonymous') {
    const code = codes.anonymous ?? 'rest_forbidden';
    return new AppError(code, code === 'rest_not_logged_in' ? 'You are not currently logged in.' : message, {
      status: 401,
    });
  }
  return new AppError(codes.user ?? 'rest_forbidden', message, { status: codes.userStatus ?? 403 });
}
