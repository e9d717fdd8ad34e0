// Express request -> the transport-neutral shapes the authentication step and the context need. Both faces are
// express routes (yoga's server context is express' req/res); REST runs GraphQL operations, so it uses these too.
import type { Request, Response } from 'express';
import type { AuthRequest } from '../platform/auth/authenticate.ts';
import { parseCookies, type RequestInfo, type ResponseEffects } from '../platform/request.ts';

const headerOf = (req: Request) => (name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The client's address as the trust-proxy setting reads it: worked out (proxy-addr) only when something asks. */
const ipOf = (req: Request) => {
  let ip: string | null | undefined;
  return () => (ip === undefined ? (ip = req.ip ?? null) : ip);
};

/** `query`: the request's parsed query when the caller holds it (express parses it again on each read). */
export function authRequestOf(req: Request, query = req.query): AuthRequest {
  const cookie = req.headers.cookie;
  const cookies = cookie ? parseCookies(cookie) : {};
  const nonce = query?._wpnonce;
  const ip = ipOf(req);
  return {
    header: headerOf(req),
    cookie: (name) => cookies[name],
    queryNonce: typeof nonce === 'string' ? nonce : undefined,
    get ip() {
      return ip();
    },
    userAgent: req.headers['user-agent'] ?? null,
  };
}

export function requestInfoOf(req: Request): RequestInfo {
  const ip = ipOf(req);
  return {
    get ip() {
      return ip();
    },
    userAgent: req.headers['user-agent'] ?? null,
    header: headerOf(req),
    get secure() {
      return req.secure;
    },
  };
}

export function responseEffectsOf(res: Response): ResponseEffects {
  return {
    setCookie: (cookie) => void res.append('Set-Cookie', cookie),
    setHeader: (name, value) => void res.setHeader(name, value),
    setRestStatus: (status) => void (res.locals.restStatus = status),
  };
}
