// The Pothos schema builder: plugins, context, scalars and auth scopes only. Each schema build makes a new builder and
// hands it to every installed module's `schema(builder)`, so the module list alone decides what the schema holds.
import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import DirectivesPlugin from '@pothos/plugin-directives';
import PrismaPlugin from '@pothos/plugin-prisma';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type PrismaTypes from '../generated/pothos-prisma-types.ts';
import { getDatamodel } from '../generated/pothos-prisma-types.ts';
import type { ModuleCredentials } from '../platform/module.ts';
import { can, hasApiScope } from '../platform/principal.ts';
import type { Context } from './context.ts';
import { refusal } from '../platform/refusal.ts';
import DeclaredArgsPlugin from './declared-args.ts';
import { DateTimeScalar, FileScalar, JSONScalar, SafeIntScalar } from './scalars.ts';

export interface AuthScopes {
  /** A primitive capability of the caller (scoped API keys only lend the capabilities they name). */
  capability: string;
  /** An API key allowed to use this API scope (e.g. mailer:events). */
  apiKey: string;
  loggedIn: boolean;
}

export interface AtriumSchemaTypes {
  Context: Context;
  DefaultFieldNullability: false;
  PrismaTypes: PrismaTypes;
  AuthScopes: AuthScopes;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
    SafeInt: { Input: number; Output: number | bigint };
    File: { Input: File; Output: never };
  };
  Directives: {
    requiresCapability: { locations: 'FIELD_DEFINITION' | 'OBJECT'; args: { name: string } };
    requiresApiKey: { locations: 'FIELD_DEFINITION'; args: { scope: string } };
    public: { locations: 'FIELD_DEFINITION'; args: Record<string, never> };
  };
}

// The datamodel is the same for every builder; read it once.
const dmmf = getDatamodel();

export function createBuilder() {
  const builder = new SchemaBuilder<AtriumSchemaTypes>({
    defaultFieldNullability: false,
    // scope-auth first, so no other plugin's wrapper runs before the check. Dataloader: per-object counts and lookups
    // a page needs (t.loadable fields, dataloaderGetter for loaders several fields share) batch per request.
    plugins: [ScopeAuthPlugin, DirectivesPlugin, PrismaPlugin, DataloaderPlugin, DeclaredArgsPlugin],
    scopeAuth: {
      authScopes: (ctx) => ({
        capability: (name: string) => can(ctx.principal, name),
        apiKey: (scope: string) => hasApiScope(ctx.principal, scope, ctx.platform.apiScopes.get(scope)),
        loggedIn: ctx.principal.kind !== 'anonymous',
      }),
      unauthorizedError: (_parent, ctx) => refusal(ctx.principal),
    },
    directives: { useGraphQLToolsUnorderedDirectives: true },
    prisma: {
      client: (ctx) => ctx.platform.prisma,
      dmmf,
      onUnusedQuery: null,
    },
  });
  builder.addScalarType('DateTime', DateTimeScalar);
  builder.addScalarType('JSON', JSONScalar);
  builder.addScalarType('SafeInt', SafeIntScalar);
  builder.addScalarType('File', FileScalar);
  builder.queryType({
    description: 'Reads. Each field states its access; the REST routes answer from the same fields.',
  });
  builder.mutationType({
    description: 'Changes. Each field states its access; the REST routes answer from the same fields.',
  });
  return builder;
}

export type Builder = ReturnType<typeof createBuilder>;
/** What the GraphQL face takes from a module: its schema part (types and fields, with their REST bindings). */
export interface SchemaModule {
  name: string;
  /** Its credentials: the auth methods they add are values of the AuthMethod enum (auth-methods.ts). */
  credentials?: ModuleCredentials;
  /** Registers the module's GraphQL types and fields on a new builder; fields carry their REST bindings (`rest()`). */
  schema?: (builder: Builder) => void;
}
/** Pothos' resolved schema types of the builder (for generic helpers: refs, field builders). */
export type Types = Builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** A piece of a module's schema, registered once per builder: parts that share type refs call each other. */
export function schemaPart<T>(register: (builder: Builder) => T): (builder: Builder) => T {
  const done = new WeakMap<Builder, T>();
  return (builder) => {
    if (!done.has(builder)) done.set(builder, register(builder));
    return done.get(builder)!;
  };
}
