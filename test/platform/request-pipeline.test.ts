// What every REST answer pays before its own work (issue 29's request path), kept by counts: express dispatches a
// REST request through two layers (the middleware every request passes, as one series, and the REST face), and the
// query string is parsed once (express 5 parses it again on every read of req.query).
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  await t.http.post('/wp-json/mailer/v1/subscribers').set(admin.headers).send({ email: 'p@example.com' });
});
afterAll(() => t?.close());

type Handle = (...args: unknown[]) => unknown;
interface Layer {
  handle: Handle;
}

/** Counts the top-level express layers that handle requests while `run` runs (error handlers are not counted). */
async function layersDispatched(app: Express, run: () => PromiseLike<unknown>) {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const originals = stack.map((l) => l.handle);
  let count = 0;
  for (const layer of stack) {
    const fn = layer.handle;
    // Express tells request handlers from error handlers by their arity: keep it.
    if (fn.length <= 3)
      layer.handle = function (this: unknown, req: unknown, res: unknown, next: unknown) {
        count++;
        return fn.call(this, req, res, next);
      };
  }
  try {
    await run();
  } finally {
    stack.forEach((l, i) => (l.handle = originals[i]!));
  }
  return count;
}

/** How many times the query string is parsed (req.query read) while `run` runs. */
async function queryParses(app: Express, run: () => PromiseLike<unknown>) {
  const proto = app.request as object;
  let owner: object | null = proto;
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'query')) owner = Object.getPrototypeOf(owner) as object;
  const getter = Object.getOwnPropertyDescriptor(owner!, 'query')!.get!;
  let count = 0;
  Object.defineProperty(proto, 'query', {
    configurable: true,
    get(this: unknown) {
      count++;
      return getter.call(this);
    },
  });
  try {
    await run();
  } finally {
    delete (proto as { query?: unknown }).query;
  }
  return count;
}

describe('the request pipeline of a REST answer', () => {
  const list = () =>
    t.http.get('/wp-json/mailer/v1/subscribers?per_page=5&_fields=id,email').set(admin.headers).expect(200);

  it('is dispatched by two express layers: the shared middleware as one series, then the REST face', async () => {
    expect(await layersDispatched(t.app, list)).toBe(2);
    expect(await layersDispatched(t.app, () => t.http.get('/wp-json/').expect(200))).toBe(2);
  });

  it('parses the query string once', async () => {
    expect(await queryParses(t.app, list)).toBe(1);
  });

  it('answers as before: security headers, CORS vary, request id, paging headers and the selected fields', async () => {
    const res = await list();
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(res.headers['x-wp-total']).toBe('1');
    expect(res.body).toEqual([{ id: expect.any(Number), email: 'p@example.com' }]);
  });
});
