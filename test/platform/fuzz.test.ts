// Property: whatever values arrive in any declared argument of any route — wrong types, huge or negative numbers,
// strange text, null, deep or wide structures — Atrium answers a 4xx in the WordPress shape (or a success), never a
// 5xx; and the same through GraphQL variables of each route's operation.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArgSpec } from '../../src/input/rules.ts';
import type { CompiledRoute } from '../../src/rest/table.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
  headers = (await t.apiKey('administrator', ['*'])).headers;
});
afterAll(() => t?.close());

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '\uDFFF',
    '0x10',
    '1e3',
    '-1',
    '2147483648',
    '9007199254740993',
    'NaN',
    '%ZZ',
    '<script>',
    "' OR 1=1 --",
    'a'.repeat(5000),
  ),
);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1.5),
);
const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** Mostly values of roughly the declared kind (so deeper rules are reached), sometimes anything at all. */
function valueFor(spec: ArgSpec): fc.Arbitrary<unknown> {
  const near: Record<string, fc.Arbitrary<unknown>> = {
    integer: fc.oneof(fc.integer({ min: -5, max: 5 }), number),
    number,
    string: text,
    boolean: fc.oneof(fc.boolean(), fc.constantFrom('true', 'maybe')),
    array: fc.array(spec.items ? valueFor(spec.items) : anyValue, { maxLength: 120 }),
    object: fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 6 }),
    any: anyValue,
  };
  return fc.oneof({ arbitrary: near[spec.type] ?? anyValue, weight: 4 }, { arbitrary: anyValue, weight: 1 });
}

const argsFor = (route: CompiledRoute) =>
  fc.record(
    Object.fromEntries(
      Object.entries(route.args).map(([name, spec]) => [name, fc.option(valueFor(spec), { nil: undefined })]),
    ),
  );

const asText = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

function pathOf(route: CompiledRoute, args: Record<string, unknown>) {
  return `/wp-json${route.path.replace(
    /:(\w+)/g,
    (_m, p: string) =>
      encodeURIComponent(
        asText(args[p] ?? 1)
          .slice(0, 50)
          .replace(/[\uD800-\uDFFF]/g, '\uFFFD'),
      ).replace(/%2F/g, '_') || '1',
  )}`;
}

function expectWordPressAnswer(status: number, body: any, where: string) {
  expect(status, `${where} → ${status} ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
  if (status >= 400)
    expect(body, where).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status } });
}

// Every route times FUZZ_RUNS inputs: minutes of requests on a busy machine, not the suite's default 30 s.
describe('no input makes a 5xx', { timeout: 180_000 }, () => {
  it('REST: every route, arbitrary values in its declared arguments', async () => {
    for (const route of t.atrium.table.routes) {
      await fc.assert(
        fc.asyncProperty(argsFor(route), async (args) => {
          const given = Object.fromEntries(
            Object.entries(args).filter(([k, v]) => v !== undefined && !route.params.includes(k)),
          );
          const path = pathOf(route, args);
          const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
          const res =
            method === 'get' || method === 'delete'
              ? await t.http[method](path)
                  .query(Object.fromEntries(Object.entries(given).map(([k, v]) => [k, asText(v)])))
                  .set(headers)
              : await t.http[method](path).set(headers).send(given);
          expectWordPressAnswer(res.status, res.body, `${route.method} ${path}`);
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 6), seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    }
  });

  it("GraphQL: every route's operation, arbitrary variables", async () => {
    for (const route of t.atrium.table.routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(...[...route.operation.matchAll(/\$(\w+)/g)].map((m) => m[1]!), 'input'),
            anyValue,
            { maxKeys: 4 },
          ),
          async (variables) => {
            const res = await t.http.post('/graphql').set(headers).send({ query: route.operation, variables });
            expect(
              res.status,
              `${route.operation.slice(0, 80)} ${JSON.stringify(variables).slice(0, 200)}`,
            ).toBeLessThan(500);
            for (const e of res.body.errors ?? [])
              expect(e.extensions?.code, JSON.stringify(e)).not.toBe('internal_error');
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 6), seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    }
  });
});
