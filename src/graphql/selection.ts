// What a field's selection asks for, for resolvers that can answer from what they already hold.
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

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
