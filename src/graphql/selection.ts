// What a field's selection asks for, for resolvers that can answer from what they already hold.
import {
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';

/** Names of the fields selected under the resolved field (aliases resolved), or null when fragments make it
 *  more than a plain list (the caller then reads as usual). */
function selectedFields(info: GraphQLResolveInfo): Set<string> | null {
  const names = new Set<string>();
  for (const node of info.fieldNodes) {
    for (const selection of node.selectionSet?.selections ?? []) {
      if (selection.kind !== Kind.FIELD) return null;
      names.add(selection.name.value);
    }
  }
  return names;
}

/** Whether every selected field is one of `available`. */
export function selectsOnly(info: GraphQLResolveInfo, available: ReadonlySet<string>): boolean {
  const names = selectedFields(info);
  return names !== null && [...names].every((n) => available.has(n));
}

/** Whether the resolved field's selection asks for any of `names` (fragments and inline fragments included). */
export function selects(info: GraphQLResolveInfo, names: readonly string[]): boolean {
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((s) => {
      if (s.kind === Kind.FIELD) return names.includes(s.name.value);
      if (s.kind === Kind.INLINE_FRAGMENT) return walk(s.selectionSet);
      if (seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return walk(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((node) => walk(node.selectionSet));
}

/**
 * The properties of its parent object that the selection at `path` under the resolved field reads, when every field
 * selected there only exposes one (`t.expose…`: Pothos marks them `pothosExposedField`); null when one does more (a
 * count, a loader, a computed field), or `path` is not there. A hot read that builds the objects itself (a Kysely
 * statement answering a Prisma plugin's selection) then reads these columns and no others. Aliases, fragments and
 * inline fragments are followed; `@skip`/`@include` are not evaluated (the answer is then a superset: safe).
 */
export function exposedUnder(info: GraphQLResolveInfo, path: readonly string[]): readonly string[] | null {
  return memo(info, `exposed:${path.join('.')}`, () => exposed(info, path));
}

// A field's selection is part of its document, which yoga's parse cache hands again for the same query text: what is
// read from it is kept per field node (a field merged from several nodes is read each time).
const byNode = new WeakMap<FieldNode, Map<string, unknown>>();
function memo<T>(info: GraphQLResolveInfo, key: string, read: () => T): T {
  if (info.fieldNodes.length !== 1) return read();
  const node = info.fieldNodes[0]!;
  let known = byNode.get(node);
  if (!known) byNode.set(node, (known = new Map()));
  if (!known.has(key)) known.set(key, read());
  return known.get(key) as T;
}

function exposed(info: GraphQLResolveInfo, path: readonly string[]): string[] | null {
  let type: GraphQLNamedType = getNamedType(info.returnType);
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
  for (const name of path) {
    const field: GraphQLField<unknown, unknown> | undefined = isObjectType(type) ? type.getFields()[name] : undefined;
    if (!field) return null;
    type = getNamedType(field.type);
    sets = fieldsOf(info, sets).flatMap((f) => (f.name.value === name && f.selectionSet ? [f.selectionSet] : []));
  }
  if (!isObjectType(type)) return null;
  const fields = type.getFields();
  const read = new Set<string>();
  for (const node of fieldsOf(info, sets)) {
    if (node.name.value === '__typename') continue;
    const exposed = fields[node.name.value]?.extensions.pothosExposedField;
    if (typeof exposed !== 'string') return null;
    read.add(exposed);
  }
  return [...read];
}

/**
 * Names of the fields the operation reads at `path` under the resolved field: `@skip` and `@include` decided by its
 * variables, aliases, fragments and inline fragments followed. A hot read leaves out the columns only fields outside
 * this set read (the forms list's editor parts, asked with `@include(if: $edit)`). Directives on fragments are not
 * decided: their fields count as read (a superset: safe).
 */
export function selectedUnder(info: GraphQLResolveInfo, path: readonly string[]): ReadonlySet<string> {
  const variables = memo(info, `directives:${path.join('.')}`, () => directiveVariables(info, path));
  const values = variables.length ? JSON.stringify(variables.map((v) => info.variableValues[v])) : '';
  return memo(info, `selected:${path.join('.')}:${values}`, () => {
    let sets: SelectionSetNode[] = info.fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
    for (const name of path)
      sets = fieldsOf(info, sets, info.variableValues).flatMap((f) =>
        f.name.value === name && f.selectionSet ? [f.selectionSet] : [],
      );
    return new Set(fieldsOf(info, sets, info.variableValues).map((f) => f.name.value));
  });
}

/** The variables `@skip` and `@include` read under the resolved field (their values key `selectedUnder`'s memo). */
function directiveVariables(info: GraphQLResolveInfo, path: readonly string[]): string[] {
  const names = new Set<string>();
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
  for (let depth = 0; depth <= path.length; depth++) {
    const fields = fieldsOf(info, sets);
    for (const f of fields)
      for (const d of f.directives ?? [])
        for (const a of d.arguments ?? []) if (a.value.kind === Kind.VARIABLE) names.add(a.value.name.value);
    const name = path[depth];
    sets = fields.flatMap((f) => (f.name.value === name && f.selectionSet ? [f.selectionSet] : []));
  }
  return [...names].sort();
}

/** Whether `@skip` and `@include` keep a selection, as graphql-js decides. */
function included(node: FieldNode, variables: Record<string, unknown>): boolean {
  if (!node.directives?.length) return true;
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

/** The field nodes of selection sets, fragments and inline fragments followed; with `variables`, only those
 *  `@skip`/`@include` on the field keep. */
function fieldsOf(
  info: GraphQLResolveInfo,
  sets: SelectionSetNode[],
  variables?: Record<string, unknown>,
): FieldNode[] {
  const out: FieldNode[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (!variables || included(s, variables)) out.push(s);
      } else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else if (!seen.has(s.name.value)) {
        seen.add(s.name.value);
        const fragment = info.fragments[s.name.value];
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  sets.forEach(walk);
  return out;
}
