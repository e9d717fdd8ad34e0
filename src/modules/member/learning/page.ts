// The printable certificate page behind verify_url: holder, course, date, score and the token, escaped; 404 page for
// an unknown or revoked token. Print styles make it one landscape page.
import esc from 'escape-html';
import type { Router } from 'express';
import { AppError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { verifyCertificate } from './certificates.ts';

const STYLE = `body{font-family:Georgia,serif;text-align:center;margin:0;padding:4rem;color:#222}
main{border:12px double #8a6d3b;padding:3rem}h1{font-size:2.4rem;margin:0 0 1rem}p{font-size:1.2rem}
.holder{font-size:2rem;font-style:italic}.small{font-size:.85rem;color:#666}@page{size:landscape;margin:1cm}`;

export function certificatePage(router: Router, platform: Platform): void {
  router.get('/member/certificates/:token', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      const c = await verifyCertificate(platform, req.params.token ?? '');
      const date = c.issuedAt.toISOString().slice(0, 10);
      res.type('html')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Certificate · ${esc(c.courseTitle)}</title>
<style>${STYLE}</style></head><body><main><h1>Certificate of completion</h1><p>This certifies that</p>
<p class="holder">${esc(c.holderName)}</p><p>completed the course</p><p><strong>${esc(c.courseTitle)}</strong></p>
<p>on ${date}${c.score === null ? '' : `, with a score of ${c.score}%`}.</p>
<p class="small">Verify at ${esc(platform.config.publicUrl)}/wp-json/member/v1/certificates/verify/${esc(c.token)}</p></main></body></html>`);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      res
        .status(404)
        .type('html')
        .send(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Certificate not found</title></head><body><h1>No valid certificate has this address.</h1></body></html>',
        );
    }
  });
}
