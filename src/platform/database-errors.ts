// What the database refuses, recognised in one place: Prisma's known request errors (P2002 unique, P2025 not found,
// P2003 foreign key) and PostgreSQL's SQLSTATE from SQL sent without Prisma (Kysely, raw pg: 23505, 23503). Services
// catch the refusal where it has a meaning of their own (a slug taken: their `<ns>_exists`); one that reaches the top
// uncaught — a row deleted by a concurrent request, a race the service did not foresee — is still the caller's
// conflict, not a fault of the server: both faces answer it through `databaseRefusal` as 404 or 409, never 500.
import pg from 'pg';
import { Prisma } from '../generated/prisma/client.ts';
import { AppError } from './errors.ts';

type Refusal = 'unique' | 'notFound' | 'foreignKey';

const PRISMA_CODES: Record<string, Refusal> = { P2002: 'unique', P2025: 'notFound', P2003: 'foreignKey' };
const SQLSTATES: Record<string, Refusal> = { '23505': 'unique', '23503': 'foreignKey' };

function refusalOf(err: unknown): Refusal | undefined {
  if (err instanceof Prisma.PrismaClientKnownRequestError) return PRISMA_CODES[err.code];
  if (err instanceof pg.DatabaseError) return err.code === undefined ? undefined : SQLSTATES[err.code];
  return undefined;
}

/**
 * A unique constraint refused the write. With `field`, only when that column is part of the refused key (a table
 * with two unique columns, e.g. users' username and e-mail, answers a different error for each).
 */
export function isUniqueViolation(err: unknown, field?: string): boolean {
  if (refusalOf(err) !== 'unique') return false;
  if (field === undefined) return true;
  // Prisma names the key in `meta` (its shape differs between engines and driver adapters); pg in `constraint`.
  const where =
    err instanceof pg.DatabaseError
      ? `${err.constraint} ${err.detail}`
      : JSON.stringify((err as Prisma.PrismaClientKnownRequestError).meta ?? {});
  return where.includes(field);
}

/** The row an update or delete addressed is not there (deleted meanwhile, or never was). */
export const isNotFoundError = (err: unknown): boolean => refusalOf(err) === 'notFound';

/** A foreign key refused the write: the row referred to is gone, or rows still refer to the one deleted. */
export const isForeignKeyViolation = (err: unknown): boolean => refusalOf(err) === 'foreignKey';

const ANSWERS: Record<Refusal, () => AppError> = {
  unique: () => new AppError('record_exists', 'A record with this value exists already.'),
  notFound: () => new AppError('record_not_found', 'The record does not exist (any longer).'),
  foreignKey: () =>
    new AppError('record_conflict', 'A record this one refers to is gone, or others still refer to it.'),
};

/** The answer to a database refusal that reached a face uncaught; undefined for any other error. */
export function databaseRefusal(err: unknown): AppError | undefined {
  const refusal = refusalOf(err);
  return refusal && ANSWERS[refusal]();
}
