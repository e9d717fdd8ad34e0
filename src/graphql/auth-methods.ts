// The AuthMethod enum (Viewer.authMethod, MobileMe.authMethod): how a caller authenticated. Modules add credentials
// of their own, so its values are what is registered when the schema is built: the platform's methods and those the
// installed modules declare (`credentials.authMethods`), each described by whoever registers it.
import type { EnumRef } from '@pothos/core';
import { PLATFORM_AUTH_METHODS } from '../platform/principal.ts';
import { schemaPart, type Builder, type SchemaModule, type Types } from './builder.ts';

const registered = new WeakMap<Builder, Readonly<Record<string, string>>>();

/** Records the auth methods of the platform and of `modules` for the schema `builder` builds. */
export function registerAuthMethods(builder: Builder, modules: readonly SchemaModule[]): void {
  const methods: Record<string, string> = { ...PLATFORM_AUTH_METHODS };
  for (const m of modules) {
    for (const [name, description] of Object.entries(m.credentials?.authMethods ?? {})) {
      if (name in methods) throw new Error(`Auth method ${name} is registered twice (again by module ${m.name})`);
      methods[name] = description;
    }
  }
  registered.set(builder, methods);
}

export const authMethodEnum = schemaPart((builder): EnumRef<Types, string, string> => {
  const methods = registered.get(builder);
  if (!methods) throw new Error('The auth methods are registered by buildSchema() before the modules’ schema parts');
  return builder.enumType('AuthMethod', {
    description: 'How a caller authenticated: the credentials the platform and the installed modules accept.',
    values: Object.fromEntries(
      Object.entries(methods).map(([name, description]) => [name, { value: name, description }]),
    ),
  }) as unknown as EnumRef<Types, string, string>;
});
