// How a capability refusal reads: 401 for anonymous callers, 403 for logged-in ones, same code (as core).
import { AppError } from '../platform/errors.ts';
import type { Principal } from '../platform/principal.ts';

export interface RefusalCodes {
  /** Code for anonymous callers (default rest_forbidden; `rest_not_logged_in` on me-style fields). */
  anonymous?: string;
  /** Code for logged-in callers (default rest_forbidden). */
  user?: string;
  /** Status for logged-in callers (default 403). */
  userStatus?: number;
}

export function refusal(principal: Principal, codes: RefusalCodes = {}): AppError {
  if (principal.kind === 'anonymous') {
    const code = codes.anonymous ?? 'rest_forbidden';
    const message = code === 'rest_not_logged_in' ? 'You are not currently logged in.' : 'Sorry, you are not allowed to do that.';
    return new AppError(code, message, { status: 401 });
  }
  return new AppError(codes.user ?? 'rest_forbidden', 'Sorry, you are not allowed to do that.', {
    status: codes.userStatus ?? 403,
  });
}
