// The admin console is served at /admin from its build (admin/dist, made by `npm ci`): the HTML entry for every
// console path, never cached; the hashed assets precompressed, immutable for a year. The console's behaviour in a
// real browser is test/browser/admin-*.test.ts.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_DIST, adminConsole } from '../../src/app/admin-console.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const binary = (res: supertest.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

it('answers the entry page for /admin and every path under it, revalidated on each load', async () => {
  for (const url of ['/admin', '/admin/', '/admin/membership/members/12']) {
    const res = await t.http.get(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.text).toMatch(/<script type="module" crossorigin src="\/admin\/assets\/index-[\w-]+\.js"><\/script>/);
  }
});

it('serves the hashed assets precompressed as the browser accepts, immutable for a year', async () => {
  const entry = readdirSync(path.join(ADMIN_DIST, 'assets')).find((f) => /^index-[\w-]+\.js$/.test(f))!;
  const original = readFileSync(path.join(ADMIN_DIST, 'assets', entry));
  const url = `/admin/assets/${entry}`;
  for (const encoding of ['br', 'gzip']) {
    // superagent decodes the body; the length on the wire is the header's.
    const res = await t.http.get(url).set('Accept-Encoding', `${encoding}, identity`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-encoding': encoding,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(Number(res.headers['content-length'])).toBeLessThan(original.length / 2.5);
    expect((res.body as Buffer).equals(original)).toBe(true);
  }
  const plain = await t.http.get(url).set('Accept-Encoding', 'identity').buffer(true).parse(binary);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect((plain.body as Buffer).equals(original)).toBe(true);
  expect((await t.http.get('/admin/assets/index-nope.js')).status).toBe(404);
});

it('says how to build the console when there is no build', async () => {
  const app = express().use(adminConsole(mkdtempSync(path.join(tmpdir(), 'atrium-admin-'))));
  const res = await supertest(app).get('/admin/');
  expect(res.status).toBe(503);
  expect(res.text).toContain('npm run build --workspace admin');
});
