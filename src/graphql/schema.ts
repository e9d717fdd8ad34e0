// Builds the one schema (after every module registered its types) and checks that every root field declares its
// access rule. schema.graphql is printed from it (npm run schema:print) and a test fails when they differ.
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import {
  DirectiveLocation, GraphQLDirective, GraphQLNonNull, GraphQLString, lexicographicSortSchema, specifiedDirectives, type GraphQLSchema,
} from 'graphql';
import { modules } from '../modules/index.ts';
import { builder } from './builder.ts';

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
  new GraphQLDirective({ name: 'public', description: 'Open to anonymous callers.', locations: [DirectiveLocation.FIELD_DEFINITION] }),
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

let schema: GraphQLSchema | undefined;

export function buildSchema(): GraphQLSchema {
  if (!schema) {
    void modules; // imported for the side effect of registering every module's types
    schema = builder.toSchema({ directives, sortSchema: false });
    assertEveryRootFieldDeclaresAccess(schema);
  }
  return schema;
}

export function printSchemaSDL(s: GraphQLSchema = buildSchema()): string {
  return `${printSchemaWithDirectives(lexicographicSortSchema(s))}\n`;
}
