// GraphiQL as a small page plus compressed, cacheable assets. @graphql-yoga/render-graphiql inlines its 9 MB bundle
// (script, styles, three Monaco workers) into every page; here the page only links them, under a path named by
// their content hash, served once compressed (brotli or gzip, as the browser accepts) with a year of immutable
// caching — a second visit downloads nothing but the page. Loaded on first use (graphiql.ts).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  css,
  editorWorkerService,
  favicon,
  graphqlWorker,
  js,
  jsonWorker,
} from '@graphql-yoga/render-graphiql/graphiql';
import type { GraphiQLOptions } from 'graphql-yoga';
import express, { type Request, type Response } from 'express';

// The favicon comes as a 150 kB data: URI; it is served as a file like the rest.
const icon = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(favicon);

const FILES: Record<string, { body: string | Buffer; type: string }> = {
  'graphiql.js': { body: js, type: 'text/javascript; charset=utf-8' },
  'graphiql.css': { body: css, type: 'text/css; charset=utf-8' },
  'editor.worker.js': { body: editorWorkerService, type: 'text/javascript; charset=utf-8' },
  'json.worker.js': { body: jsonWorker, type: 'text/javascript; charset=utf-8' },
  'graphql.worker.js': { body: graphqlWorker, type: 'text/javascript; charset=utf-8' },
  ...(icon
    ? { favicon: { body: Buffer.from(decodeURIComponent(icon[3]!), icon[2] ? 'base64' : 'utf8'), type: icon[1]! } }
    : {}),
};
const version = createHash('sha256')
  .update(Buffer.concat(Object.values(FILES).map((f) => Buffer.from(f.body))))
  .digest('hex')
  .slice(0, 16);
export const GRAPHIQL_ASSETS = `/graphql/assets/${version}`;

type Encoding = 'br' | 'gzip' | 'identity';
const compressed = new Map<string, Buffer>();
function bodyOf(name: string, encoding: Encoding): Buffer {
  const key = `${encoding}:${name}`;
  let out = compressed.get(key);
  if (!out) {
    const raw = Buffer.from(FILES[name]!.body);
    // Quality 5 brotli: close to the best ratio for this bundle at a fraction of quality 11's time (done once).
    out =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? gzipSync(raw, { level: 9 })
          : raw;
    compressed.set(key, out);
  }
  return out;
}

/** GET /graphql/assets/<version>/<file>. */
export function graphiqlAssets() {
  const router = express.Router();
  router.get(`${GRAPHIQL_ASSETS}/:file`, (req: Request, res: Response) => {
    const file = FILES[String(req.params.file)];
    if (!file) return void res.status(404).end();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding: Encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    const body = bodyOf(String(req.params.file), encoding);
    res.setHeader('Content-Length', body.length);
    res.end(body);
  });
  return router;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page yoga serves at GET /graphql (renderGraphiQL): everything heavy is linked, not inlined. */
export function renderGraphiQLPage(opts?: GraphiQLOptions): string {
  const title = attr(opts?.title || 'GraphiQL');
  // JSON in a script element: `<` escaped so no value can close the element.
  const options = JSON.stringify(opts ?? {}).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    <link rel="icon" href="${icon ? `${GRAPHIQL_ASSETS}/favicon` : attr(favicon)}" />
    <link rel="stylesheet" href="${GRAPHIQL_ASSETS}/graphiql.css" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root"></div>
    <script>
      self.MonacoEnvironment = {
        globalAPI: false,
        getWorkerUrl: (_moduleId, label) => ({
          editorWorkerService: '${GRAPHIQL_ASSETS}/editor.worker.js',
          json: '${GRAPHIQL_ASSETS}/json.worker.js',
          graphql: '${GRAPHIQL_ASSETS}/graphql.worker.js',
        })[label],
      };
    </script>
    <script src="${GRAPHIQL_ASSETS}/graphiql.js"></script>
    <script>YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), ${options});</script>
  </body>
</html>
`;
}
