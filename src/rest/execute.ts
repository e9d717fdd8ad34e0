// Runs a route's operation. Each route's document is fixed at start-up, so it is validated and compiled once into a
// function (graphql-jit) on its first request, instead of being interpreted by graphql-js on every call: the same
// resolvers, the same variable coercion and errors, without the per-request walk over the document.
import { execute, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Context } from '../graphql/context.ts';
import { assertValidOperation, type CompiledRoute } from './table.ts';

export class RouteExecutors {
  readonly #compiled = new WeakMap<CompiledRoute, CompiledQuery | null>();

  constructor(private readonly schema: GraphQLSchema) {}

  async run(route: CompiledRoute, context: Context, variables: Record<string, unknown>): Promise<ExecutionResult> {
    let compiled = this.#compiled.get(route);
    if (compiled === undefined) {
      assertValidOperation(this.schema, route);
      const result = compileQuery(this.schema, route.document);
      // An operation the compiler refuses still runs, interpreted (it was validated against the schema above).
      compiled = isCompiledQuery(result) ? result : null;
      this.#compiled.set(route, compiled);
    }
    if (compiled) return compiled.query(undefined, context, variables);
    return execute({ schema: this.schema, document: route.document, variableValues: variables, contextValue: context });
  }
}
