// The REST face through HTTP: DECISIONS.md's error rows, pagination, HEAD/OPTIONS, discovery, _fields, capabilities.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';
import { demoModules } from '../fixtures/demo-module.ts';

let t: TestApp;
let admin: Caller;
let author: Caller;
let subscriber: Caller;

beforeAll(async () => {
  t = await createTestApp({ modules: demoModules, env: { BODY_LIMIT: '2kb' } });
  [admin, author, subscriber] = await Promise.all([t.as('administrator'), t.as('author'), t.as('subscriber')]);
});
afterAll(() => t?.close());

describe('errors in the WordPress shape', () => {
  it('unknown route: 404 rest_no_route', async () => {
    const res = await t.http.get('/wp-json/nope/v1/x');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });

  it('known path, wrong method: 404 rest_no_route with Allow', async () => {
    const res = await t.http.patch('/wp-json/demo/v1/posts');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
    expect(res.headers.allow).toBe('GET, POST');
  });

  it('malformed JSON: 400 rest_invalid_json, before authentication', async () => {
    const res = await t.http
      .post('/wp-json/demo/v1/posts')
      .set('Content-Type', 'application/json')
      .set('Authorization', 'Basic bm9ib2R5Om5vcGU=')
      .send('{"title":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
  });

  it('body over the limit: 413 rest_payload_too_large', async () => {
    const res = await t.http
      .post('/wp-json/demo/v1/posts')
      .set(admin.headers)
      .send({ title: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'rest_payload_too_large', data: { status: 413 } });
  });

  it('missing argument: 400 rest_missing_callback_param with the names', async () => {
    const res = await t.http.post('/wp-json/demo/v1/posts').set(admin.headers).send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): title',
      data: { status: 400, params: ['title'] },
    });
  });

  it('invalid arguments: 400 rest_invalid_param with params and details', async () => {
    const res = await t.http.get('/wp-json/demo/v1/posts?per_page=1000&status=bogus');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.message).toBe('Invalid parameter(s): per_page, status');
    expect(res.body.data.params).toEqual({
      per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive).',
      status: 'status is not one of draft, pending, private, and publish.',
    });
    expect(res.body.data.details.per_page.code).toBe('rest_out_of_bounds');
    expect(res.body.data.details.status.code).toBe('rest_not_in_enum');
  });

  it('wrong types: 400, never 5xx', async () => {
    for (const [path, body] of [
      ['/wp-json/demo/v1/posts', { title: 42 }],
      ['/wp-json/demo/v1/posts', { title: ['a'] }],
      ['/wp-json/demo/v1/posts', { title: 'ok', status: 7 }],
    ] as const) {
      const res = await t.http.post(path).set(admin.headers).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    expect((await t.http.get('/wp-json/demo/v1/posts?page=abc')).status).toBe(400);
  });

  it('not logged in: 401 rest_forbidden; logged in without the capability: 403', async () => {
    const anon = await t.http.post('/wp-json/demo/v1/posts').send({ title: 'x' });
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    const sub = await t.http.post('/wp-json/demo/v1/posts').set(subscriber.headers).send({ title: 'x' });
    expect(sub.status).toBe(403);
    expect(sub.body).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
  });

  it('a failed credential is 401, never anonymous, even on a public route', async () => {
    const wrong = `Basic ${Buffer.from(`${admin.username}:wrong-password-xx`).toString('base64')}`;
    const res = await t.http.get('/wp-json/demo/v1/posts').set('Authorization', wrong);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
    const key = await t.http.get('/wp-json/demo/v1/posts').set('Authorization', `Bearer svc_${'0'.repeat(40)}`);
    expect(key.status).toBe(401);
    expect(key.body.code).toBe('api_key_invalid');
    const jwt = await t.http.get('/wp-json/demo/v1/posts').set('Authorization', 'Bearer not.a.jwt');
    expect(jwt.status).toBe(401);
    expect(jwt.body.code).toBe('token_invalid');
  });

  it('unknown id: 404 <ns>_not_found', async () => {
    const res = await t.http.get('/wp-json/demo/v1/posts/999999').set(admin.headers);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'post_not_found', data: { status: 404 } });
  });
});

describe('resources', () => {
  it('create 201, update 200, delete with deleted+previous; edit_post on own vs others', async () => {
    const created = await t.http
      .post('/wp-json/demo/v1/posts')
      .set(author.headers)
      .send({ title: 'Hello', status: 'publish' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Hello', status: 'publish', author_id: author.userId });
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const other = await t.as('author');
    const refused = await t.http
      .put(`/wp-json/demo/v1/posts/${created.body.id}`)
      .set(other.headers)
      .send({ title: 'Mine' });
    expect(refused.status).toBe(403);

    const updated = await t.http
      .put(`/wp-json/demo/v1/posts/${created.body.id}`)
      .set(author.headers)
      .send({ title: 'Hello again' });
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe('Hello again');

    const gone = await t.http.delete(`/wp-json/demo/v1/posts/${created.body.id}`).set(admin.headers);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ deleted: true, previous: { id: created.body.id, title: 'Hello again' } });
  });
});

describe('_links', () => {
  it('items carry self and collection links as WordPress answers them; _fields keeps them only when asked', async () => {
    const created = await t.http
      .post('/wp-json/demo/v1/posts')
      .set(admin.headers)
      .send({ title: 'Linked', status: 'publish' });
    const self = `http://atrium.test/wp-json/demo/v1/posts/${created.body.id}`;
    const links = { self: [{ href: self }], collection: [{ href: 'http://atrium.test/wp-json/demo/v1/posts' }] };
    expect(created.body._links).toEqual(links);
    const one = await t.http.get(new URL(self).pathname).set(admin.headers);
    expect(one.body._links).toEqual(links);
    const list = await t.http.get('/wp-json/demo/v1/posts?search=Linked').set(admin.headers);
    expect(list.body[0]._links).toEqual(links);
    expect((await t.http.get('/wp-json/demo/v1/posts?search=Linked&_fields=id').set(admin.headers)).body[0]).toEqual({
      id: created.body.id,
    });
    expect(
      Object.keys(
        (await t.http.get('/wp-json/demo/v1/posts?search=Linked&_fields=id,_links').set(admin.headers)).body[0],
      ),
    ).toEqual(['id', '_links']);
    const gone = await t.http.delete(new URL(self).pathname).set(admin.headers);
    expect(gone.body.previous).not.toHaveProperty('_links');
    expect((await t.http.get('/wp-json/demo/v1/me')).body).not.toHaveProperty('_links'); // not an item of a list
  });
});

describe('collections', () => {
  it('pages with X-WP-Total, X-WP-TotalPages and a Link keeping the query', async () => {
    for (let i = 0; i < 12; i++)
      await t.http
        .post('/wp-json/demo/v1/posts')
        .set(admin.headers)
        .send({ title: `Listed ${i}`, status: 'publish' });
    const res = await t.http.get('/wp-json/demo/v1/posts?per_page=5&page=2&search=Listed');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(res.headers['x-wp-total']).toBe('12');
    expect(res.headers['x-wp-totalpages']).toBe('3');
    expect(res.headers.link).toContain(
      '<http://atrium.test/wp-json/demo/v1/posts?per_page=5&page=1&search=Listed>; rel="prev"',
    );
    expect(res.headers.link).toContain(
      '<http://atrium.test/wp-json/demo/v1/posts?per_page=5&page=3&search=Listed>; rel="next"',
    );
    expect(res.headers.link).toContain('rel="https://api.w.org/"');
  });

  it('a page past the end: 400 rest_post_invalid_page_number', async () => {
    const res = await t.http.get('/wp-json/demo/v1/posts?per_page=5&page=99');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_post_invalid_page_number');
  });

  it('_fields and HEAD', async () => {
    const res = await t.http.get('/wp-json/demo/v1/posts?per_page=2&_fields=id,title');
    expect(Object.keys(res.body[0]).sort()).toEqual(['id', 'title']);
    const head = await t.http.head('/wp-json/demo/v1/posts?per_page=2');
    expect(head.status).toBe(200);
    expect(head.headers['x-wp-total']).toBeDefined();
    expect(head.text ?? '').toBe('');
  });
});

describe('discovery', () => {
  it('GET /wp-json/ lists namespaces and routes with their args', async () => {
    const res = await t.http.get('/wp-json/');
    expect(res.status).toBe(200);
    // The platform's own wp/v2 (GET /wp/v2/users/me) first, then the module's.
    expect(res.body.namespaces).toEqual(['wp/v2', 'demo/v1']);
    const posts = res.body.routes['/demo/v1/posts'];
    expect(posts.methods).toEqual(['GET', 'POST']);
    expect(posts.endpoints[0].args.per_page).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 10,
      required: false,
    });
    expect(posts.endpoints[1].args.title).toMatchObject({ type: 'string', required: true });
    expect(res.body.routes['/demo/v1/posts/(?P<id>[\\d]+)'].methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('GET /wp-json/<ns>/v1 answers that namespace', async () => {
    const res = await t.http.get('/wp-json/demo/v1');
    expect(res.body.namespace).toBe('demo/v1');
    expect(Object.keys(res.body.routes)).toContain('/demo/v1/posts');
  });

  it('OPTIONS answers methods and argument schema', async () => {
    const res = await t.http.options('/wp-json/demo/v1/posts/5');
    expect(res.status).toBe(200);
    expect(res.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(res.body.endpoints[1].args.status.enum).toEqual(['draft', 'pending', 'private', 'publish']);
  });

  it('serves an OpenAPI 3.1 document generated from the table', async () => {
    const res = await t.http.get('/wp-json/openapi.json');
    expect(res.body.openapi).toBe('3.1.0');
    const op = res.body.paths['/wp-json/demo/v1/posts'].post;
    expect(op.requestBody.content['application/json'].schema.required).toEqual(['title']);
    expect(op['x-required-access']).toEqual(['capability:edit_posts']);
    expect(res.body.paths['/wp-json/demo/v1/posts/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
  });
});
