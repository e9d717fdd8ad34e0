// The one authentication step: every request becomes one principal, whatever the method. A header credential that
// is offered and fails is refused (401), never treated as anonymous. Cookie sessions carry a nonce status that each
// transport applies (REST: a cookie without nonce is anonymous; GraphQL: mutations need the nonce).
import { noteRequest } from '../request-scope.ts';
import { AppError } from '../errors.ts';
import type { Platform } from '../platform.ts';
import { ANONYMOUS, type Principal } from '../principal.ts';
import { authenticateApiKey } from './api-keys.ts';
import { authenticateAppPassword } from './app-passwords.ts';
import { authenticateSession, restNonce, SESSION_COOKIE, verifyRestNonce } from './sessions.ts';

export interface AuthRequest {
  /** Header value by lower-case name. */
  header(name: string): string | undefined;
  cookie(name: string): string | undefined;
  /** The `_wpnonce` query parameter, accepted like the nonce header. */
  queryNonce: string | undefined;
  ip: string | null;
  userAgent: string | null;
}

export type NonceStatus = 'valid' | 'missing' | 'invalid';

export interface AuthResult {
  principal: Principal;
  /** Set when a cookie session authenticated the request. */
  session: { id: number; nonceStatus: NonceStatus; nonce: string } | null;
}

/** The request's caller. A request that offers no credential is anonymous at once, without a promise: the public
 *  reads' case, where every promise pays the request scope's hook (docs/performance.md). */
export function authenticate(platform: Platform, req: AuthRequest): AuthResult | Promise<AuthResult> {
  const offered = offeredCredential(platform, req);
  return offered ? offered.then(noted) : { principal: ANONYMOUS, session: null };
}

const noted = (result: AuthResult) => {
  if (result.principal.kind === 'user') noteRequest({ userId: result.principal.user.id }); // for the request's log lines
  return result;
};

const byHeader = (principal: Principal): AuthResult => ({ principal, session: null });

/** The caller the request's credential names, or undefined when it offers none. */
function offeredCredential(platform: Platform, req: AuthRequest): Promise<AuthResult> | undefined {
  const authorization = req.header('authorization')?.trim();
  if (authorization) return fromAuthorization(platform, authorization, req).then(byHeader);

  // API-key headers the installed modules accept (Module.credentials), after Authorization and before cookies.
  for (const name of platform.apiKeyHeaders) {
    const key = req.header(name.toLowerCase())?.trim();
    if (key !== undefined) return authenticateApiKey(platform, key, req.ip).then(byHeader);
  }

  const token = req.cookie(SESSION_COOKIE);
  return token ? fromSession(platform, token, req) : undefined;
}

async function fromSession(platform: Platform, token: string, req: AuthRequest): Promise<AuthResult> {
  const credential = await authenticateSession(platform, token, req.ip);
  if (!credential) return { principal: ANONYMOUS, session: null };
  const { session } = credential;
  const offered = req.header('x-rest-nonce') ?? req.header('x-wp-nonce') ?? req.queryNonce;
  const nonceStatus: NonceStatus = !offered
    ? 'missing'
    : verifyRestNonce(platform, session, offered)
      ? 'valid'
      : 'invalid';
  return {
    principal: credential.principal,
    session: { id: session.id, nonceStatus, nonce: restNonce(platform, session) },
  };
}

async function fromAuthorization(platform: Platform, header: string, req: AuthRequest): Promise<Principal> {
  const space = header.indexOf(' ');
  const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
  const value = space < 0 ? '' : header.slice(space + 1).trim();

  if (scheme === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (!value || colon < 1) throw new AppError('invalid_credentials', 'Malformed Basic credentials.');
    return authenticateAppPassword(platform, decoded.slice(0, colon), decoded.slice(colon + 1), req.ip);
  }
  if (scheme === 'bearer') {
    if (!value) throw new AppError('token_invalid', 'The bearer token is empty.');
    if (value.startsWith('svc_')) return authenticateApiKey(platform, value, req.ip);
    for (const verify of platform.auth.bearer) {
      const principal = await verify(value, req);
      if (principal) return principal;
    }
    throw new AppError('token_invalid', 'The bearer token is not valid.');
  }
  throw new AppError('invalid_credentials', `Unsupported authorization scheme "${scheme}".`);
}
