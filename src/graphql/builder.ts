// The Pothos schema builder: plugins, context, scalars and auth scopes only. Types live beside their services.
import SchemaBuilder from '@pothos/core';
import DirectivesPlugin from '@pothos/plugin-directives';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import type PrismaTypes from '../generated/pothos-prisma-types.ts';
import { getDatamodel } from '../generated/pothos-prisma-types.ts';
import { ValidationError } from '../platform/errors.ts';
import { can, hasApiScope } from '../platform/principal.ts';
import type { Context } from './context.ts';
import { refusal } from './refusal.ts';
import { DateTimeScalar, JSONScalar } from './scalars.ts';

export interface AuthScopes {
  /** A primitive capability of the caller (scoped API keys only lend the capabilities they name). */
  capability: string;
  /** An API key allowed to use this API scope (e.g. mailer:events). */
  apiKey: string;
  loggedIn: boolean;
}

export const builder = new SchemaBuilder<{
  Context: Context;
  DefaultFieldNullability: false;
  PrismaTypes: PrismaTypes;
  AuthScopes: AuthScopes;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
  Directives: {
    requiresCapability: { locations: 'FIELD_DEFINITION' | 'OBJECT'; args: { name: string } };
    requiresApiKey: { locations: 'FIELD_DEFINITION'; args: { scope: string } };
    public: { locations: 'FIELD_DEFINITION'; args: {} };
  };
}>({
  defaultFieldNullability: false,
  // scope-auth first, so no other plugin's wrapper runs before the check.
  plugins: [ScopeAuthPlugin, DirectivesPlugin, RelayPlugin, PrismaPlugin, ValidationPlugin],
  scopeAuth: {
    authScopes: (ctx) => ({
      capability: (name: string) => can(ctx.principal, name),
      apiKey: (scope: string) => hasApiScope(ctx.principal, scope),
      loggedIn: ctx.principal.kind !== 'anonymous',
    }),
    unauthorizedError: (_parent, ctx) => refusal(ctx.principal),
  },
  directives: { useGraphQLToolsUnorderedDirectives: true },
  prisma: {
    client: (ctx) => ctx.platform.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  relay: { clientMutationId: 'omit', cursorType: 'String' },
  validation: {
    validationError: (result) => {
      const params: Record<string, string> = {};
      for (const issue of result.issues) {
        const path = (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p)));
        params[path.join('.') || 'input'] ??= issue.message;
      }
      return new ValidationError(params);
    },
  },
});

builder.addScalarType('DateTime', DateTimeScalar);
builder.addScalarType('JSON', JSONScalar);
builder.queryType({});
builder.mutationType({});
