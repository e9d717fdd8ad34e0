// GraphiQL's page is small and links its assets; the assets come compressed and cacheable for a year (their path
// carries their content hash). The real-browser check is test/browser/graphiql.test.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GRAPHIQL_ASSETS } from '../../src/graphql/graphiql-assets.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('serves a page of a few kilobytes that links the hashed assets', async () => {
  const page = await t.http.get('/graphql').set('Accept', 'text/html');
  expect(page.status).toBe(200);
  expect(page.text.length).toBeLessThan(20_000);
  expect(page.text).toContain(`${GRAPHIQL_ASSETS}/graphiql.js`);
  expect(page.text).toContain(`${GRAPHIQL_ASSETS}/graphql.worker.js`);
});

it('serves each asset compressed as the browser accepts, immutable for a year', async () => {
  const raw = await t.http
    .get(`${GRAPHIQL_ASSETS}/graphiql.js`)
    .set('Accept-Encoding', 'identity')
    .buffer(true)
    .parse((res, done) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => done(null, n));
    });
  for (const encoding of ['br', 'gzip']) {
    const res = await t.http
      .get(`${GRAPHIQL_ASSETS}/graphiql.js`)
      .set('Accept-Encoding', encoding)
      .buffer(true)
      .parse((r, done) => {
        let n = 0;
        r.on('data', (c: Buffer) => (n += c.length));
        r.on('end', () => done(null, n));
      });
    expect(res.headers).toMatchObject({
      'content-encoding': encoding,
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    });
    expect(Number(res.headers['content-length'])).toBeLessThan(Number(raw.headers['content-length']) / 3);
  }
  expect((await t.http.get(`${GRAPHIQL_ASSETS}/nope.js`)).status).toBe(404);
});
