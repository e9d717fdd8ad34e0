// Runs a route's operation. Each route's document is fixed at start-up, so it is validated and compiled once into a
// plan (operation-plan.ts) on its first request, instead of being interpreted by graphql-js on every call: the same
// resolvers, the same variable coercion and errors, without the per-request walk over the document. (graphql-jit
// compiled it before: its fresh `info.path` per resolver call cost the Prisma plugin 15 % of the REST list.)
import { execute, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { Context } from '../graphql/context.ts';
import { OperationPlan } from './operation-plan.ts';
import { assertValidOperation, type CompiledRoute } from './table.ts';

export class RouteExecutors {
  readonly #plans = new WeakMap<CompiledRoute, OperationPlan | null>();

  constructor(private readonly schema: GraphQLSchema) {}

  run(route: CompiledRoute, context: Context, variables: Record<string, unknown>): Promise<ExecutionResult> {
    let plan = this.#plans.get(route);
    if (plan === undefined) {
      assertValidOperation(this.schema, route);
      plan = OperationPlan.of(this.schema, route.document);
      this.#plans.set(route, plan);
    }
    if (plan) return plan.run(context, variables);
    // A document the plan does not take (none of the table's today) runs interpreted: it was validated above.
    return Promise.resolve(
      execute({ schema: this.schema, document: route.document, variableValues: variables, contextValue: context }),
    );
  }
}
