// The membership state machine is one table (src/modules/member/core/service/statuses.ts): no other file of the module
// spells a set of membership statuses or compares a membership's status in SQL, and the database's
// one-live-membership index has the table's live statuses as its predicate. (The moves themselves, through HTTP, are
// moves.test.ts; the sweep's, jobs.test.ts.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  GRANTING_STATUSES,
  LIVE_STATUSES,
  MEMBERSHIP_STATUSES,
  MOVES,
} from '../../../src/modules/member/core/service/statuses.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../src/modules/member');
const TABLE = path.join(ROOT, 'core/service/statuses.ts');
const word = MEMBERSHIP_STATUSES.join('|');
/** Two membership statuses side by side: a TS array or an SQL IN list. */
const LIST = new RegExp(`'(${word})'\\s*,\\s*'(${word})'`);
/** In SQL over member_memberships, a status compared with a literal ('active' is a plan's word too: left out). */
const COMPARED = new RegExp(
  `status\\s*(=|<>|!=)\\s*'(${MEMBERSHIP_STATUSES.filter((s) => s !== 'active').join('|')})'`,
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('no file but the table spells a set of membership statuses or compares one in SQL', () => {
  const offenders = sources(ROOT)
    .filter((f) => f !== TABLE)
    .flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      const sql = text.includes('member_memberships');
      return text.split('\n').map((line, i) => ({ at: `${path.relative(ROOT, f)}:${i + 1}`, line, sql }));
    })
    .filter(({ line, sql }) => LIST.test(line) || (sql && COMPARED.test(line)))
    .map(({ at, line }) => `${at}: ${line.trim()}`);
  expect(offenders).toEqual([]);
});

it('the table: moves lead between known statuses; access is granted by live statuses only', () => {
  for (const [name, move] of Object.entries(MOVES)) {
    expect([name, move.from.every((s) => MEMBERSHIP_STATUSES.includes(s))]).toEqual([name, true]);
    expect([name, move.to === null || MEMBERSHIP_STATUSES.includes(move.to)]).toEqual([name, true]);
  }
  expect(GRANTING_STATUSES.every((s) => LIVE_STATUSES.includes(s))).toBe(true);
});

it("the database's one-live-membership index is the table's live statuses", async () => {
  const [index] = await t.platform.prisma.$queryRaw<{ unique: boolean; columns: string; predicate: string }[]>`
    SELECT i.indisunique AS unique, pg_get_indexdef(i.indexrelid) AS columns, pg_get_expr(i.indpred, i.indrelid) AS predicate
    FROM pg_index i WHERE i.indexrelid = 'member_memberships_one_live_per_plan'::regclass`;
  expect(index).toMatchObject({ unique: true, columns: expect.stringContaining('(user_id, plan_id)') });
  expect(index!.predicate).toBe(`(status = ANY (ARRAY[${LIVE_STATUSES.map((s) => `'${s}'::text`).join(', ')}]))`);
});
