// The route index answers exactly what a scan of the whole table answers: for a path made from every pattern of
// every installed module, and for every method, the same route (the first in the table's order), the same decoded
// parameters and the same Allow — while testing only the patterns of the path's namespace.
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/graphql/schema.ts';
import { modules } from '../../src/modules/index.ts';
import { assertValidOperation, compileRoutes, type CompiledRoute } from '../../src/rest/table.ts';

const schema = buildSchema(modules);
const table = compileRoutes(schema);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The whole-table scan the index replaced. */
function scan(method: string, path: string) {
  const matching = table.routes.filter((r) => r.regex.test(path));
  const allow = [...new Set(matching.flatMap((r) => r.methods))];
  const route = matching.find((r) => r.methods.includes(method as CompiledRoute['method']));
  if (!route) return allow.length ? { allow } : null;
  const m = route.regex.exec(path)!;
  return { route, params: Object.fromEntries(route.params.map((p, i) => [p, decodeURIComponent(m[i + 1]!)])), allow };
}

const paths = [
  ...new Set(
    table.routes.flatMap((r) => [
      r.path.replace(/:\w+/g, '7'),
      r.path.replace(/:\w+/g, 'caf%C3%A9'),
      `${r.path.replace(/:\w+/g, '12')}/`,
    ]),
  ),
  '/mailer/v1/nowhere',
  '/nowhere/v1/subscribers',
  '/mailer',
];

it('every installed route declares an operation that matches the schema (checked at its first run in a server)', () => {
  const broken = table.routes.flatMap((r) => {
    try {
      assertValidOperation(schema, r);
      return [];
    } catch (err) {
      return [(err as Error).message];
    }
  });
  expect(broken).toEqual([]);
});

describe('route index', () => {
  it(`matches like a scan of all ${table.routes.length} routes, for ${paths.length} paths and every method`, () => {
    for (const path of paths) {
      for (const method of METHODS) {
        expect(table.match(method, path), `${method} ${path}`).toEqual(scan(method, path));
      }
    }
  });

  it('refuses a parameter whose percent-encoding is broken', () => {
    const route = table.routes.find((r) => r.params.length && r.args[r.params[0]!]?.type !== 'integer')!;
    expect(table.match(route.method, route.path.replace(/:\w+/, '%ZZ'))).toEqual({ badParam: route.params[0] });
  });
});
