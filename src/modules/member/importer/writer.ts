// One batch of prepared rows, written in one transaction with set-based statements: the batch's users (found or
// created in bulk), its plans, a check that no user ends up with two live memberships of a plan, then one upsert
// keyed by source_ref that leaves identical rows alone (upsert.ts). A batch commits whole or not at all, so a run
// killed part-way leaves whole batches, and the next run finds them unchanged. A dry run rolls every batch back.
import { sql } from 'kysely';
import { sqlIn } from '../../../db/sql.ts';
import type { Platform } from '../../../platform/platform.ts';
import type { Tx } from '../../../platform/transaction.ts';
import { LIVE_STATUSES } from '../core/service/statuses.ts';
import { intArray, textArray, unnest } from './arrays.ts';
import { batchPlans } from './plans.ts';
import type { ImportRow } from './prepare.ts';
import { upsert, type Resolved } from './upsert.ts';
import { batchUsers, userKey } from './users.ts';

export interface RowError {
  line: number;
  reason: string;
}

export interface BatchResult {
  created: number;
  updated: number;
  unchanged: number;
  /** E-mails of the users and keys of the plans this batch created. */
  usersCreated: string[];
  plansCreated: string[];
  errors: RowError[];
  /** Plan ids this batch resolved (for the next batches; only once committed). */
  plans: Map<string, number>;
}

export interface BatchContext {
  now: Date;
  currency: string;
  dryRun: boolean;
  knownPlans: ReadonlyMap<string, number>;
}

class RolledBack extends Error {
  constructor(readonly result: BatchResult) {
    super('dry run');
  }
}

export async function writeBatch(platform: Platform, rows: ImportRow[], ctx: BatchContext): Promise<BatchResult> {
  try {
    return await platform.prisma.$transaction(
      async (tx) => {
        const result = await write(tx, rows, ctx);
        if (ctx.dryRun) throw new RolledBack(result);
        return result;
      },
      { timeout: 120_000, maxWait: 30_000 },
    );
  } catch (err) {
    if (err instanceof RolledBack) return err.result;
    throw err;
  }
}

async function write(tx: Tx, rows: ImportRow[], ctx: BatchContext): Promise<BatchResult> {
  const errors: RowError[] = [];
  const users = await batchUsers(tx, rows, ctx.now);
  const withUser = rows.filter((r) => {
    if (users.ids.has(userKey(r))) return true;
    errors.push({
      line: r.line,
      reason: r.email
        ? 'no free username could be chosen for the new user'
        : `no e-mail, and no user is named "${r.username}"`,
    });
    return false;
  });
  const plans = await batchPlans(
    tx,
    withUser.map((r) => r.plan),
    ctx.knownPlans,
    ctx,
  );
  const resolved: Resolved[] = withUser.map((r) => ({
    ...r,
    userId: users.ids.get(userKey(r))!,
    planId: plans.ids.get(r.plan.key)!,
  }));
  const conflicts = await liveConflicts(tx, resolved, users.created);
  const valid = resolved.filter((r) => {
    const reason = conflicts.get(r);
    if (reason) errors.push({ line: r.line, reason });
    return !reason;
  });
  const written = await upsert(tx, valid, ctx.now);
  const created = written.filter((w) => w.inserted).length;
  return {
    created,
    updated: written.length - created,
    unchanged: valid.length - written.length,
    usersCreated: users.createdEmails,
    plansCreated: plans.created,
    errors,
    plans: plans.ids,
  };
}

/** A user holds at most one live membership per plan (as the services keep it): rows that would break that, within
 *  this batch or against the database, are refused. Only rows that bring a new live membership to a user who existed
 *  before the batch are checked there, with those users locked first (as the grant service locks them): a user the
 *  batch created has no other membership, and a key already live for the same user and plan adds none. */
async function liveConflicts(tx: Tx, rows: Resolved[], newUsers: ReadonlySet<number>): Promise<Map<Resolved, string>> {
  const out = new Map<Resolved, string>();
  const isLive = (status: string) => (LIVE_STATUSES as string[]).includes(status);
  const live = rows.filter((r) => isLive(r.status));
  const firstLine = new Map<string, number>();
  for (const r of live) {
    const pair = `${r.userId}:${r.planId}`;
    const other = firstLine.get(pair);
    if (other !== undefined) out.set(r, `the user already has a live membership of this plan (line ${other})`);
    else firstLine.set(pair, r.line);
  }
  let risky = live.filter((r) => !out.has(r) && !newUsers.has(r.userId));
  if (!risky.length) return out;
  const db = sqlIn(tx);
  const current = await db
    .selectFrom('member_memberships')
    .select(['source_ref', 'user_id', 'plan_id', 'status'])
    .where((eb) => eb('source_ref', '=', eb.fn.any(textArray(risky.map((r) => r.sourceRef)))))
    .execute();
  const same = new Set(current.filter((m) => isLive(m.status)).map((m) => `${m.source_ref}|${m.user_id}|${m.plan_id}`));
  risky = risky.filter((r) => !same.has(`${r.sourceRef}|${r.userId}|${r.planId}`));
  if (!risky.length) return out;
  await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb('id', '=', eb.fn.any(intArray([...new Set(risky.map((r) => r.userId))]))))
    .orderBy('id')
    .forUpdate()
    .execute();
  const wanted = unnest('r', {
    user_id: intArray(risky.map((r) => r.userId)),
    plan_id: intArray(risky.map((r) => r.planId)),
    source_ref: textArray(risky.map((r) => r.sourceRef)),
  });
  const taken = await db
    .selectFrom(wanted)
    .innerJoin('member_memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'r.user_id').onRef('m.plan_id', '=', 'r.plan_id'),
    )
    .select(['r.source_ref', 'm.id'])
    .where((eb) =>
      eb.and([
        eb('m.status', '=', eb.fn.any(textArray(LIVE_STATUSES))),
        eb.or([
          eb('m.source_ref', 'is', null),
          eb('m.source_ref', 'not in', sql<string>`(SELECT unnest(${textArray(rows.map((r) => r.sourceRef))}))`),
        ]),
      ]),
    )
    .execute();
  const byKey = new Map(risky.map((r) => [r.sourceRef, r]));
  for (const t of taken)
    out.set(byKey.get(t.source_ref)!, `the user already has a live membership (${t.id}) of this plan`);
  return out;
}
