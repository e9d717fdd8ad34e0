// Promises a public read makes, counted (issue 29): on Node 20 the request scope (AsyncLocalStorage) runs a hook for
// every promise made while a request is served, and turns off V8's fast path for `await`; the public forms list
// paid 7 % of its CPU for the scope with 31 promises a request. Each one kept out is kept out by this count.
import { createHook } from 'node:async_hooks';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestScope } from '../../src/platform/request-scope.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { contactForm, createForm } from '../modules/forms/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.as('administrator');
  for (let i = 0; i < 3; i++) await createForm(t, admin, contactForm({ title: `Form ${i}` }));
});
afterAll(() => t.close());

/** The promises made in the scope of one request to `path` (with the request id `id`), over a real socket. */
async function promisesOf(path: string, id: string): Promise<number> {
  const server = await t.atrium.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  let made = 0;
  const hook = createHook({
    init(_asyncId, type) {
      if (type === 'PROMISE' && requestScope.getStore()?.requestId === id) made++;
    },
  });
  try {
    await fetch(url, { headers: { 'X-Request-Id': `${id}-warm` } }).then((r) => r.text());
    hook.enable();
    const res = await fetch(url, { headers: { 'X-Request-Id': id } });
    expect(res.status).toBe(200);
    await res.text();
  } finally {
    hook.disable();
    await new Promise((resolve) => server.close(resolve));
  }
  return made;
}

describe('promises per request', () => {
  it('the public forms list: an anonymous caller known without one, its page and total settled with few', async () => {
    // The handler, authentication (none for a caller without credentials), the plan's run and its fields, the page's
    // read with its total, the statement: 31 before anonymous callers were answered at once, the plan's objects
    // settled without Promise.all and the pool's statements read without an await.
    expect(await promisesOf('/wp-json/forms/v1/forms', 'promises-forms')).toBeLessThanOrEqual(22);
  });
});
