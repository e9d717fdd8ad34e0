import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const Viewer = graphql(`
  query SmokeViewer {
    viewer {
      loggedIn
      capabilities
      user {
        id
        username
      }
    }
  }
`);

describe('smoke', () => {
  it('answers healthz and the viewer', async () => {
    expect((await t.http.get('/healthz')).body).toEqual({ status: 'ok' });
    const anon = await t.gql(Viewer);
    expect(anon.data?.viewer.loggedIn).toBe(false);
    const admin = await t.as('administrator');
    const res = await t.gql(Viewer, {}, admin);
    expect(res.data?.viewer.user?.username).toBe(admin.username);
    expect(res.data?.viewer.capabilities).toContain('manage_options');
  });
});
