// A hot read on Kysely answers the selection the GraphQL Prisma plugin plans (a Prisma select/include), so the
// type's fields and the plugin's loaders read its rows as they read Prisma's (docs/data-access.md). This reads such a
// selection: which scalar fields and which relations it asks of one model.

/** Prisma field → column of one model. */
export type Columns = Record<string, string>;
export type Selection = { select?: Record<string, unknown>; include?: Record<string, unknown>; orderBy?: unknown };
/** What a Prisma selection asks of one model: its scalar fields, and its relations with their own selection. */
export type Plan = { fields: string[]; relations: Record<string, Selection> };

/** The fields and relations `q` selects (Prisma's select/include), or null when it asks for something else. */
export function plan(q: Selection | true, columns: Columns, relations: readonly string[]): Plan | null {
  const given = q === true ? {} : (q.select ?? q.include ?? {});
  const fields = q === true || !q.select ? Object.keys(columns) : [];
  const out: Plan = { fields, relations: {} };
  for (const [key, value] of Object.entries(given)) {
    if (!value) continue;
    if (q !== true && q.select && key in columns) fields.push(key);
    else if (relations.includes(key)) out.relations[key] = value === true ? {} : (value as Selection);
    else if (!(key in columns)) return null; // _count, a relation this read does not know
  }
  return out;
}
