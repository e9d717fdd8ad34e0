// One batch of prepared rows, written in one transaction with set-based statements: the batch's users (found or
// created in bulk), its plans, a check that no user ends up with two live memberships of a plan, then one upsert
// keyed by source_ref whose WHERE clause leaves identical rows alone — RETURNING (xmax = 0) tells created from updated,
// and a row not returned is unchanged (its updated_at untouched). A batch commits whole or not at all, so a run killed
// part-way leaves whole batches, and the next run finds them unchanged. A dry run rolls every batch back.
import type { Platform } from '../../../platform/platform.ts';
import type { Tx } from '../../../platform/transaction.ts';
import { LIVE_STATUSES } from '../core/service/statuses.ts';
import { sqlTime } from './dates.ts';
import { batchPlans } from './plans.ts';
import type { ImportRow } from './prepare.ts';
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

type Resolved = ImportRow & { userId: number; planId: number };

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
  const current = await tx.$queryRawUnsafe<{ source_ref: string; user_id: number; plan_id: number; status: string }[]>(
    'SELECT source_ref, user_id, plan_id, status FROM member_memberships WHERE source_ref = ANY($1::text[])',
    risky.map((r) => r.sourceRef),
  );
  const same = new Set(current.filter((m) => isLive(m.status)).map((m) => `${m.source_ref}|${m.user_id}|${m.plan_id}`));
  risky = risky.filter((r) => !same.has(`${r.sourceRef}|${r.userId}|${r.planId}`));
  if (!risky.length) return out;
  await tx.$queryRawUnsafe('SELECT id FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [
    ...new Set(risky.map((r) => r.userId)),
  ]);
  const taken = await tx.$queryRawUnsafe<{ k: string; id: number }[]>(
    `SELECT r.k, m.id FROM unnest($1::int[], $2::int[], $3::text[]) AS r(u, p, k)
     JOIN member_memberships m ON m.user_id = r.u AND m.plan_id = r.p
     WHERE m.status = ANY($4::text[]) AND (m.source_ref IS NULL OR m.source_ref NOT IN (SELECT unnest($5::text[])))`,
    risky.map((r) => r.userId),
    risky.map((r) => r.planId),
    risky.map((r) => r.sourceRef),
    LIVE_STATUSES,
    rows.map((r) => r.sourceRef),
  );
  const byKey = new Map(risky.map((r) => [r.sourceRef, r]));
  for (const t of taken) out.set(byKey.get(t.k)!, `the user already has a live membership (${t.id}) of this plan`);
  return out;
}

// The importer owns every field it writes: a re-run puts a membership back as the file says (pauses, cancel
// reasons and trial ends recorded in Atrium since are cleared), and touches nothing when it already is.
const UPSERT = `
INSERT INTO member_memberships AS m (user_id, plan_id, status, started_at, current_period_end, cancel_at_period_end, ended_at,
  source, source_ref, source_status, created_at, updated_at)
SELECT u, p, s, st::timestamp(3), e::timestamp(3), c, en::timestamp(3), 'import', k, ss, $10::timestamp(3), $10::timestamp(3)
FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::bool[], $7::text[], $8::text[], $9::text[])
  AS r(u, p, s, st, e, c, en, k, ss)
ON CONFLICT (source_ref) DO UPDATE SET
  user_id = EXCLUDED.user_id, plan_id = EXCLUDED.plan_id, status = EXCLUDED.status, started_at = EXCLUDED.started_at,
  trial_ends_at = NULL, current_period_end = EXCLUDED.current_period_end, paused_at = NULL, paused_until = NULL,
  cancel_at_period_end = EXCLUDED.cancel_at_period_end, cancelled_at = NULL, cancel_reason = NULL,
  ended_at = EXCLUDED.ended_at, source_status = EXCLUDED.source_status, updated_at = EXCLUDED.updated_at
WHERE (m.user_id, m.plan_id, m.status, m.started_at, m.trial_ends_at, m.current_period_end, m.paused_at, m.paused_until,
       m.cancel_at_period_end, m.cancelled_at, m.cancel_reason, m.ended_at, m.source_status)
  IS DISTINCT FROM (EXCLUDED.user_id, EXCLUDED.plan_id, EXCLUDED.status, EXCLUDED.started_at, NULL, EXCLUDED.current_period_end,
       NULL, NULL, EXCLUDED.cancel_at_period_end, NULL, NULL, EXCLUDED.ended_at, EXCLUDED.source_status)
RETURNING (xmax = 0) AS inserted`;

async function upsert(tx: Tx, rows: Resolved[], now: Date): Promise<{ inserted: boolean }[]> {
  if (!rows.length) return [];
  return tx.$queryRawUnsafe<{ inserted: boolean }[]>(
    UPSERT,
    rows.map((r) => r.userId),
    rows.map((r) => r.planId),
    rows.map((r) => r.status),
    rows.map((r) => sqlTime(r.startedAt)),
    rows.map((r) => sqlTime(r.currentPeriodEnd)),
    rows.map((r) => r.cancelAtPeriodEnd),
    rows.map((r) => sqlTime(r.endedAt)),
    rows.map((r) => r.sourceRef),
    rows.map((r) => r.sourceStatus),
    sqlTime(now),
  );
}
