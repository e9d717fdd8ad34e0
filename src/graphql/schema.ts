// Builds the schema of a module list: a new builder, each module's `schema(builder)`, then a check that every root
// field declares its access rule. schema.graphql is printed from the installed modules' schema (npm run schema:print)
// and a test fails when they differ.
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import {
  DirectiveLocation,
  GraphQLDirective,
  Kind,
  GraphQLNonNull,
  GraphQLString,
  lexicographicSortSchema,
  specifiedDirectives,
  type GraphQLSchema,
} from 'graphql';
import { registerAuthMethods } from './auth-methods.ts';
import { createBuilder, type SchemaModule } from './builder.ts';

// Steps a schema part asks to run on the built schema, keyed by the builder the part was given.
const whenBuiltSteps = new WeakMap<object, ((schema: GraphQLSchema) => void)[]>();

/** Runs `step` on the schema this builder builds, before the access checks: for a part that changes a field another
 *  part declares (REST routes lent to it with restOn()). */
export function whenBuilt(builder: object, step: (schema: GraphQLSchema) => void): void {
  whenBuiltSteps.set(builder, [...(whenBuiltSteps.get(builder) ?? []), step]);
}

// The specified directives (@include, @skip, @deprecated, …) stay: a `directives` list replaces them otherwise.
const directives = [
  ...specifiedDirectives,
  new GraphQLDirective({
    name: 'requiresCapability',
    description: 'The caller needs this capability (enforced for GraphQL and REST alike).',
    locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT],
    args: { name: { type: new GraphQLNonNull(GraphQLString) } },
  }),
  new GraphQLDirective({
    name: 'requiresApiKey',
    description: 'Only an API key with this scope may call the field.',
    locations: [DirectiveLocation.FIELD_DEFINITION],
    args: { scope: { type: new GraphQLNonNull(GraphQLString) } },
  }),
  new GraphQLDirective({
    name: 'public',
    description: 'Open to anonymous callers.',
    locations: [DirectiveLocation.FIELD_DEFINITION],
  }),
];

const ACCESS = ['requiresCapability', 'requiresApiKey', 'public'];

function assertEveryRootFieldDeclaresAccess(schema: GraphQLSchema): void {
  const missing: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const declared = Object.keys((field.extensions?.directives ?? {}) as object);
      if (!declared.some((d) => ACCESS.includes(d))) missing.push(`${type!.name}.${field.name}`);
    }
  }
  if (missing.length) throw new Error(`Root fields without an access declaration: ${missing.join(', ')}`);
}

/** Introspection does not carry directives, so GraphiQL's docs would not show who may call a field: each root field's
 *  description ends with its access rule too. */
function describeAccess(schema: GraphQLSchema): void {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const d = (field.extensions?.directives ?? {}) as Record<string, unknown>;
      const arg = (name: string, key: string) =>
        ((Array.isArray(d[name]) ? d[name][0] : d[name]) as Record<string, string> | undefined)?.[key];
      const rule = d.public
        ? 'Access: public (anonymous callers too).'
        : d.requiresApiKey
          ? `Access: an API key with the scope \`${arg('requiresApiKey', 'scope')}\`.`
          : `Access: the capability \`${arg('requiresCapability', 'name')}\`${arg('requiresCapability', 'name') === 'read' ? ' (any logged-in user)' : ''}.`;
      field.description = field.description ? `${field.description}\n\n${rule}` : rule;
      // The printer reads descriptions from the AST node where there is one (the directives plugin makes them).
      if (field.astNode)
        field.astNode = { ...field.astNode, description: { kind: Kind.STRING, value: field.description, block: true } };
    }
  }
}

// A module list builds the same schema every time: instances (and tests) sharing a list share its schema.
const built = new WeakMap<readonly SchemaModule[], GraphQLSchema>();

export function buildSchema(modules: readonly SchemaModule[]): GraphQLSchema {
  let schema = built.get(modules);
  if (!schema) {
    const builder = createBuilder();
    registerAuthMethods(builder, modules);
    for (const m of modules) m.schema?.(builder);
    schema = builder.toSchema({ directives, sortSchema: false });
    for (const step of whenBuiltSteps.get(builder) ?? []) step(schema);
    assertEveryRootFieldDeclaresAccess(schema);
    describeAccess(schema);
    built.set(modules, schema);
  }
  return schema;
}

export function printSchemaSDL(schema: GraphQLSchema): string {
  return `${printSchemaWithDirectives(lexicographicSortSchema(schema))}\n`;
}
