// Password checks cost the same for every kind of account (issue 25, item 8): a wrong password for an imported
// account (no argon2 hash stored) used to answer at once, so imported accounts were enumerable by time. Counted, not
// timed: every login attempt — right or wrong password, unknown user, imported account — runs exactly one argon2
// verification of the same parameters (GET /metrics, atrium_password_verifications_total), on the GraphQL login and the
// REST mobile login alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PASSWORD } from '../../src/modules/member/importer/users.ts';
import { createUser } from '../../src/platform/users/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, JWT_SECRET: 'x'.repeat(40) } });
  await createUser(t.platform, {
    username: 'ada',
    email: 'ada@example.com',
    password: 'correct horse battery',
    roles: ['subscriber'],
  });
  // An imported account, as the membership importer stores it: no usable password until a reset.
  await t.platform.prisma.user.create({
    data: {
      username: 'imported',
      email: 'imported@example.com',
      passwordHash: NO_PASSWORD,
      displayName: 'Imported',
      roles: ['subscriber'],
    },
  });
});
afterAll(() => t?.close());

async function verifications(): Promise<number> {
  const res = await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  return Number(/^atrium_password_verifications_total (\d+)$/m.exec(res.text)![1]);
}

const faces = {
  graphql: (username: string, password: string) =>
    t.http.post('/graphql').send({
      query: 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { restNonce } }',
      variables: { u: username, p: password },
    }),
  rest: (username: string, password: string) =>
    t.http
      .post('/wp-json/mobile/v1/auth/login')
      .set('X-App-Install-Id', '4f9c2a9e-8a44-4a1e-9a55-0d5f3f1e7b21')
      .send({ username, password }),
};

describe.each(Object.keys(faces) as (keyof typeof faces)[])('%s login', (face) => {
  it.each([
    ['a known user, wrong password', 'ada', 'wrong password'],
    ['an unknown user', 'nobody-here', 'wrong password'],
    ['an imported account (no argon2 hash)', 'imported', 'wrong password'],
    ['an imported account, by e-mail', 'imported@example.com', 'a guess'],
    ['a known user, right password', 'ada', 'correct horse battery'],
  ])('%s: one argon2 verification', async (_what, username, password) => {
    const before = await verifications();
    const res = await faces[face](username, password);
    const answered = face === 'graphql' ? (res.body.errors?.[0]?.extensions.code ?? 'ok') : (res.body.code ?? 'ok');
    expect(answered).toBe(password === 'correct horse battery' ? 'ok' : 'invalid_credentials');
    expect((await verifications()) - before).toBe(1);
  });
});
