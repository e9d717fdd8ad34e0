// The JSON schema of a REST answer, read off the route's GraphQL selection: each selected field (by its alias) with
// the JSON type of its GraphQL type — so the OpenAPI document types every answer from the same declaration the
// route runs.
import {
  getNamedType,
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  Kind,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { CompiledRoute } from './table.ts';

export type JsonSchema = Record<string, unknown>;

const SCALARS: Record<string, JsonSchema> = {
  Int: { type: 'integer' },
  Float: { type: 'number' },
  String: { type: 'string' },
  ID: { type: 'string' },
  Boolean: { type: 'boolean' },
  DateTime: { type: 'string', format: 'date-time' },
  JSON: {},
};

const nullable = (s: JsonSchema): JsonSchema =>
  typeof s.type === 'string'
    ? { ...s, type: [s.type, 'null'] }
    : Object.keys(s).length === 0
      ? s
      : { anyOf: [s, { type: 'null' }] };

function ofType(schema: GraphQLSchema, type: GraphQLOutputType, selection: SelectionSetNode | undefined): JsonSchema {
  const inner = (t: GraphQLOutputType): JsonSchema => {
    if (t instanceof GraphQLNonNull) return inner(t.ofType);
    if (t instanceof GraphQLList) {
      const item = t.ofType instanceof GraphQLNonNull ? inner(t.ofType) : nullable(inner(t.ofType));
      return { type: 'array', items: item };
    }
    if (t instanceof GraphQLEnumType) return { type: 'string', enum: t.getValues().map((v) => v.value as string) };
    if (t instanceof GraphQLScalarType) return { ...(SCALARS[t.name] ?? {}) };
    return objectOf(schema, t as GraphQLObjectType, selection);
  };
  return type instanceof GraphQLNonNull ? inner(type.ofType) : nullable(inner(type));
}

function objectOf(schema: GraphQLSchema, type: GraphQLObjectType, selection: SelectionSetNode | undefined): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const fields = type.getFields();
  const walk = (set: SelectionSetNode | undefined) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet);
      if (sel.kind !== Kind.FIELD) continue;
      const key = sel.alias?.value ?? sel.name.value;
      if (sel.name.value === '__typename') {
        properties[key] = { type: 'string' };
        required.push(key);
        continue;
      }
      const field = fields[sel.name.value];
      if (!field) continue;
      const conditional = sel.directives?.some((d) => d.name.value === 'include' || d.name.value === 'skip');
      const described = ofType(schema, field.type, sel.selectionSet);
      properties[key] =
        field.description && !described.description ? { ...described, description: field.description } : described;
      if (!conditional) required.push(key);
    }
  };
  walk(selection);
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The schema of a route's success body. */
export function responseSchema(schema: GraphQLSchema, route: CompiledRoute): JsonSchema {
  const op = route.document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  const root = (op.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType())!;
  const sel = op.selectionSet.selections.find((s) => s.kind === Kind.FIELD)!;
  if (sel.kind !== Kind.FIELD) return {};
  const field = root.getFields()[sel.name.value]!;
  let body = ofType(schema, field.type, sel.selectionSet);
  if (route.paginated || route.everyPage) {
    const page = getNamedType(field.type) as GraphQLObjectType;
    const items = sel.selectionSet?.selections.find((s) => s.kind === Kind.FIELD && s.name.value === 'items');
    // The items field is the list the body answers.
    body = ofType(schema, page.getFields().items!.type, items?.kind === Kind.FIELD ? items.selectionSet : undefined);
  }
  if (route.links) body = linked(body);
  return route.describeResult ? route.describeResult(body) : body;
}

const LINK = {
  type: 'array',
  items: { type: 'object', properties: { href: { type: 'string', format: 'uri' } }, required: ['href'] },
};
const LINKS: JsonSchema = {
  type: 'object',
  description: "The item's own route (self) and its list (collection), as WordPress links them.",
  properties: { self: LINK, collection: LINK },
  required: ['self', 'collection'],
};

/** The body with `_links` on its items (src/rest/links.ts). */
function linked(body: JsonSchema): JsonSchema {
  if (body.type === 'array' && body.items) return { ...body, items: linked(body.items as JsonSchema) };
  if (body.type !== 'object' || !body.properties) return body;
  return { ...body, properties: { ...(body.properties as JsonSchema), _links: LINKS } };
}
