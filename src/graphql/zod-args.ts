// GraphQL arguments from an input declaration: `args: zodArgs(t, { id: Id, input: SubscriberCreate })` gives the field
// typed arguments (real enums and input objects, named by the declaration). Each argument carries its description in
// `extensions.input`: from it the declared-args plugin validates them with the one validator of both faces (the
// resolver receives zod's output: trimmed, defaulted, transformed) and the REST table derives its argument schema.
import type { ArgBuilder, ArgumentRef, EnumRef, ImplementableInputObjectRef } from '@pothos/core';
import { z } from 'zod';
import type { Builder, Types } from './builder.ts';
import { describeFields, describeNode, type InputField, type InputNode } from '../input/describe.ts';

type Refs = {
  enums: Map<string, EnumRef<Types, string, string>>;
  inputs: Map<string, ImplementableInputObjectRef<Types, object>>;
};
const refsByBuilder = new WeakMap<Builder, Refs>();

function refsOf(builder: Builder): Refs {
  let refs = refsByBuilder.get(builder);
  if (!refs) refsByBuilder.set(builder, (refs = { enums: new Map(), inputs: new Map() }));
  return refs;
}

function enumRef(builder: Builder, node: Extract<InputNode, { kind: 'enum' }>) {
  const refs = refsOf(builder);
  let ref = refs.enums.get(node.name);
  if (!ref) {
    ref = builder.enumType(node.name, {
      description: node.description,
      values: Object.fromEntries(node.values.map((v) => [v, { value: v, description: node.valueDescriptions[v] }])),
    }) as unknown as EnumRef<Types, string, string>;
    refs.enums.set(node.name, ref);
  }
  return ref;
}

/** The GraphQL enum of a declared enum (`enumOf('Name', values)`), for output fields too. */
export function enumType(builder: Builder, schema: z.ZodType): EnumRef<Types, string, string> {
  const node = describeNode(schema);
  if (node.kind !== 'enum') throw new Error('enumType() needs an enum declared with enumOf()');
  return enumRef(builder, node);
}

function inputRef(builder: Builder, node: Extract<InputNode, { kind: 'object' }>) {
  const refs = refsOf(builder);
  let ref = refs.inputs.get(node.name);
  if (!ref) {
    const implementable = builder.inputRef<object>(node.name) as ImplementableInputObjectRef<Types, object>;
    refs.inputs.set(node.name, (ref = implementable));
    implementable.implement({
      description: node.description,
      fields: (t) =>
        Object.fromEntries(Object.values(node.fields).map((f) => [f.name, t.field(fieldOptions(builder, f) as never)])),
    });
  }
  return ref;
}

function typeOf(builder: Builder, node: InputNode): unknown {
  switch (node.kind) {
    case 'scalar':
      return node.scalar;
    case 'enum':
      return enumRef(builder, node);
    case 'object':
      return inputRef(builder, node);
    case 'list':
      return [typeOf(builder, node.of)];
  }
}

const isLeaf = (node: InputNode) => node.kind === 'scalar' || node.kind === 'enum';

function fieldOptions(builder: Builder, f: InputField) {
  return {
    type: typeOf(builder, f.node),
    // A nullable declaration is never non-null in GraphQL (null must be sayable); lists hold non-null items.
    required: f.node.kind === 'list' ? { list: f.required && !f.nullable, items: true } : f.required && !f.nullable,
    description: f.description,
    ...(f.default !== undefined && isLeaf(f.node) ? { defaultValue: f.default } : {}),
    extensions: { input: f },
  };
}

/** The arguments' types as the resolver sees them: zod's output. */
export type ZodArgRefs<Shape extends z.ZodRawShape> = {
  [K in keyof z.output<z.ZodObject<Shape>>]-?: ArgumentRef<Types, z.output<z.ZodObject<Shape>>[K]>;
};

/** What zodArgs needs of a field builder (`t` in queryFields, mutationFields and object fields). */
interface FieldBuilderLike {
  arg: ArgBuilder<Types>;
  builder: unknown;
}

/** Arguments of a field from a zod shape; the resolver receives the validated, transformed values. */
export function zodArgs<Shape extends z.ZodRawShape>(t: FieldBuilderLike, shape: Shape): ZodArgRefs<Shape> {
  const builder = t.builder as unknown as Builder;
  const fields = describeFields(shape as unknown as Record<string, z.ZodType>);
  return Object.fromEntries(
    Object.values(fields).map((f) => [f.name, t.arg(fieldOptions(builder, f) as never)]),
  ) as ZodArgRefs<Shape>;
}
