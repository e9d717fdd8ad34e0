// GET /wp/v2/users/me: the credentials check WordPress clients (node-wpapi, the mobile apps) make first — the caller
// as WordPress shapes it (id, name, slug, roles), 401 rest_not_logged_in for anonymous callers; GraphQL's `me`.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const Me = graphql(`
  query UsersMe {
    me {
      id
      username
      displayName
      roles
    }
  }
`);

it('answers the caller by any credential, as WordPress shapes it', async () => {
  const editor = await t.as('editor', 'ed.itor');
  const res = await t.http.get('/wp-json/wp/v2/users/me').set(editor.headers);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id: editor.userId, name: 'ed.itor', slug: 'ed.itor', roles: ['editor'] });
  expect(
    Object.keys(res.body)
      .filter((k) => !k.startsWith('_'))
      .sort(),
  ).toEqual(['id', 'name', 'roles', 'slug']);

  const key = await t.apiKey('subscriber', ['read']);
  const byKey = await t.http.get('/wp-json/wp/v2/users/me').set(key.headers);
  expect(byKey.body).toMatchObject({ id: key.userId, roles: ['subscriber'] });
  const byRoute = await t.http.get('/?rest_route=/wp/v2/users/me').set(editor.headers);
  expect(byRoute.body).toMatchObject({ id: editor.userId });

  expect((await t.gql(Me, {}, editor)).data?.me).toEqual({
    id: editor.userId,
    username: 'ed.itor',
    displayName: 'ed.itor',
    roles: ['editor'],
  });
});

it('refuses anonymous callers with 401 rest_not_logged_in, on both faces', async () => {
  const res = await t.http.get('/wp-json/wp/v2/users/me');
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ code: 'rest_not_logged_in', data: { status: 401 } });
  const wrong = await t.http
    .get('/wp-json/wp/v2/users/me')
    .set('Authorization', `Basic ${Buffer.from('nobody:wrong').toString('base64')}`);
  expect(wrong.status).toBe(401);
  expect((await t.gql(Me)).errors?.[0]?.extensions).toMatchObject({ code: 'rest_not_logged_in', status: 401 });
});

it('is in discovery and in the OpenAPI document as a logged-in operation', async () => {
  const index = await t.http.get('/wp-json/');
  expect(index.body.namespaces).toContain('wp/v2');
  expect(Object.keys(index.body.routes)).toContain('/wp/v2/users/me');
  const doc = (await t.http.get('/wp-json/openapi.json')).body as {
    paths: Record<string, { get?: { security?: unknown[] } }>;
  };
  const get = doc.paths['/wp-json/wp/v2/users/me']?.get;
  expect(get).toBeDefined();
  expect(get!.security).not.toContainEqual({});
});
