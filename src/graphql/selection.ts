// What a field's selection asks for, for resolvers that can answer from what they already hold.
import {
  getNamedType,
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

/** The field nodes of selection sets, fragments and inline fragments followed. */
function fieldsOf(info: GraphQLResolveInfo, sets: SelectionSetNode[]): FieldNode[] {
  const out: FieldNode[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) out.push(s);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
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
