// The GraphQL face's plugins (operation name, cookie nonce, list cost, introspection guard) derive what they need from
// an operation's document once: yoga's parse cache hands the same document for the same query text, and a repeated
// operation walks it no more. What they decide stays per request: a refused operation is refused every time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlDocumentFacts } from '../../src/graphql/yoga.ts';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
});
afterAll(() => t?.close());

/** Facts derived while `send` runs. */
async function derivedBy(send: () => PromiseLike<{ status: number }>) {
  const facts = graphqlDocumentFacts(t.platform);
  const before = facts.derived;
  expect((await send()).status).toBe(200);
  return facts.derived - before;
}

describe('what the plugins derive from a document', () => {
  it('is derived on the first request of an operation text only, for a caller or anonymously', async () => {
    const viewer = () =>
      t.http.post('/graphql').set(admin.headers).send({ query: 'query Me { viewer { user { id } } }' });
    expect(await derivedBy(viewer)).toBeGreaterThan(0);
    expect(await derivedBy(viewer)).toBe(0);
    expect(await derivedBy(viewer)).toBe(0);
    const anonymous = () => t.http.post('/graphql').send({ query: '{ viewer { loggedIn } }' });
    expect(await derivedBy(anonymous)).toBeGreaterThan(0);
    expect(await derivedBy(anonymous)).toBe(0);
  });

  it('an operation chosen by name, and a cost that depends on variables, are worked out per request', async () => {
    const query = 'query A { viewer { loggedIn } } query B { viewer { user { id } } }';
    const a = await t.http.post('/graphql').set(admin.headers).send({ query, operationName: 'A' });
    const b = await t.http.post('/graphql').set(admin.headers).send({ query, operationName: 'B' });
    expect(a.body.data).toEqual({ viewer: { loggedIn: true } });
    expect(b.body.data).toEqual({ viewer: { user: { id: admin.userId } } });
    const aliases = Array.from(
      { length: 20 },
      (_, i) => `p${i}: posts(perPage: $n) { total items { id title content author { id } } }`,
    );
    const posts = `query ($n: Int) { ${aliases.join(' ')} }`;
    for (const [n, status] of [
      [100, 400],
      [5, 200],
      [100, 400],
    ] as const) {
      const res = await t.http.post('/graphql').send({ query: posts, variables: { n } });
      expect([n, res.status]).toEqual([n, status]);
    }
  });
});
