// Compression of answers of `threshold` bytes and more (brotli or gzip, as Accept-Encoding asks; Vary set).
// compression's middleware wraps every answer (res.write, end, on and flush, a close listener, a writeHead hook) to
// decide when the headers go out. A request without Accept-Encoding accepts the identity encoding only, so its answer
// is never compressed (compression also leaves it alone): it gets only compression's Vary rule — `Vary:
// Accept-Encoding` on an answer compression considers (a compressible type, no `Cache-Control: no-transform`), so a
// cache does not hand it to a client that asks for gzip.
import compressible from 'compressible';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i; // compression's own test of Cache-Control

function varyAsCompression(this: Response) {
  const type = this.getHeader('Content-Type');
  if (typeof type !== 'string' || !compressible(type)) return;
  const cacheControl = this.getHeader('Cache-Control');
  if (cacheControl && NO_TRANSFORM.test(String(cacheControl))) return;
  this.vary('Accept-Encoding');
}

export function compress(threshold: number) {
  const compressing = compression({ threshold });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.headers['accept-encoding']) return compressing(req, res, next);
    onHeaders(res, varyAsCompression);
    next();
  };
}
