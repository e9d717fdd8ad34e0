// A database refusal that no service caught (a unique value taken, a row gone, a reference broken) reaches the top
// of either face as the caller's 409/404 in the contract's shape, never a 500: one map (src/platform/
// database-errors.ts), whichever client sent the SQL (Prisma's or Kysely).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';
import { refusalsModules } from '../fixtures/refusals-module.ts';

let t: TestApp;
let admin: Caller;
let other: Caller;
const MISSING = 2_000_000_000;

beforeAll(async () => {
  t = await createTestApp({ modules: refusalsModules });
  admin = await t.as('administrator');
  other = await t.as('subscriber');
});
afterAll(() => t.close());

async function graphql(field: string, args: string) {
  const res = await t.http
    .post('/graphql')
    .set(admin.headers)
    .send({ query: `mutation { ${field}(${args}) }` });
  expect(res.status).toBe(200); // errors met while executing stay in a 200 answer, beside the data
  return res.body.errors?.[0] as { message: string; extensions: { code: string; status: number } } | undefined;
}

const cases = [
  {
    name: "a unique value taken, through Prisma's client (P2002)",
    graphql: () => ['refusalRenameUser', `id: ${admin.userId}, username: "${other.username}"`],
    rest: () => t.http.post(`/wp-json/refusals/v1/users/${admin.userId}`).send({ username: other.username }),
    code: 'record_exists',
    status: 409,
  },
  {
    name: 'a unique value taken, through Kysely (SQLSTATE 23505)',
    graphql: () => ['refusalRenameUserSql', `id: ${admin.userId}, username: "${other.username}"`],
    rest: () => t.http.post(`/wp-json/refusals/v1/users/${admin.userId}/sql`).send({ username: other.username }),
    code: 'record_exists',
    status: 409,
  },
  {
    name: 'the row to update not there (P2025)',
    graphql: () => ['refusalRenameUser', `id: ${MISSING}, username: "nobody"`],
    rest: () => t.http.post(`/wp-json/refusals/v1/users/${MISSING}`).send({ username: 'nobody' }),
    code: 'record_not_found',
    status: 404,
  },
  {
    name: 'a reference to a row not there (P2003)',
    graphql: () => ['refusalCreateKey', `userId: ${MISSING}`],
    rest: () => t.http.post('/wp-json/refusals/v1/keys').send({ user_id: MISSING }),
    code: 'record_conflict',
    status: 409,
  },
];

describe.each(cases)('$name', ({ graphql: op, rest, code, status }) => {
  it(`GraphQL: extensions ${code} ${status}`, async () => {
    const [field, args] = op();
    const error = await graphql(field!, args!);
    expect(error).toMatchObject({ extensions: { code, status } });
    expect(error!.message).not.toMatch(/prisma|constraint|violat|users_/i); // no SQL or schema detail leaks
  });

  it(`REST: ${status} ${code} in the WordPress shape`, async () => {
    const res = await rest().set(admin.headers);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ code, message: expect.any(String), data: { status } });
    expect(res.body.message).not.toMatch(/prisma|constraint|violat|users_/i);
  });
});
