// Express request -> the transport-neutral shapes the authentication step and the context need. Both faces are
// express routes (yoga's server context is express' req/res); REST runs GraphQL operations, so it uses these too.
import type { Request, Response } from 'express';
import type { AuthRequest } from '../platform/auth/authenticate.ts';
import { parseCookies, type RequestInfo, type ResponseEffects } from '../platform/request.ts';

const headerOf = (req: Request) => (name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export function authRequestOf(req: Request): AuthRequest {
  const cookies = parseCookies(req.headers.cookie);
  const nonce = req.query?._wpnonce;
  return {
    header: headerOf(req),
    cookie: (name) => cookies[name],
    queryNonce: typeof nonce === 'string' ? nonce : undefined,
    ip: req.ip ?? null,
    userAgent: req.headers['user-agent'] ?? null,
  };
}

export function requestInfoOf(req: Request): RequestInfo {
  return {
    ip: req.ip ?? null,
    userAgent: req.headers['user-agent'] ?? null,
    header: headerOf(req),
    secure: req.secure,
  };
}

export function responseEffectsOf(res: Response): ResponseEffects {
  return {
    setCookie: (cookie) => void res.append('Set-Cookie', cookie),
    setHeader: (name, value) => void res.setHeader(name, value),
    setRestStatus: (status) => void (res.locals.restStatus = status),
  };
}
