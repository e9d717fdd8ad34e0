// CORS for browser callers of /wp-json and /graphql. Origins come from CORS_ORIGINS ("*" for any); credentials
// (cookies) are allowed only when CORS_CREDENTIALS=true, and then the origin is echoed, never "*".
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../platform/config.ts';

const ALLOW_HEADERS = ['Authorization', 'X-Rest-Nonce', 'X-WP-Nonce', 'Content-Disposition', 'Content-MD5', 'Content-Type'];
const EXPOSE_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link, X-Rest-Nonce, Retry-After, X-Request-Id';

/** `moduleHeaders`: request headers the installed modules read (API-key headers and Module.corsHeaders). */
export function cors(config: Config, moduleHeaders: readonly string[] = []) {
  const { origins, credentials } = config.cors;
  const allowHeaders = [...new Set([...ALLOW_HEADERS, ...moduleHeaders])].join(', ');
  const any = origins.includes('*');
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    res.vary('Origin');
    if (!origin || !(any || origins.includes(origin))) return next();
    res.setHeader('Access-Control-Allow-Origin', any && !credentials ? '*' : origin);
    if (credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD');
      res.setHeader('Access-Control-Allow-Headers', allowHeaders);
      res.setHeader('Access-Control-Max-Age', '600');
      // Preflight of a REST route answers like core (route description); anything else is answered here.
      if (!req.path.startsWith('/wp-json')) return void res.status(204).end();
    }
    next();
  };
}
