// The GraphQL face: access declarations printed and enforced, error extensions, limits, introspection, GraphiQL.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kind, parse } from 'graphql';
import { buildSchema, printSchemaSDL } from '../../src/graphql/schema.ts';
import { modules } from '../../src/modules/index.ts';
import { graphql } from '../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';
import { demoModules } from '../fixtures/demo-module.ts';

let t: TestApp;
let admin: Caller;
let subscriber: Caller;

beforeAll(async () => {
  t = await createTestApp({ modules: demoModules });
  [admin, subscriber] = await Promise.all([t.as('administrator'), t.as('subscriber')]);
});
afterAll(() => t?.close());

const Jobs = graphql(`
  query GqlJobs {
    jobs {
      hook
      schedule
      nextRun
      lastRun {
        status
      }
    }
  }
`);

it('schema.graphql is the printed schema (run `npm run schema:print` after changing types)', () => {
  expect(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8')).toBe(
    printSchemaSDL(buildSchema(modules)),
  );
});

it('every root field prints its access rule', () => {
  const sdl = parse(printSchemaSDL(buildSchema(modules)));
  for (const def of sdl.definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION || !['Query', 'Mutation'].includes(def.name.value)) continue;
    for (const field of def.fields ?? []) {
      const access = field.directives
        ?.map((d) => d.name.value)
        .filter((n) => ['requiresCapability', 'requiresApiKey', 'public'].includes(n));
      expect(access, `${def.name.value}.${field.name.value}`).toHaveLength(1);
    }
  }
});

describe('the same capability rule refuses the same caller on both faces', () => {
  it('manage_options: anonymous 401, subscriber 403, administrator allowed', async () => {
    const cases: [Caller | undefined, number][] = [
      [undefined, 401],
      [subscriber, 403],
      [admin, 200],
    ];
    for (const [caller, status] of cases) {
      const rest = await t.http.get('/wp-json/demo/v1/jobs').set(caller?.headers ?? {});
      const gql = await t.gql(Jobs, {}, caller);
      expect(rest.status).toBe(status);
      if (status === 200) {
        expect(gql.data?.jobs.map((j) => j.hook)).toContain('platform/cleanup');
      } else {
        expect(rest.body.code).toBe('rest_forbidden');
        expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'rest_forbidden', status });
      }
    }
  });
});

describe('errors', () => {
  it('service errors carry code, status and data; validation errors their params', async () => {
    const missing = await t.http.post('/graphql').set(admin.headers).send({ query: '{ post(id: 424242) { id } }' });
    expect(missing.body.errors[0]).toMatchObject({
      message: 'No post has that id.',
      extensions: { code: 'post_not_found', status: 404 },
    });
    const invalid = await t.http
      .post('/graphql')
      .set(admin.headers)
      .send({ query: '{ users(perPage: 500) { total } }' });
    expect(invalid.body.errors[0].extensions).toMatchObject({
      code: 'rest_invalid_param',
      status: 400,
      data: { params: { perPage: 'perPage must be between 1 (inclusive) and 100 (inclusive).' } },
    });
  });

  it('malformed queries are 400s with a code', async () => {
    const res = await t.http.post('/graphql').send({ query: '{ viewer { nope } }' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBeDefined();
    const syntax = await t.http.post('/graphql').send({ query: '{ viewer { ' });
    expect(syntax.status).toBe(400);
    const json = await t.http.post('/graphql').set('Content-Type', 'application/json').send('{"query":');
    expect(json.status).toBe(400);
  });

  it('anything unexpected is masked as internal_error without details', async () => {
    const real = t.platform.prisma.post.findUnique;
    t.platform.prisma.post.findUnique = (() => Promise.reject(new Error('SELECT secret FROM vault failed'))) as never;
    try {
      const res = await t.http.post('/graphql').send({ query: '{ post(id: 1) { id } }' });
      expect(res.body.errors[0]).toMatchObject({
        message: 'An unexpected error occurred.',
        extensions: { code: 'internal_error', status: 500 },
      });
      expect(JSON.stringify(res.body)).not.toContain('secret');
      const rest = await t.http.get('/wp-json/demo/v1/posts/1');
      expect(rest.status).toBe(500);
      expect(rest.body).toEqual({
        code: 'internal_error',
        message: 'An unexpected error occurred.',
        data: { status: 500 },
      });
    } finally {
      t.platform.prisma.post.findUnique = real;
    }
  });
});

describe('limits', () => {
  it('aliases, tokens and cost are limited (400 with a code)', async () => {
    const aliases = `{ ${Array.from({ length: 61 }, (_, i) => `a${i}: viewer { loggedIn }`).join(' ')} }`;
    const a = await t.http.post('/graphql').send({ query: aliases });
    expect(a.status).toBe(400);
    expect(a.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/Aliases limit/),
      extensions: { status: 400 },
    });

    const tokens = await t.http.post('/graphql').send({ query: `{ viewer { ${'loggedIn '.repeat(3100)} } }` });
    expect(tokens.status).toBe(400);
    expect(tokens.body.errors[0].message).toMatch(/Token limit/);

    const fragment =
      'fragment P on Post { id title content excerpt slug status meta createdAt updatedAt author { id username displayName createdAt } }';
    const spreads = Array.from(
      { length: 14 },
      (_, i) => `p${i}: posts(perPage: 100) { items { ...P ...P ...P ...P } }`,
    ).join(' ');
    const cost = await t.http.post('/graphql').send({ query: `{ ${spreads} } ${fragment}` });
    expect(cost.status).toBe(400);
    expect(cost.body.errors[0].message).toMatch(/[Cc]ost/);

    const ordinary = await t.http
      .post('/graphql')
      .set(admin.headers)
      .send({ query: `{ a: posts { total items { ...P } } } ${fragment}` });
    expect(ordinary.status).toBe(200);
  });
});

describe('introspection', () => {
  it('is open outside production; in production only administrators may introspect', async () => {
    const q = { query: '{ __schema { queryType { name } } }' };
    expect((await t.http.post('/graphql').send(q)).body.data.__schema.queryType.name).toBe('Query');
    const prod = await createTestApp({ modules: demoModules, env: { NODE_ENV: 'production', GRAPHIQL: 'false' } });
    try {
      const boss = await prod.as('administrator');
      const anon = await prod.http.post('/graphql').send(q);
      expect(anon.status).toBe(400);
      expect(anon.body.errors[0].message).toMatch(/introspection/i);
      expect((await prod.http.post('/graphql').set(boss.headers).send(q)).body.data.__schema.queryType.name).toBe(
        'Query',
      );
      const page = await prod.http.get('/graphql').set('Accept', 'text/html');
      expect(page.text).not.toContain('<html');
    } finally {
      await prod.close();
    }
  });
});

it('GraphiQL is served from local assets only', async () => {
  const res = await t.http.get('/graphql').set('Accept', 'text/html');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.text).toContain('graphiql');
  expect(res.text).not.toMatch(/<(script|link)[^>]+(src|href)=["']https?:\/\//i);
});
