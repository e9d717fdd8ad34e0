// What every REST answer pays before its own work (issue 29's request path), kept by counts: the front
// (src/app/front.ts) runs the middleware every request passes, as one series, and hands a face's request to the face
// without express's router (no express layer dispatched; other requests still go through the router), and the query
// string is parsed once (express 5 parses it again on every read of req.query).
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import type { Express } from 'express';
import supertest from 'supertest';
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

  it('reaches the REST and GraphQL faces through no express layer; other paths through the router', async () => {
    expect(await layersDispatched(t.app, list)).toBe(0);
    expect(await layersDispatched(t.app, () => t.http.get('/wp-json/').expect(200))).toBe(0);
    expect(await layersDispatched(t.app, () => t.http.get('/wp-json').expect(200))).toBe(0);
    const viewer = () =>
      t.http.post('/graphql').set(admin.headers).send({ query: '{ viewer { user { id } } }' }).expect(200);
    expect(await layersDispatched(t.app, viewer)).toBe(0);
    // Express's router answers the rest, after the same shared series.
    expect(await layersDispatched(t.app, () => t.http.get('/healthz').expect(200))).toBeGreaterThan(0);
    const health = await t.http.get('/healthz');
    expect(health.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.http.get('/no/such/page').expect(404)).body.code).toBe('not_found');
  });

  it('answers the faces as mounted: the path under the mount, case-insensitive mounts through the router', async () => {
    const upper = await t.http.get('/WP-JSON/mailer/v1/subscribers?per_page=5&_fields=id,email').set(admin.headers);
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual([{ id: expect.any(Number), email: 'p@example.com' }]);
    expect((await t.http.get('/wp-json?_fields=name').expect(200)).body).toHaveProperty('name');
    expect((await t.http.get('/wp-jsonx').expect(404)).body.code).toBe('not_found');
    const link = (await t.http.get('/wp-json/mailer/v1/subscribers?per_page=1&page=1').set(admin.headers)).headers;
    expect(link['x-wp-total']).toBe('1');
  });

  it("served by Atrium, changes no prototype: node builds req and res with express's from the start", async () => {
    // Express sets its request and response prototypes on node's objects; changing an object's prototype after
    // node's parser used it costs every later access to it (src/app/front.ts, expressClassesOf).
    const server = await t.atrium.listen(0, '127.0.0.1');
    const set = Object.setPrototypeOf;
    let changed = 0;
    Object.setPrototypeOf = (o: object, proto: object | null) => {
      if (Object.getPrototypeOf(o) !== proto) changed++;
      return set(o, proto) as unknown;
    };
    try {
      const http = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await http.get('/wp-json/mailer/v1/subscribers?per_page=5&_fields=id,email').set(admin.headers).expect(200);
      await http.post('/graphql').send({ query: '{ viewer { loggedIn } }' }).expect(200);
      await http.get('/healthz').expect(200);
      expect(changed).toBe(0);
      // supertest's own server (createServer(app), as in the other tests) is still set up by express.
      await t.http.get('/healthz').expect(200);
      expect(changed).toBe(2);
    } finally {
      Object.setPrototypeOf = set;
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps every request and response a fast object (no dictionary mode) to the end of the answer', async () => {
    // V8 turns an object into a dictionary when stores outgrow the room its constructor was given: every later
    // property access on it is then a slow lookup (src/app/front.ts, expressClassesOf).
    setFlagsFromString('--allow-natives-syntax');
    const isFast = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
    const server = await t.atrium.listen(0, '127.0.0.1');
    const seen: boolean[][] = [];
    server.on('request', (req: object, res: NodeJS.EventEmitter & object) =>
      res.on('finish', () => seen.push([isFast(req), isFast(res)])),
    );
    try {
      const http = supertest.agent(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await http.get('/wp-json/mailer/v1/subscribers?per_page=5&_fields=id,email').set(admin.headers).expect(200);
      await http.get('/wp-json/forms/v1/forms').expect(200);
      await http.post('/graphql').send({ query: '{ viewer { loggedIn } }' }).expect(200);
      await http.get('/healthz').expect(200);
      expect(seen).toEqual(Array.from({ length: 4 }, () => [true, true]));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
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
