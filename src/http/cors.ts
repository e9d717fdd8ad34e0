// CORS for browser callers of /wp-json and /graphql. Origins come from CORS_ORIGINS ("*" for any); credentials
// (cookies) are allowed only when CORS_CREDENTIALS=true, and then the origin is echoed, never "*".
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config.ts';

const ALLOW_HEADERS = 'Authorization, X-Rest-Nonce, X-WP-Nonce, X-App-Install-Id, X-Mailer-Key, Content-Disposition, Content-MD5, Content-Type';
const EXPOSE_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link, X-Rest-Nonce, Retry-After, X-Request-Id';

export function cors(config: Config) {
  const { origins, credentials } = config.cors;
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
      res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      // Preflight of a REST route answers like core (route description); anything else is answered here.
      if (!req.path.startsWith('/wp-json')) return void res.status(204).end();
    }
    next();
  };
}
