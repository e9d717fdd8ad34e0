// The admin console (admin/, built into admin/dist by `npm ci`) at /admin. Its assets have content-hashed names and
// were compressed at build time: served as brotli or gzip as the browser accepts, cached for a year as immutable.
// Every other path under /admin is the app's HTML entry (the app routes in the browser), never cached, so a new
// build reaches the next page load. The console talks to /graphql on the same origin with the session cookie; its
// security headers (CSP for a page of files, no framing) are security-headers.ts'.
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { PACKAGE_ROOT } from '../paths.ts';

export const ADMIN_DIST = path.join(PACKAGE_ROOT, 'admin/dist');

export function adminConsole(dist = ADMIN_DIST) {
  const router = express.Router();
  const assets = path.join(dist, 'assets');
  router.use(
    '/admin/assets',
    expressStaticGzip(assets, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', index: false, redirect: false },
    }),
    (_req: Request, res: Response) => void res.status(404).type('text').send('Not found.'),
  );
  const entry = path.join(dist, 'index.html');
  router.get(['/admin', '/admin/*rest'], (_req: Request, res: Response) => {
    if (!existsSync(entry)) {
      return void res
        .status(503)
        .type('text')
        .send('The admin console is not built: run `npm run build --workspace admin` (npm ci does).');
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(entry);
  });
  return router;
}
