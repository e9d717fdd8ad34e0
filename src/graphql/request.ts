// Express request -> the transport-neutral shapes the authentication step and the context need. Both faces are
// express routes (yoga's server context is express' req/res); REST runs GraphQL operations, so it uses these too.
import type { Request, Response } from 'express';
import type { AuthRequest } from '../platform/auth/authenticate.ts';
import { parseCookies, type RequestInfo, type ResponseEffects } from '../platform/request.ts';

const headerOf = (req: Request) => (name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

// The lazy parts are getters of a class, not of an object literal. A literal's own getter gives each object a hidden
// class of its own, and V8 keeps hidden classes in the old generation: each request's map held its getter's closure,
// so the request, its response and their headers outlived every young collection until a full one (a megabyte
// promoted per scavenge on every path that authenticates; docs/performance.md).

/** The client's address as the trust-proxy setting reads it (proxy-addr): worked out only when something asks. */
class LazyAddress {
  #ip: string | null | undefined;
  constructor(protected readonly req: Request) {}
  get ip(): string | null {
    return this.#ip === undefined ? (this.#ip = this.req.ip ?? null) : this.#ip;
  }
}

class ExpressAuthRequest extends LazyAddress implements AuthRequest {
  readonly header: (name: string) => string | undefined;
  readonly cookie: (name: string) => string | undefined;
  readonly queryNonce: string | undefined;
  readonly userAgent: string | null;
  constructor(req: Request, query: Request['query']) {
    super(req);
    const cookie = req.headers.cookie;
    const cookies = cookie ? parseCookies(cookie) : {};
    const nonce = query?._wpnonce;
    this.header = headerOf(req);
    this.cookie = (name) => cookies[name];
    this.queryNonce = typeof nonce === 'string' ? nonce : undefined;
    this.userAgent = req.headers['user-agent'] ?? null;
  }
}

class ExpressRequestInfo extends LazyAddress implements RequestInfo {
  readonly userAgent: string | null;
  readonly header: (name: string) => string | undefined;
  constructor(req: Request) {
    super(req);
    this.userAgent = req.headers['user-agent'] ?? null;
    this.header = headerOf(req);
  }
  get secure(): boolean {
    return this.req.secure;
  }
}

/** `query`: the request's parsed query when the caller holds it (express parses it again on each read). */
export const authRequestOf = (req: Request, query = req.query): AuthRequest => new ExpressAuthRequest(req, query);

export const requestInfoOf = (req: Request): RequestInfo => new ExpressRequestInfo(req);

export function responseEffectsOf(res: Response): ResponseEffects {
  return {
    setCookie: (cookie) => void res.append('Set-Cookie', cookie),
    setHeader: (name, value) => void res.setHeader(name, value),
    setRestStatus: (status) => void (res.locals.restStatus = status),
  };
}
