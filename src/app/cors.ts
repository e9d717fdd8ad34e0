// One CORS policy for browser callers of both faces, /wp-json and /graphql (yoga's own CORS is off: it reflected any
// origin with credentials). Origins come from CORS_ORIGINS; an origin that is not listed gets no Access-Control-Allow-*
// header. "*" lets any page read without credentials; cookies (CORS_CREDENTIALS=true) are for listed origins only,
// whose origin is then echoed — a cookie-carrying answer never goes to whichever page asks.
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../platform/config.ts';

const ALLOW_HEADERS = [
  'Authorization',
  'X-Rest-Nonce',
  'X-WP-Nonce',
  'Content-Disposition',
  'Content-MD5',
  'Content-Type',
];
const EXPOSE_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link, X-Rest-Nonce, Retry-After, X-Request-Id';

/** What an origin is granted: its own name (with credentials when configured), "*" (no credentials), or nothing. */
export function corsGrant(
  config: Config['cors'],
  origin: string | undefined,
): { allowOrigin: string; credentials: boolean } | null {
  if (!origin) return null;
  if (config.origins.includes(origin)) return { allowOrigin: origin, credentials: config.credentials };
  if (config.origins.includes('*')) return { allowOrigin: '*', credentials: false };
  return null;
}

/** `moduleHeaders`: request headers the installed modules read (API-key headers and Module.corsHeaders). */
export function cors(config: Config, moduleHeaders: readonly string[] = []) {
  const allowHeaders = [...new Set([...ALLOW_HEADERS, ...moduleHeaders])].join(', ');
  return (req: Request, res: Response, next: NextFunction) => {
    res.vary('Origin');
    const grant = corsGrant(config.cors, req.headers.origin);
    const preflight = req.method === 'OPTIONS' && !!req.headers['access-control-request-method'];
    if (grant) {
      res.setHeader('Access-Control-Allow-Origin', grant.allowOrigin);
      if (grant.credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
      if (preflight) {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD');
        res.setHeader('Access-Control-Allow-Headers', allowHeaders);
        res.setHeader('Access-Control-Max-Age', '600');
      }
    }
    // A preflight of a REST route answers like core (the route's description); any other is answered here, granted
    // or not (without the headers above, the browser refuses the request).
    if (preflight && !req.path.startsWith('/wp-json')) return void res.status(204).end();
    next();
  };
}
