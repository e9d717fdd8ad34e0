// The per-request context shared by GraphQL (yoga) and REST (in-process execute): the platform, the caller, and
// the few request facts services need. Transport effects (cookies, headers) are collected, not written directly.
import type { Platform } from '../platform/platform.ts';
import type { Principal } from '../platform/principal.ts';
import type { AuthResult } from '../platform/auth/authenticate.ts';
import type { ValidatedArgs } from './declared-args.ts';

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  /** Header value by lower-case name. */
  header(name: string): string | undefined;
  /** Whether the client reached us over HTTPS (directly or behind a trusted proxy). */
  secure: boolean;
}

/** What a resolver may add to the HTTP response (cookies, headers); a no-op outside HTTP (CLI, jobs). */
export interface ResponseEffects {
  setCookie(cookie: string): void;
  setHeader(name: string, value: string): void;
  /** The REST status when it depends on the outcome (201 when an idempotent call created something, 200 when it
   *  found it there); GraphQL answers keep their own status. */
  setRestStatus(status: number): void;
}

export const NO_RESPONSE: ResponseEffects = { setCookie: () => {}, setHeader: () => {}, setRestStatus: () => {} };

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

export function createContext(platform: Platform, auth: AuthResult, request: RequestInfo, response = NO_RESPONSE): Context {
  return { platform, principal: auth.principal, session: auth.session, request, response };
}
