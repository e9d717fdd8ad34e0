// Arguments declared with zodArgs are validated by the one input validator (src/platform/validation.ts) before the resolver
// runs, and the resolver receives zod's output. A REST route validates its field's arguments itself — before the
// field's access check, as WordPress does — and hands the output over in the context, so a value is validated once on
// each face. Arguments declared otherwise (a plain t.arg) beside declared ones pass as they are.
import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import type { GraphQLField } from 'graphql';
import { z } from 'zod';
import type { InputField } from '../input/describe.ts';
import { validateInput, validationError, type Face, type Validated } from '../platform/validation.ts';

/** The validator of a field's declared arguments (given by GraphQL name); messages name them as `face` does. */
export type ArgsValidator = (args: Record<string, unknown>, face?: Face) => Validated<Record<string, unknown>>;

/** Arguments the REST face validated for the root field `field` (`Mutation.createUser`). */
export interface ValidatedArgs {
  field: string;
  args: Record<string, unknown>;
}

/** The validator of a built field's declared arguments; undefined when it takes none. */
export const argsValidatorOf = (field: GraphQLField<unknown, unknown>) =>
  field.extensions?.validateArgs as ArgsValidator | undefined;

export class DeclaredArgsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(config: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    const declared = Object.values(config.args).flatMap((a) =>
      a.extensions?.input ? [a.extensions.input as InputField] : [],
    );
    if (!declared.length) return config;
    const coordinate = `${config.parentType}.${config.name}`;
    const fields = Object.fromEntries(declared.map((f) => [f.name, f]));
    const schema = z.object(Object.fromEntries(declared.map((f) => [f.name, f.schema])));
    const others = Object.keys(config.args).filter((name) => !fields[name]);
    const validateArgs: ArgsValidator = (args, face = 'rest') => {
      const r = validateInput<Record<string, unknown>>(schema, fields, args, face);
      return r.ok && others.length
        ? { ok: true, value: { ...Object.fromEntries(others.map((k) => [k, args[k]])), ...r.value } }
        : r;
    };
    return {
      ...config,
      extensions: { ...config.extensions, validateArgs },
      argMappers: [
        ...config.argMappers,
        (args, ctx) => {
          const given = (ctx as { validatedArgs?: ValidatedArgs }).validatedArgs;
          if (given?.field === coordinate) return given.args;
          const r = validateArgs(args, 'graphql');
          if (!r.ok) throw validationError(r.issues);
          return r.value;
        },
      ],
    };
  }
}

const pluginName = 'declaredArgs';
SchemaBuilder.registerPlugin(pluginName, DeclaredArgsPlugin);
export default pluginName;

declare global {
  // Pothos' plugin registry is a global namespace: a plugin joins it by augmentation (its documented pattern).
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      declaredArgs: DeclaredArgsPlugin<Types>;
    }
  }
}
