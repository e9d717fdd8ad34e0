// Parameter arrays of the importer's set-based statements (`unnest`, `= ANY`), each one parameter typed in the text:
// Prisma's raw call, which runs Kysely's statements in a transaction (sqlIn), sends its parameters untyped.
import { sql, type RawBuilder } from 'kysely';

export const intArray = (values: readonly number[]) => sql<number[]>`${values}::int[]`;
export const boolArray = (values: readonly boolean[]) => sql<boolean[]>`${values}::bool[]`;
export const textArray = <T extends string | null>(values: readonly T[]) => sql<T[]>`${values}::text[]`;

/** `unnest(a, b, …) AS alias(x, y, …)`: parallel arrays read as rows, a column per array, named by its key. */
export function unnest<R extends Record<string, unknown>, A extends string>(
  alias: A,
  arrays: { [K in keyof R]: RawBuilder<R[K][]> },
) {
  const columns = Object.keys(arrays).map((name) => sql.id(name));
  return sql<R>`unnest(${sql.join(Object.values(arrays))})`.as<A>(sql`${sql.id(alias)}(${sql.join(columns)})`);
}
