// Page sizes count in an operation's cost: 15 aliases of posts(perPage: 100) are refused before they run (400
// query_too_costly), by literal or by variable; ordinary pages pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationCost } from '../../src/graphql/list-cost.ts';
import { parse } from 'graphql';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const aliases = (n: number, perPage: string) =>
  `{ ${Array.from({ length: n }, (_, i) => `p${i}: posts(perPage: ${perPage}) { total items { id title content author { id } } }`).join(' ')} }`;

describe('list-size cost', () => {
  it('counts page sizes: literal, variable, default, nested and fragments', () => {
    const cost = (q: string, v?: Record<string, unknown>) => operationCost(t.atrium.schema, parse(q), v);
    expect(cost('{ posts(perPage: 100) { items { id title } } }')).toBe(1 + 100 * (1 + 2));
    expect(cost('query ($n: Int) { posts(perPage: $n) { items { id } } }', { n: 50 })).toBe(1 + 50 * 2);
    expect(cost('{ posts { items { id } } }')).toBe(1 + 10 * 2); // the default page
    expect(cost('fragment F on Post { id title } { posts(perPage: 5) { items { ...F } } }')).toBe(1 + 5 * 3);
  });

  it('refuses 15 aliases × 100 posts anonymously with 400 query_too_costly; one page of 100 passes', async () => {
    const big = await t.http.post('/graphql').send({ query: aliases(15, '100') });
    expect(big.status).toBe(400);
    expect(big.body.errors[0].extensions).toMatchObject({ code: 'query_too_costly', status: 400 });
    const byVariable = await t.http
      .post('/graphql')
      .send({ query: `query ($n: Int) ${aliases(15, '$n')}`, variables: { n: 100 } });
    expect(byVariable.status).toBe(400);
    const fine = await t.http.post('/graphql').send({ query: aliases(1, '100') });
    expect(fine.status).toBe(200);
    expect(fine.body.errors).toBeUndefined();
  });
});
