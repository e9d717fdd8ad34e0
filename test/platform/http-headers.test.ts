// Compression (brotli or gzip as Accept-Encoding asks, answers of 1 kB and more) and security headers fit for each
// kind of answer: the APIs' JSON, GraphiQL, the console.
import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  for (let i = 0; i < 100; i++) {
    await t.http
      .post('/wp-json/mailer/v1/subscribers')
      .set(admin.headers)
      .send({ email: `p${i}@example.com`, first_name: `Person ${i}` });
  }
});
afterAll(() => t?.close());

/** The answer as it went over the wire (clients decode what they receive, hiding the encoding's effect). */
async function wire(path: string, headers: Record<string, string>, body?: object, method?: string) {
  const server = t.app.listen(0);
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request({
      port,
      path,
      method: method ?? (body ? 'POST' : 'GET'),
      headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json' } : {}) },
    });
    req.end(payload);
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    return { headers: res.headers, bytes: Buffer.concat(chunks) };
  } finally {
    server.close();
  }
}

describe('compression', () => {
  it('compresses the OpenAPI document, introspection and a list of 100 with brotli or gzip, as asked; Vary names it', async () => {
    const plain = await wire('/wp-json/openapi.json', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const decode = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const encoding of ['br', 'gzip'] as const) {
      const doc = await wire('/wp-json/openapi.json', { 'Accept-Encoding': encoding });
      expect(doc.headers['content-encoding'], encoding).toBe(encoding);
      expect(doc.headers.vary).toMatch(/Accept-Encoding/i);
      expect(doc.bytes.length).toBeLessThan(plain.bytes.length / 5);
      expect(decode[encoding](doc.bytes).equals(plain.bytes)).toBe(true);
    }
    const list = await wire('/wp-json/mailer/v1/subscribers?per_page=100', {
      ...admin.headers,
      'Accept-Encoding': 'gzip, br',
    });
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers['x-wp-total']).toBe('100');
    expect(JSON.parse(brotliDecompressSync(list.bytes).toString())).toHaveLength(100);
    const introspection = await wire(
      '/graphql',
      { 'Accept-Encoding': 'gzip' },
      { query: '{ __schema { types { name fields { name } } } }' },
    );
    expect(introspection.headers['content-encoding']).toBe('gzip');
  });

  it('leaves answers under 1 kB as they are (compressing them costs more than it saves)', async () => {
    const small = await t.http
      .get('/wp-json/mailer/v1/subscribers?per_page=1')
      .set(admin.headers)
      .set('Accept-Encoding', 'br, gzip');
    expect(Number(small.headers['content-length'])).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const error = await t.http.get('/wp-json/mailer/v1/subscribers').set('Accept-Encoding', 'br, gzip');
    expect(error.status).toBe(401);
    expect(error.headers['content-encoding']).toBeUndefined();
  });

  it('without Accept-Encoding: the same answer as identity, Vary included, and compression does not wrap it', async () => {
    // compression gives each answer it wraps a `flush` of its own: count those (src/app/compress.ts).
    const proto = t.app.response as object;
    let wrapped = 0;
    Object.defineProperty(proto, 'flush', {
      configurable: true,
      set(this: object, fn: unknown) {
        wrapped++;
        Object.defineProperty(this, 'flush', { value: fn, configurable: true, writable: true });
      },
    });
    const strip = (h: IncomingMessage['headers']) => {
      const { date: _date, 'x-request-id': _id, ...rest } = h;
      return rest;
    };
    try {
      const asks = [
        ['/wp-json/mailer/v1/subscribers?per_page=100', admin.headers], // JSON over 1 kB
        ['/wp-json/mailer/v1/subscribers', {}], // an error
        ['/healthz', {}],
        ['/metrics', {}],
      ] as const;
      for (const [path, headers] of asks) {
        const identity = await wire(path, { ...headers, 'Accept-Encoding': 'identity' });
        expect(wrapped, path).toBe(1);
        wrapped = 0;
        const none = await wire(path, headers);
        expect(wrapped, path).toBe(0);
        expect(strip(none.headers), path).toEqual(strip(identity.headers));
        expect(none.bytes.equals(identity.bytes), path).toBe(true);
      }
      const list = await wire('/wp-json/mailer/v1/subscribers?per_page=100', admin.headers);
      expect(list.headers.vary).toBe('Origin, Accept-Encoding');
      expect(list.headers['content-encoding']).toBeUndefined();
      // No body, no type: nothing to vary on (as compression decides).
      const preflight = await wire(
        '/graphql',
        { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST' },
        undefined,
        'OPTIONS',
      );
      expect(preflight.headers.vary).toBe('Origin');
    } finally {
      delete (proto as { flush?: unknown }).flush;
    }
  });
});

describe('security headers', () => {
  it('API answers: nothing may run or frame them; cross-origin readable (CORS decides who); no HSTS over http', async () => {
    for (const res of [
      await t.http.get('/wp-json/'),
      await t.http.post('/graphql').send({ query: '{ __typename }' }).set('Accept', 'application/json'),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    const rest = await t.http.get('/wp-json/');
    expect(rest.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(rest.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('GraphiQL: its own scripts and inline bootstrap, workers, no framing', async () => {
    const page = await t.http.get('/graphql').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('HSTS when served over HTTPS, without claiming sibling subdomains', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://atrium.example' } });
    try {
      const res = await https.http.get('/wp-json/');
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    } finally {
      await https.close();
    }
  });
});
