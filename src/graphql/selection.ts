// What a field's selection asks for, for resolvers that can answer from what they already hold.
import { Kind, type GraphQLResolveInfo } from 'graphql';

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
