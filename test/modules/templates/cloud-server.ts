// A real HTTP server playing the cloud catalog. Each test sets how it answers; every request is recorded, so a test
// can prove that no request was made (opt-out) or that If-None-Match was sent.
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CloudMode =
  | { kind: 'catalog'; templates: unknown[] }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'body'; body: string }
  | { kind: 'huge'; bytes: number; declareLength: boolean };

export interface CloudServer {
  url: string;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  mode: CloudMode;
  close(): Promise<void>;
}

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;

function answer(res: ServerResponse, mode: CloudMode, ifNoneMatch: string | undefined) {
  switch (mode.kind) {
    case 'catalog': {
      const body = JSON.stringify({ templates: mode.templates });
      const etag = etagOf(body);
      if (ifNoneMatch === etag) return void res.writeHead(304, { ETag: etag }).end();
      return void res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag }).end(body);
    }
    case 'status':
      return void res.writeHead(mode.status, { 'Content-Type': 'text/plain' }).end('upstream trouble');
    case 'hang':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.write('{"templates": ['); // and never finishes
    case 'body':
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(mode.body);
    case 'huge': {
      const chunk = Buffer.alloc(64 * 1024, 32); // spaces: valid JSON whitespace, so only the size can fail it
      const head = '{"templates":[]}';
      const length = head.length + Math.ceil(mode.bytes / chunk.length) * chunk.length;
      res.writeHead(200, {
        'Content-Type': 'application/json',
        ...(mode.declareLength ? { 'Content-Length': String(length) } : {}),
      });
      res.write(head);
      let sent = 0;
      const pump = () => {
        while (sent < mode.bytes) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => {});
      return pump();
    }
  }
}

export async function startCloudServer(mode: CloudMode = { kind: 'catalog', templates: [] }): Promise<CloudServer> {
  const server = createServer((req, res) => {
    state.requests.push({ path: req.url ?? '', headers: req.headers });
    answer(res, state.mode, req.headers['if-none-match']);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const state: CloudServer = {
    url: `http://127.0.0.1:${port}/catalog.json`,
    requests: [],
    mode,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}

/** A valid cloud entry (the same shape as a bundled template file). */
export function cloudEntry(key: string, over: Record<string, unknown> = {}) {
  return {
    schema: 1,
    key,
    title: `Cloud ${key}`,
    description: `A template from the cloud: ${key}.`,
    category: 'cloud-demo',
    tags: ['cloud'],
    preview_image: `https://cdn.example.com/previews/${key}.png`,
    version: '1.0.0',
    requirements: { modules: [], atrium: '0.1.0' },
    sections: [
      {
        key: 'intro',
        title: 'Intro',
        blocks: [
          { type: 'heading', text: `Hello from ${key}` },
          { type: 'paragraph', text: 'Cloud content.' },
        ],
      },
      {
        key: 'cta',
        title: 'Call to action',
        blocks: [{ type: 'buttons', buttons: [{ text: 'Go', url: 'https://example.com/go' }] }],
      },
    ],
    ...over,
  };
}
