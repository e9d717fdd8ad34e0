// Positions of siblings (courses; a course's modules; a module's lessons): a new item goes last; moving one renumbers
// its siblings 0..n-1 in one transaction with the parent's rows locked, so concurrent moves cannot interleave.
import type { Tx } from '../../../platform/transaction.ts';

export type Siblings = { table: 'member_courses' } | { table: 'member_modules'; courseId: number } | { table: 'member_lessons'; moduleId: number };

function scope(s: Siblings): { where: string; value: number | null } {
  if (s.table === 'member_modules') return { where: 'course_id = $1', value: s.courseId };
  if (s.table === 'member_lessons') return { where: 'module_id = $1', value: s.moduleId };
  return { where: '$1::int IS NULL', value: null };
}

export async function nextPosition(tx: Tx, s: Siblings): Promise<number> {
  const { where, value } = scope(s);
  const [row] = await tx.$queryRawUnsafe<{ next: number }[]>(`SELECT COALESCE(MAX(position) + 1, 0)::int AS next FROM ${s.table} WHERE ${where}`, value);
  return row!.next;
}

/** Puts `id` at `position` (clamped) among its siblings and renumbers them all. */
export async function moveTo(tx: Tx, s: Siblings, id: number, position: number): Promise<void> {
  const { where, value } = scope(s);
  const rows = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM ${s.table} WHERE ${where} ORDER BY position, id FOR UPDATE`, value);
  const order = rows.map((r) => r.id).filter((x) => x !== id);
  order.splice(Math.max(0, Math.min(position, order.length)), 0, id);
  await tx.$executeRawUnsafe(
    `UPDATE ${s.table} AS t SET position = v.position FROM unnest($1::int[], $2::int[]) AS v(id, position) WHERE t.id = v.id AND t.position <> v.position`,
    order,
    order.map((_, i) => i),
  );
}
