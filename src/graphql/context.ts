// The per-request context shared by GraphQL (yoga) and REST (in-process execute): the platform, the caller, and
// the few request facts services need. Transport effects (cookies, headers) are collected, not written directly.
import type { Platform } from '../platform/platform.ts';
import type { Principal } from '../platform/principal.ts';
import type { AuthResult } from '../platform/auth/authenticate.ts';
import { NO_RESPONSE, type RequestInfo, type ResponseEffects } from '../platform/request.ts';
import type { ValidatedArgs } from './declared-args.ts';

export interface Context {
  platform: Platform;
  principal: Principal;
  /** The cookie session that authenticated the request, if any. */
  session: AuthResult['session'];
  request: RequestInfo;
  response: ResponseEffects;
  /** The REST face's route arguments, validated before the operation ran: its root field takes them as they are. */
  validatedArgs?: ValidatedArgs;
}

export function createContext(
  platform: Platform,
  auth: AuthResult,
  request: RequestInfo,
  response = NO_RESPONSE,
): Context {
  return { platform, principal: auth.principal, session: auth.session, request, response };
}
