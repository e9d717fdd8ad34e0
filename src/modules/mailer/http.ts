// Non-JSON endpoints of campaign mail, outside /wp-json: the open pixel, click redirects, the unsubscribe page and
// RFC 8058 one-click unsubscribe (POST, what List-Unsubscribe-Post announces). Bad or forged tokens answer 404.
import type { Request, Response, Router } from 'express';
import type { Platform } from '../../platform/platform.ts';
import escapeHtml from 'escape-html';
import { recordClick, recordOpen, unsubscribeByToken } from './send/tracking.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const page = (res: Response, status: number, title: string, body: string) =>
  void res
    .status(status)
    .type('html')
    .set('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title></head><body><h1>${title}</h1><p>${body}</p></body></html>`,
    );

const param = (req: Request) => String(req.params.token ?? '');

export function mailerHttp(router: Router, platform: Platform): void {
  router.get('/mailer/o/:file', async (req, res) => {
    const ok = await recordOpen(platform, String(req.params.file).replace(/\.gif$/, ''));
    res
      .status(ok ? 200 : 404)
      .type('gif')
      .set('Cache-Control', 'no-store, private')
      .send(GIF);
  });

  router.get('/mailer/c/:token', async (req, res) => {
    const url = await recordClick(platform, param(req));
    if (!url) return page(res, 404, 'Link not found', 'This link is not valid.');
    res.set('Cache-Control', 'no-store').redirect(302, url);
  });

  // Following the link in the mail unsubscribes at once (what subscribers expect); the page confirms it.
  router.get('/mailer/u/:token', async (req, res) => {
    const done = await unsubscribeByToken(platform, param(req));
    if (!done) return page(res, 404, 'Link not found', 'This unsubscribe link is not valid.');
    page(res, 200, 'You are unsubscribed', `${escapeHtml(done.email)} will not receive these e-mails any more.`);
  });

  // One-click (RFC 8058): mail providers POST "List-Unsubscribe=One-Click"; the body is not needed.
  router.post('/mailer/u/:token', async (req, res) => {
    const done = await unsubscribeByToken(platform, param(req));
    res
      .status(done ? 200 : 404)
      .type('text')
      .send(done ? 'Unsubscribed.' : 'Not found.');
  });
}
