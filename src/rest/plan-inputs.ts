// A plan's variables and each field's arguments, coerced as graphql-js's getVariableValues and getArgumentValues do,
// with what is the same on every request worked out when the plan is made: each variable's type (typeFromAST on every
// call in graphql-js), the arguments given as literals or left to their defaults, and which variable fills which
// argument. A request then only coerces its variables and copies them into place. Whatever would raise an error —
// a missing or null non-null variable, a value its type refuses — and every argument graphql-js could coerce
// differently (a list or object literal with variables inside) take graphql-js's own call, so errors and rare shapes
// read exactly as they do there.
import {
  coerceInputValue,
  getArgumentValues,
  getVariableValues,
  isInputType,
  isNonNullType,
  Kind,
  typeFromAST,
  valueFromAST,
  visit,
  BREAK,
  type FieldNode,
  type GraphQLError,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type ValueNode,
  type VariableDefinitionNode,
} from 'graphql';

type Obj = Record<string, unknown>;

/** A value made once for every request: only a primitive, which no resolver can change for the next one. */
const isShareable = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function');

interface VariableStep {
  name: string;
  type: GraphQLInputType;
  nonNull: boolean;
  /** The definition's default (`= …`), when it has one: made once when shareable, else coerced per request. */
  fallback?: () => unknown;
}

// coerceInputValue reports each problem to a callback; a failed coercion is redone by graphql-js for its errors.
let failed = false;
const fail = () => void (failed = true);

export type CoercedVariables = { coerced: Obj; errors?: never } | { errors: readonly GraphQLError[]; coerced?: never };

/** The operation's variables, as getVariableValues coerces them. */
export function variablesOf(
  schema: GraphQLSchema,
  definitions: readonly VariableDefinitionNode[],
): (inputs: Obj) => CoercedVariables {
  const exact = (inputs: Obj) => getVariableValues(schema, definitions, inputs) as CoercedVariables;
  const steps: VariableStep[] = [];
  for (const d of definitions) {
    const type = typeFromAST(schema, d.type);
    if (!type || !isInputType(type)) return exact;
    const node = d.defaultValue;
    const value = node ? valueFromAST(node, type) : undefined;
    steps.push({
      name: d.variable.name.value,
      type,
      nonNull: isNonNullType(type),
      fallback: !node ? undefined : isShareable(value) ? () => value : () => valueFromAST(node, type),
    });
  }
  return (inputs) => {
    const coerced: Obj = {};
    for (const s of steps) {
      if (!Object.hasOwn(inputs, s.name)) {
        if (s.fallback) coerced[s.name] = s.fallback();
        else if (s.nonNull) return exact(inputs);
        continue;
      }
      const value = inputs[s.name];
      if (value === null && s.nonNull) return exact(inputs);
      failed = false;
      coerced[s.name] = coerceInputValue(value, s.type, fail);
      if (failed) return exact(inputs);
    }
    return { coerced };
  };
}

type ArgumentStep =
  { name: string; fixed: unknown } | { name: string; variable: string; nonNull: boolean; fallback: unknown };

const hasVariable = (node: ValueNode) => {
  let found = false;
  visit(node, {
    Variable() {
      found = true;
      return BREAK;
    },
  });
  return found;
};

/** A field's arguments from the operation's coerced variables, as getArgumentValues reads them. */
export function argumentsOf(def: GraphQLField<unknown, unknown>, node: FieldNode): (variables: Obj) => Obj {
  const exact = (variables: Obj) => getArgumentValues(def, node, variables);
  const given = new Map((node.arguments ?? []).map((a) => [a.name.value, a.value]));
  const steps: ArgumentStep[] = [];
  for (const arg of def.args) {
    const value = given.get(arg.name);
    if (!value) {
      if (arg.defaultValue !== undefined) steps.push({ name: arg.name, fixed: arg.defaultValue });
      else if (isNonNullType(arg.type)) return exact; // refused on every request, by graphql-js
    } else if (value.kind === Kind.VARIABLE) {
      steps.push({
        name: arg.name,
        variable: value.name.value,
        nonNull: isNonNullType(arg.type),
        fallback: arg.defaultValue,
      });
    } else {
      const fixed = hasVariable(value) ? undefined : valueFromAST(value, arg.type);
      if (fixed === undefined || !isShareable(fixed)) return exact;
      steps.push({ name: arg.name, fixed });
    }
  }
  return (variables) => {
    const out: Obj = {};
    for (const s of steps) {
      if ('fixed' in s) {
        out[s.name] = s.fixed;
        continue;
      }
      if (!Object.hasOwn(variables, s.variable)) {
        if (s.fallback !== undefined) out[s.name] = s.fallback;
        else if (s.nonNull) return exact(variables);
        continue;
      }
      const value = variables[s.variable];
      if (value === undefined || (value === null && s.nonNull)) return exact(variables);
      out[s.name] = value;
    }
    return out;
  };
}
