// What an operation may ask for, counted with the sizes of the pages it asks for: a field costs 1 plus its selection,
// and a field that takes `perPage` multiplies its selection by that page size (the argument's literal,
// its variable, or the field's default). graphql-armor's cost limit weighs depth, not list sizes, so 15 aliases of
// posts(perPage: 100) passed it and returned 1.4 MB to an anonymous caller.
import {
  getNamedType,
  GraphQLError,
  isObjectType,
  isInterfaceType,
  Kind,
  valueFromAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { DocumentFacts } from './document-facts.ts';

const isEmpty = (o: object) => {
  for (const _ in o) return false;
  return true;
};

const PAGE_ARGS = ['perPage'];

export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string | null,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operations.find((o) => !operationName || o.name?.value === operationName) ?? operations[0];
  if (!operation) return 0;
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();

  const costOf = (set: SelectionSetNode, type: GraphQLCompositeType | null | undefined, seen: Set<string>): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        const on = sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) as GraphQLCompositeType) : type;
        total += costOf(sel.selectionSet, on, seen);
      } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const f = fragments.get(sel.name.value);
        if (f && !seen.has(f.name.value))
          total += costOf(
            f.selectionSet,
            schema.getType(f.typeCondition.name.value) as GraphQLCompositeType,
            new Set([...seen, f.name.value]),
          );
      } else {
        const field =
          type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[sel.name.value] : undefined;
        let multiplier = 1;
        for (const argDef of field?.args ?? []) {
          if (!PAGE_ARGS.includes(argDef.name)) continue;
          const node = sel.arguments?.find((a) => a.name.value === argDef.name);
          const value = node ? valueFromAST(node.value, argDef.type, variables) : argDef.defaultValue;
          if (typeof value === 'number' && value > 1) multiplier = value;
        }
        const child =
          sel.selectionSet && field
            ? costOf(sel.selectionSet, getNamedType(field.type) as GraphQLCompositeType, seen)
            : 0;
        total += 1 + multiplier * child;
      }
    }
    return total;
  };
  return root ? costOf(operation.selectionSet, root, new Set()) : 0;
}

/** Refuses (400 query_too_costly) an operation whose counted cost is above `maxCost`, before it runs. Without
 *  variables the cost is the document's alone: counted once per document and operation name (`facts`). */
export function listCostLimit(maxCost: number, facts = new DocumentFacts()): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const variables = (args.variableValues ?? {}) as Record<string, unknown>;
      const count = () => operationCost(args.schema, args.document, variables, args.operationName);
      const cost = isEmpty(variables)
        ? facts.of(args.document, `cost:${JSON.stringify(args.operationName ?? null)}`, count)
        : count();
      if (cost <= maxCost) return;
      setResultAndStopExecution({
        errors: [
          new GraphQLError(
            `The query would cost ${cost}, above the limit of ${maxCost} (page sizes count: ask for fewer or smaller pages).`,
            {
              extensions: { code: 'query_too_costly', status: 400, http: { status: 400 } },
            },
          ),
        ],
      });
    },
  };
}
