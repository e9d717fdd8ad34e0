// One input policy for every route and both faces (Hardening, item 2 and the smaller items of 5): what PostgreSQL or
// GraphQL's 32-bit Int would refuse deep inside a query is a 400 in the WordPress shape at the door, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
});
afterAll(() => t?.close());

const wpShape = (body: any, status: number) =>
  expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status } });

describe('integers are GraphQL Ints (32-bit)', () => {
  it('an id, a page or a list of ids above 2^31-1 is a 400 on REST and GraphQL', async () => {
    const big = 2 ** 31;
    for (const path of [
      `/wp-json/mailer/v1/subscribers/${big}`,
      `/wp-json/mailer/v1/subscribers?page=${big}`,
      `/wp-json/mailer/v1/subscribers?list_id=${big}`,
    ]) {
      const res = await t.http.get(path).set(admin.headers);
      expect(res.status, path).toBe(400);
      wpShape(res.body, 400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    const tags = await t.http
      .post('/wp-json/mailer/v1/subscribers/1/tags')
      .set(admin.headers)
      .send({ tag_ids: [1, big] });
    expect([tags.status, tags.body.code]).toEqual([400, 'rest_invalid_param']);
    const gql = await t.http
      .post('/graphql')
      .set(admin.headers)
      .send({ query: 'query ($id: Int!) { mailerSubscriber(id: $id) { id } }', variables: { id: big } });
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
  });

  it('numbers are plain decimals: 0x10 and 1e3 are refused as WordPress does', async () => {
    for (const v of ['0x10', '1e3', '1.5', ' ', '10abc']) {
      const res = await t.http
        .get(`/wp-json/mailer/v1/subscribers?per_page=${encodeURIComponent(v)}`)
        .set(admin.headers);
      expect([v, res.status, res.body.code]).toEqual([v, 400, 'rest_invalid_param']);
    }
    expect((await t.http.get('/wp-json/mailer/v1/subscribers?per_page=016').set(admin.headers)).status).toBe(200);
  });
});

describe('strings PostgreSQL cannot store', () => {
  const bad = { nul: 'a\u0000b', highSurrogate: 'a\uD800b', lowSurrogate: '\uDC00' };

  it('a NUL or a lone surrogate in a body, a query or a nested value is a 400 naming the argument', async () => {
    for (const [what, value] of Object.entries(bad)) {
      const body = await t.http
        .post('/wp-json/mailer/v1/subscribers')
        .set(admin.headers)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ email: 'x@example.com', first_name: value }));
      expect([what, body.status, body.body.code, Object.keys(body.body.data.params)]).toEqual([
        what,
        400,
        'rest_invalid_param',
        ['first_name'],
      ]);
      // A query string carries UTF-8: a NUL is %00; a lone surrogate can only arrive as bytes that are not UTF-8.
      const query = await t.http
        .get(`/wp-json/mailer/v1/subscribers?search=${what === 'nul' ? 'a%00b' : '%ED%A0%80'}`)
        .set(admin.headers);
      if (what === 'nul') expect([what, query.status, query.body.code]).toEqual([what, 400, 'rest_invalid_param']);
      else expect(query.status, what).toBeLessThan(500);
      const nested = await t.http
        .post('/wp-json/mailer/v1/segments')
        .set(admin.headers)
        .send({ name: 'x', rules: [{ field: 'status', operator: 'in', value: [value] }] });
      expect([what, nested.status, nested.body.data.params]).toEqual([
        what,
        400,
        { rules: expect.stringContaining('rules[0].value[0]') },
      ]);
      const gql = await t.http
        .post('/graphql')
        .set(admin.headers)
        .send({ query: 'query ($s: String) { mailerSubscribers(search: $s) { total } }', variables: { s: value } });
      expect([what, gql.status, gql.body.errors[0].extensions.code]).toEqual([what, 400, 'rest_invalid_param']);
    }
    expect(await t.platform.prisma.mailerSubscriber.count()).toBe(0);
  });

  it('a NUL in the query text of a GraphQL request is refused before parsing', async () => {
    const res = await t.http.post('/graphql').set(admin.headers).send({ query: '{ viewer { loggedIn } } # \u0000' });
    expect([res.status, res.body.errors[0].extensions.code]).toEqual([400, 'rest_invalid_param']);
  });

  it('a valid pair of surrogates (an emoji) is text like any other', async () => {
    const res = await t.http
      .post('/wp-json/mailer/v1/subscribers')
      .set(admin.headers)
      .send({ email: 'emoji@example.com', first_name: 'Ada 🎉' });
    expect([res.status, res.body.first_name]).toEqual([201, 'Ada 🎉']);
  });
});

describe('malformed requests', () => {
  it('broken percent-encoding in a path parameter is a 400', async () => {
    for (const seg of ['%ZZ', '%', '%E0%A4%A']) {
      const res = await t.http.get(`/wp-json/templates/v1/catalog/${seg}`).set(admin.headers);
      expect([seg, res.status, res.body.code]).toEqual([seg, 400, 'rest_invalid_param']);
    }
  });

  it('_method given twice is a 400', async () => {
    const res = await t.http
      .post('/wp-json/mailer/v1/subscribers/1?_method=DELETE&_method=PUT')
      .set(admin.headers)
      .send({});
    expect([res.status, res.body.code]).toEqual([400, 'rest_invalid_param']);
  });

  it('JSON nested 5,000 levels deep is a 400 on both faces, not a stack overflow', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const rest = await t.http
      .post('/wp-json/mailer/v1/segments')
      .set(admin.headers)
      .set('Content-Type', 'application/json')
      .send(`{"name":"x","rules":${deep}}`);
    expect([rest.status, rest.body.code]).toEqual([400, 'rest_invalid_json']);
    const gql = await t.http
      .post('/graphql')
      .set(admin.headers)
      .set('Content-Type', 'application/json')
      .send(`{"query":"query ($v: JSON) { viewer { loggedIn } }","variables":{"v":${deep}}}`);
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0].extensions.code).toBe('rest_invalid_json');
  });
});
