// What an input declaration (a zod schema) means to each face: its GraphQL input type (scalar, enum, list, input
// object) and its REST argument schema (WordPress' JSON-schema subset: type, enum, bounds, lengths, format). Zod stays
// the one source; this reads its definition once per schema object.
import { z } from 'zod';
import type { ArgSpec } from './rules.ts';

export type GraphQLScalarName = 'String' | 'Int' | 'SafeInt' | 'Float' | 'Boolean' | 'DateTime' | 'JSON' | 'File';

export type InputNode =
  | { kind: 'scalar'; scalar: GraphQLScalarName; spec: ArgSpec }
  | {
      kind: 'enum';
      name: string;
      values: readonly string[];
      description?: string;
      /** What each value means (`enumOf`'s record), for GraphQL's enum value descriptions. */
      valueDescriptions: Readonly<Record<string, string>>;
      spec: ArgSpec;
    }
  | { kind: 'list'; of: InputNode; spec: ArgSpec }
  | { kind: 'object'; name: string; description?: string; fields: Record<string, InputField>; spec: ArgSpec };

export interface InputField {
  /** GraphQL name (camelCase). */
  name: string;
  /** The declaration itself (what the validator parses). */
  schema: z.ZodType;
  /** REST name: snake_case of the GraphQL name, unless the declaration says otherwise (`.meta({ rest: 'orderby' })`). */
  restName: string;
  node: InputNode;
  required: boolean;
  nullable: boolean;
  default?: unknown;
  description?: string;
}

/** GraphQL's Int is 32-bit: every integer argument is bounded to it unless declared narrower. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

type AnyZod = z.ZodType;
const defOf = (s: AnyZod) => (s as unknown as { _zod: { def: Record<string, any> } })._zod.def;
const metaOf = (s: AnyZod) =>
  z.globalRegistry.get(s) as
    | {
        id?: string;
        rest?: string;
        description?: string;
        scalar?: 'File' | 'SafeInt';
        valueDescriptions?: Record<string, string>;
      }
    | undefined;
/** REST's wire names are the snake_case of GraphQL's camelCase names, and back. */
export const snakeCase = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camelCase = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** JSON-schema keywords of a leaf that WordPress' argument schema understands (and whether it is an integer). */
function leafSpec(s: AnyZod): { spec: Record<string, unknown>; integer: boolean } {
  const json = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, any>;
  const out: Record<string, unknown> = {};
  for (const k of [
    'minimum',
    'maximum',
    'minLength',
    'maxLength',
    'minItems',
    'maxItems',
    'format',
    'pattern',
    'examples',
  ] as const) {
    if (json[k] !== undefined) out[k] = json[k];
  }
  if (json.exclusiveMinimum !== undefined)
    out.minimum = json.type === 'integer' ? json.exclusiveMinimum + 1 : json.exclusiveMinimum;
  if (json.exclusiveMaximum !== undefined)
    out.maximum = json.type === 'integer' ? json.exclusiveMaximum - 1 : json.exclusiveMaximum;
  // Formats are checked by their own rule (the generated regexes are long and say less).
  if (out.format) delete out.pattern;
  if (out.format && !['email', 'uuid', 'uri', 'date-time'].includes(out.format as string)) delete out.format;
  // GraphQL's Int is 32 bits; a declared SafeInt (money: `safeInt()`) is 53.
  const [min, max] =
    metaOf(s)?.scalar === 'SafeInt' ? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] : [INT32_MIN, INT32_MAX];
  if (json.type === 'integer') {
    out.minimum = Math.max((out.minimum as number | undefined) ?? min, min);
    out.maximum = Math.min((out.maximum as number | undefined) ?? max, max);
    if (out.minimum === INT32_MIN) delete out.minimum;
  }
  return { spec: out, integer: json.type === 'integer' };
}

const cache = new WeakMap<AnyZod, InputNode>();

/** The input node of a schema, wrappers (optional, nullable, default) removed. */
export function describeNode(schema: AnyZod): InputNode {
  let node = cache.get(schema);
  if (!node) cache.set(schema, (node = build(schema)));
  return node;
}

function build(schema: AnyZod): InputNode {
  const def = defOf(schema);
  const description = schema.description;
  switch (def.type) {
    case 'string': {
      const extra = leafSpec(schema).spec;
      // `.trim()` (an overwrite check): the rules judge the trimmed text, as the declaration will store it.
      const trims = (def.checks ?? []).some((c: any) => c._zod?.def?.check === 'overwrite');
      return {
        kind: 'scalar',
        scalar: 'String',
        spec: { type: 'string', ...extra, ...(trims ? { trim: true } : {}), ...(description ? { description } : {}) },
      };
    }
    case 'number': {
      const { spec: extra, integer } = leafSpec(schema); // one JSON schema per leaf: it is most of describing it
      const scalar = !integer ? 'Float' : metaOf(schema)?.scalar === 'SafeInt' ? 'SafeInt' : 'Int';
      return {
        kind: 'scalar',
        scalar,
        spec: { type: integer ? 'integer' : 'number', ...extra, ...(description ? { description } : {}) },
      };
    }
    case 'boolean':
      return { kind: 'scalar', scalar: 'Boolean', spec: { type: 'boolean', ...(description ? { description } : {}) } };
    case 'date':
      return {
        kind: 'scalar',
        scalar: 'DateTime',
        spec: { type: 'string', format: 'date-time', ...(description ? { description } : {}) },
      };
    case 'enum': {
      const name = metaOf(schema)?.id;
      const values = Object.values(def.entries as Record<string, string>);
      // Values GraphQL cannot name (event names with slashes): a String over GraphQL, still one of them over REST.
      if (!values.every((v) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(v))) {
        return {
          kind: 'scalar',
          scalar: 'String',
          spec: { type: 'string', enum: values, ...(description ? { description } : {}) },
        };
      }
      if (!name) throw new Error(`An enum input (${values.join(', ')}) needs a GraphQL name: enumOf('Name', values)`);
      return {
        kind: 'enum',
        name,
        values,
        description,
        valueDescriptions: metaOf(schema)?.valueDescriptions ?? {},
        spec: { type: 'string', enum: values, ...(description ? { description } : {}) },
      };
    }
    case 'array': {
      const of = describeNode(def.element);
      return {
        kind: 'list',
        of,
        spec: { type: 'array', items: of.spec, ...leafSpec(schema).spec, ...(description ? { description } : {}) },
      };
    }
    case 'object': {
      const name = metaOf(schema)?.id;
      if (!name)
        throw new Error(
          `An input object (${Object.keys(def.shape).join(', ')}) needs a GraphQL name: inputObject('Name', shape)`,
        );
      const fields = describeFields(def.shape);
      const properties = Object.fromEntries(Object.values(fields).map((f) => [f.restName, fieldSpec(f)]));
      return {
        kind: 'object',
        name,
        description,
        fields,
        spec: { type: 'object', properties, ...(description ? { description } : {}) },
      };
    }
    case 'pipe': {
      // The input side is what clients send; a string piped into a format (email) keeps the format.
      const input = describeNode(def.in);
      const out = defOf(def.out).type === 'string' ? leafSpec(def.out).spec : {};
      return {
        ...input,
        spec: {
          ...input.spec,
          ...(out.format ? { format: out.format as ArgSpec['format'] } : {}),
          ...(description ? { description } : {}),
        },
      } as InputNode;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return describeNode(def.innerType);
    case 'record':
      return { kind: 'scalar', scalar: 'JSON', spec: { type: 'object', ...(description ? { description } : {}) } };
    case 'custom':
      // An uploaded file (`upload()`): GraphQL's multipart requests only, never a REST argument.
      if (metaOf(schema)?.scalar === 'File')
        return { kind: 'scalar', scalar: 'File', spec: { type: 'any', ...(description ? { description } : {}) } };
      return { kind: 'scalar', scalar: 'JSON', spec: { type: 'any', ...(description ? { description } : {}) } };
    default:
      // unknown, any, union, lazy…: any JSON value.
      return { kind: 'scalar', scalar: 'JSON', spec: { type: 'any', ...(description ? { description } : {}) } };
  }
}

/** Wrappers around a field's schema: whether it may be left out or be null, and its default. */
function wrappers(schema: AnyZod) {
  let required = true;
  let nullable = false;
  let dflt: unknown;
  let description = schema.description;
  let rest = metaOf(schema)?.rest;
  for (let s = schema; ;) {
    const def = defOf(s);
    if (def.type === 'optional') required = false;
    else if (def.type === 'nullable') nullable = true;
    else if (def.type === 'default' || def.type === 'prefault') {
      required = false;
      dflt ??= typeof def.defaultValue === 'function' ? def.defaultValue() : def.defaultValue;
    } else if (!['readonly', 'catch'].includes(def.type)) break;
    s = def.innerType;
    description ??= s.description;
    rest ??= metaOf(s)?.rest;
  }
  return { required, nullable, default: dflt, description, rest };
}

export function describeFields(shape: Record<string, AnyZod>): Record<string, InputField> {
  return Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => {
      const w = wrappers(schema);
      const field: InputField = {
        name,
        schema,
        restName: w.rest ?? snakeCase(name),
        node: describeNode(schema),
        required: w.required,
        nullable: w.nullable,
        ...(w.default !== undefined ? { default: w.default } : {}),
        ...(w.description ? { description: w.description } : {}),
      };
      return [name, field];
    }),
  );
}

const specs = new WeakMap<InputField, ArgSpec>();

/** The REST argument schema of a field (its node's, plus required, default and null); built once per field, since
 *  requests validate against it. */
export function fieldSpec(f: InputField): ArgSpec {
  let spec = specs.get(f);
  if (!spec) specs.set(f, (spec = buildSpec(f)));
  return spec;
}

function buildSpec(f: InputField): ArgSpec {
  return {
    ...f.node.spec,
    ...(f.description ? { description: f.description } : {}),
    ...(f.required ? { required: true } : {}),
    ...(f.default !== undefined ? { default: f.default } : {}),
    ...(f.nullable ? { nullable: true } : {}),
  };
}
