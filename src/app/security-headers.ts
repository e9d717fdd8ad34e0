// Security headers (helmet) fit for each kind of answer. The APIs answer JSON that no page should frame or run:
// `default-src 'none'`. GraphiQL is a page whose bootstrap script is inline; the console is a built app whose scripts
// are files (its styles are injected at run time, so style-src allows inline). HSTS only when Atrium is served over
// HTTPS, and never for sibling subdomains (not Atrium's to decide).
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

type Directives = Record<string, string[]>;

const PAGE: Directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function securityHeaders(publicUrl: string) {
  const hsts = publicUrl.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: false } : false;
  const policy = (directives: Directives, crossOrigin: 'same-origin' | 'cross-origin' = 'same-origin') =>
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      crossOriginResourcePolicy: { policy: crossOrigin },
      strictTransportSecurity: hsts,
      referrerPolicy: { policy: 'no-referrer' },
      xPoweredBy: false,
    });
  // Other sites' pages and apps call the APIs (CORS decides who reads them): their resources are cross-origin.
  const api = policy({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] }, 'cross-origin');
  const graphiql = policy({ ...PAGE, scriptSrc: ["'self'", "'unsafe-inline'"] });
  const console = policy(PAGE);
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    if (path === '/graphql' || path.startsWith('/graphql/')) return graphiql(req, res, next);
    if (path === '/admin' || path.startsWith('/admin/')) return console(req, res, next);
    return api(req, res, next);
  };
}
