// The site root answers as WordPress' does for API clients: the `Link: <…/wp-json/>; rel="https://api.w.org/"`
// header (set on every answer) and the same link in the page's head, so `WPAPI.discover(siteUrl)` and other
// discovery clients find the REST API from the site's address.
import escape from 'escape-html';
import type { Request, Response } from 'express';
import type { Platform } from '../platform/platform.ts';

export function siteRoot(platform: Platform) {
  const base = platform.config.publicUrl;
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Atrium</title>
<link rel="https://api.w.org/" href="${escape(`${base}/wp-json/`)}">
</head><body><h1>Atrium</h1><ul>
<li><a href="${escape(`${base}/wp-json/`)}">REST API index</a></li>
<li><a href="${escape(`${base}/wp-json/openapi.json`)}">OpenAPI document</a></li>
<li><a href="${escape(`${base}/graphql`)}">GraphQL (GraphiQL in a browser)</a></li>
</ul></body></html>`;
  return (_req: Request, res: Response) => void res.type('html').send(page);
}
