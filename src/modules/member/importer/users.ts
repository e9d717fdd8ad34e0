// Users of a batch, found by e-mail in one query and created in bulk when missing. A created user has no usable
// password (the stored hash is no argon2 string, so no password ever verifies): a password reset is needed, and until
// then nobody can log in as them. Usernames: the source's when valid and free, else derived from the e-mail; a
// username taken by another address gets a short hash of the address, so the choice is the same on every run.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { sqlIn } from '../../../db/sql.ts';
import type { Tx } from '../../../platform/transaction.ts';
import { textArray, unnest } from './arrays.ts';
import { sqlTime } from './dates.ts';
import type { ImportRow } from './prepare.ts';

/** Stored as the password hash of imported users: never a valid PHC string, so verifyPassword() is always false. */
export const NO_PASSWORD = '!imported:reset-required';
const USERNAME = /^[A-Za-z0-9._@-]{1,60}$/;

export interface BatchUsers {
  /** user id by e-mail (lower-case) or by `@username` for rows that have only a username. */
  ids: Map<string, number>;
  /** Users this batch created (by id: no other transaction sees them before the commit; by e-mail). */
  created: Set<number>;
  createdEmails: string[];
}

export const userKey = (r: Pick<ImportRow, 'email' | 'username'>) => r.email ?? `@${r.username}`;

const hash = (s: string, n: number) => createHash('sha256').update(s).digest('hex').slice(0, n);

function candidates(email: string, username: string | null): string[] {
  const local =
    email
      .split('@')[0]!
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 50) || 'member';
  const base = username && USERNAME.test(username) ? username : local;
  return [base, `${base.slice(0, 51)}-${hash(email, 8)}`, `member-${hash(email, 20)}`];
}

export async function batchUsers(tx: Tx, rows: ImportRow[], now: Date): Promise<BatchUsers> {
  const ids = new Map<string, number>();
  const wanted = new Map<string, { username: string | null; displayName: string | null }>();
  const byName = new Set<string>();
  for (const r of rows) {
    if (r.email) {
      if (!wanted.has(r.email)) wanted.set(r.email, { username: r.username, displayName: r.displayName });
    } else byName.add(r.username!);
  }
  const db = sqlIn(tx);
  const find = async (emails: string[]) => {
    if (!emails.length) return;
    const found = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where((eb) => eb('email', '=', eb.fn.any(textArray(emails))))
      .execute();
    for (const u of found) ids.set(u.email, u.id);
  };
  await find([...wanted.keys()]);
  if (byName.size) {
    const found = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where((eb) => eb('username', '=', eb.fn.any(textArray([...byName]))))
      .execute();
    for (const u of found) ids.set(`@${u.username}`, u.id);
  }

  const created = new Set<number>();
  const createdEmails: string[] = [];
  for (let round = 0; round < 3; round++) {
    const missing = [...wanted.keys()].filter((e) => !ids.has(e));
    if (!missing.length) break;
    const names = missing.map((e) => candidates(e, wanted.get(e)!.username)[round]!);
    const display = missing.map((e, i) => wanted.get(e)!.displayName ?? names[i]!);
    // ON CONFLICT DO NOTHING: a taken username waits for the next round; an e-mail another run just created is found.
    const at = sql<Date>`${sqlTime(now)}::timestamp(3)`;
    const inserted = await db
      .insertInto('users')
      .columns(['username', 'email', 'display_name', 'password_hash', 'roles', 'created_at', 'updated_at'])
      .expression((eb) =>
        eb
          .selectFrom(
            unnest('t', { username: textArray(names), email: textArray(missing), display_name: textArray(display) }),
          )
          .select([
            't.username',
            't.email',
            't.display_name',
            eb.val(NO_PASSWORD).as('password_hash'),
            sql<string[]>`ARRAY['subscriber']`.as('roles'),
            at.as('created_at'),
            at.as('updated_at'),
          ]),
      )
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'email'])
      .execute();
    for (const u of inserted) {
      ids.set(u.email, u.id);
      created.add(u.id);
      createdEmails.push(u.email);
    }
    await find(missing.filter((e) => !ids.has(e)));
  }
  return { ids, created, createdEmails };
}
