// Drip releases: member/drip/released fires once per (user, dripped item), ever. The hourly job releases what a
// date or days-after-start rule has made available, in one set-based statement whose inserted rows are exactly the
// new releases (a second run, or a second instance at once, inserts and fires nothing). Prerequisite drip is
// released by the part that completes the prerequisite (the learning part calls releaseAfterPrerequisite).
import type { Platform } from '../../../../platform/platform.ts';
import { transaction } from '../../../../platform/transaction.ts';
import { grantingSql } from '../service/statuses.ts';

interface Released {
  user_id: number;
  target_type: string;
  target_id: number;
}

function announce(platform: Platform, rows: Released[]) {
  return transaction(platform, async (_tx, after) => {
    for (const r of rows)
      after.emit('member/drip/released', {
        user_id: r.user_id,
        target_type: r.target_type,
        target_id: r.target_id === 0 ? null : r.target_id,
      });
  });
}

/** The job membership/drip/release: date and days-after-start rules whose time has come, for granting memberships. */
export async function releaseDueDrips(platform: Platform): Promise<number> {
  const now = platform.clock.now();
  const rows = await platform.prisma.$queryRaw<Released[]>`
    INSERT INTO member_drip_releases (user_id, target_type, target_id, released_at)
    SELECT DISTINCT m.user_id, r.target_type, COALESCE(r.target_id, 0), ${now}::timestamp
    FROM member_access_rules r
    JOIN member_memberships m ON (cardinality(r.plan_ids) = 0 OR m.plan_id = ANY (r.plan_ids))
    WHERE ${grantingSql(now)}
      AND ((r.drip_method = 'date' AND r.drip_date <= ${now})
        OR (r.drip_method = 'days_after_start' AND m.started_at + make_interval(days => r.drip_days) <= ${now}))
    ON CONFLICT DO NOTHING
    RETURNING user_id, target_type, target_id`;
  await announce(platform, rows);
  return rows.length;
}

/** A user completed a prerequisite: release what rules waiting on it gate, for the user's granting memberships. */
export async function releaseAfterPrerequisite(
  platform: Platform,
  userId: number,
  prerequisite: { type: string; id: number },
): Promise<number> {
  const now = platform.clock.now();
  const rows = await platform.prisma.$queryRaw<Released[]>`
    INSERT INTO member_drip_releases (user_id, target_type, target_id, released_at)
    SELECT DISTINCT m.user_id, r.target_type, COALESCE(r.target_id, 0), ${now}::timestamp
    FROM member_access_rules r
    JOIN member_memberships m ON (cardinality(r.plan_ids) = 0 OR m.plan_id = ANY (r.plan_ids))
    WHERE m.user_id = ${userId} AND ${grantingSql(now)}
      AND r.drip_method = 'after_prerequisite' AND r.prerequisite_type = ${prerequisite.type} AND r.prerequisite_id = ${prerequisite.id}
    ON CONFLICT DO NOTHING
    RETURNING user_id, target_type, target_id`;
  await announce(platform, rows);
  return rows.length;
}
