// Security headers (helmet) fit for each kind of answer. The APIs answer JSON that no page should frame or run:
// `default-src 'none'`. GraphiQL is a page whose bootstrap script is inline; the console is a built app whose scripts
// are files (its styles are injected at run time, so style-src allows inline). HSTS only when Atrium is served over
// HTTPS, and never for sibling subdomains (not Atrium's to decide).
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

type Header = readonly [name: string, value: string];

/** The headers a helmet policy sets, read once: with static directives they are the same on every answer, so each
 *  answer gets them by a loop instead of helmet's chain of a dozen middleware. */
function headersOf(policy: ReturnType<typeof helmet>): Header[] {
  const headers: Header[] = [];
  let done = false;
  const res = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  void policy({} as Request, res as unknown as Response, () => void (done = true));
  if (!done) throw new Error('a security header policy did not complete synchronously');
  return headers;
}

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
    headersOf(
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives },
        crossOriginResourcePolicy: { policy: crossOrigin },
        strictTransportSecurity: hsts,
        referrerPolicy: { policy: 'no-referrer' },
        xPoweredBy: false,
      }),
    );
  // Other sites' pages and apps call the APIs (CORS decides who reads them): their resources are cross-origin.
  const api = policy({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] }, 'cross-origin');
  const graphiql = policy({ ...PAGE, scriptSrc: ["'self'", "'unsafe-inline'"] });
  const console = policy(PAGE);
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const headers =
      path === '/graphql' || path.startsWith('/graphql/')
        ? graphiql
        : path === '/admin' || path.startsWith('/admin/')
          ? console
          : api;
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
