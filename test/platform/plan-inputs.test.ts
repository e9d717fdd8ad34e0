// A REST plan's variables and arguments (src/rest/plan-inputs.ts) read exactly as graphql-js's getVariableValues and
// getArgumentValues: the same values, in the same key order, and the same errors, over every kind of argument a
// document can give (a variable, a literal, a default, a list or object literal with variables inside, nothing).
import {
  buildSchema,
  getArgumentValues,
  getVariableValues,
  Kind,
  parse,
  type FieldNode,
  type GraphQLObjectType,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { argumentsOf, variablesOf } from '../../src/rest/plan-inputs.ts';

const schema = buildSchema(`
  enum Order { asc desc }
  input Filter { status: String, ids: [Int!] }
  type Query {
    page(page: Int = 1, perPage: Int! = 10, search: String, order: Order = desc, filter: Filter, ids: [Int!]): Int
    need(id: Int!): Int
  }
`);

const outcome = (run: () => unknown) => {
  try {
    return { value: run() };
  } catch (e) {
    return { error: (e as Error).message };
  }
};

/** Both implementations over one document and a list of inputs. */
function compare(document: string, inputsList: Record<string, unknown>[]) {
  const operation = parse(document).definitions[0] as OperationDefinitionNode;
  const definitions = operation.variableDefinitions ?? [];
  const variables = variablesOf(schema, definitions);
  const query = schema.getQueryType() as GraphQLObjectType;
  const fields = operation.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
  for (const inputs of inputsList) {
    const ours = variables(inputs);
    const theirs = getVariableValues(schema, definitions, inputs);
    expect(ours.errors?.map((e) => e.message)).toEqual(theirs.errors?.map((e) => e.message));
    expect(JSON.stringify(ours.coerced)).toEqual(JSON.stringify(theirs.coerced));
    if (!theirs.coerced) continue;
    for (const node of fields) {
      const def = query.getFields()[node.name.value]!;
      const mine = outcome(() => argumentsOf(def, node)(ours.coerced!));
      const reference = outcome(() => getArgumentValues(def, node, theirs.coerced));
      expect(JSON.stringify(mine)).toEqual(JSON.stringify(reference));
    }
  }
}

describe("a plan's variables and arguments", () => {
  it('read variables, literals and defaults as graphql-js does, in its key order', () => {
    compare(
      'query($page: Int, $perPage: Int! = 20, $search: String, $order: Order, $filter: Filter, $status: String) {' +
        ' a: page(page: $page, perPage: $perPage, search: $search, order: $order, filter: $filter)' +
        ' b: page(search: "x", order: asc, ids: [1, 2], filter: { status: $status })' +
        ' c: page }',
      [
        {},
        { page: 2, perPage: 5, search: 'q', order: 'asc', filter: { status: 'active', ids: [3] }, status: 's' },
        { page: null, search: null, order: null, filter: null },
        { page: undefined, search: undefined },
        { perPage: 7, status: null },
      ],
    );
  });

  it('raise what graphql-js raises: missing, null and ill-typed values', () => {
    compare(
      'query($page: Int, $perPage: Int!, $order: Order, $filter: Filter) { page(page: $page, perPage: $perPage, order: $order, filter: $filter) }',
      [
        {},
        { perPage: null },
        { perPage: 'ten' },
        { perPage: 1, page: 1.5 },
        { perPage: 1, order: 'sideways' },
        { perPage: 1, filter: { status: 1 } },
        { perPage: 1, filter: { nope: 1 } },
        { perPage: 1, page: 2 },
      ],
    );
    compare('query($id: Int) { need(id: $id) }', [{}, { id: null }, { id: 3 }]);
    compare('{ need }', [{}]);
  });

  it('give each request an arguments object of its own', () => {
    const operation = parse('query($search: String) { page(search: $search, ids: [1]) }')
      .definitions[0] as OperationDefinitionNode;
    const node = operation.selectionSet.selections[0] as FieldNode;
    const args = argumentsOf((schema.getQueryType() as GraphQLObjectType).getFields().page!, node);
    const first = args({ search: 'a' });
    (first.ids as number[]).push(2); // a resolver that changes its arguments changes only its own
    expect(args({ search: 'b' })).toEqual({ page: 1, perPage: 10, search: 'b', order: 'desc', ids: [1] });
  });
});
