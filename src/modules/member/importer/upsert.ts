// The batch's memberships in one upsert keyed by source_ref (writer.ts), its rows read from parallel arrays. The
// importer owns every field it writes: a re-run puts a membership back as the file says (pauses, cancel reasons and
// trial ends recorded in Atrium since are cleared), and touches nothing when it already is: RETURNING (xmax = 0) tells
// created from updated, and a row not returned is unchanged (its updated_at untouched).
import { sql } from 'kysely';
import { sqlIn, type DB } from '../../../db/sql.ts';
import type { Tx } from '../../../platform/transaction.ts';
import { boolArray, intArray, textArray, unnest } from './arrays.ts';
import { sqlTime } from './dates.ts';
import type { ImportRow } from './prepare.ts';

/** A row of the batch with its user and plan found or created. */
export type Resolved = ImportRow & { userId: number; planId: number };

type Membership = DB['member_memberships'];
/** The fields a re-run sets, each to the file's value (EXCLUDED's) or cleared; a row whose fields all hold that
 *  already is left alone (its updated_at untouched, and not returned). */
const OWNED = {
  user_id: 'file',
  plan_id: 'file',
  status: 'file',
  started_at: 'file',
  trial_ends_at: 'cleared',
  current_period_end: 'file',
  paused_at: 'cleared',
  paused_until: 'cleared',
  cancel_at_period_end: 'file',
  cancelled_at: 'cleared',
  cancel_reason: 'cleared',
  ended_at: 'file',
  source_status: 'file',
} as const satisfies Partial<Record<keyof Membership, 'file' | 'cleared'>>;
const owned = Object.keys(OWNED) as (keyof typeof OWNED)[];
const fileValue = (column: keyof typeof OWNED) =>
  OWNED[column] === 'file' ? sql.ref(`excluded.${column}`) : sql<null>`NULL`;

export async function upsert(tx: Tx, rows: Resolved[], now: Date): Promise<{ inserted: boolean }[]> {
  if (!rows.length) return [];
  const at = sql<Date>`${sqlTime(now)}::timestamp(3)`;
  // Times travel as UTC wall-time text (sqlTime), read as timestamp(3) in the statement.
  const time = (column: 'started_at' | 'current_period_end' | 'ended_at') =>
    sql<Date>`${sql.ref(`r.${column}`)}::timestamp(3)`;
  const file = unnest('r', {
    user_id: intArray(rows.map((r) => r.userId)),
    plan_id: intArray(rows.map((r) => r.planId)),
    status: textArray(rows.map((r) => r.status)),
    started_at: textArray(rows.map((r) => sqlTime(r.startedAt))),
    current_period_end: textArray(rows.map((r) => sqlTime(r.currentPeriodEnd))),
    cancel_at_period_end: boolArray(rows.map((r) => r.cancelAtPeriodEnd)),
    ended_at: textArray(rows.map((r) => sqlTime(r.endedAt))),
    source_ref: textArray(rows.map((r) => r.sourceRef)),
    source_status: textArray(rows.map((r) => r.sourceStatus)),
  });
  return sqlIn(tx)
    .insertInto('member_memberships')
    .columns([
      'user_id',
      'plan_id',
      'status',
      'started_at',
      'current_period_end',
      'cancel_at_period_end',
      'ended_at',
      'source',
      'source_ref',
      'source_status',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom(file)
        .select([
          'r.user_id',
          'r.plan_id',
          'r.status',
          time('started_at').as('started_at'),
          time('current_period_end').as('current_period_end'),
          'r.cancel_at_period_end',
          time('ended_at').as('ended_at'),
          sql.lit('import').as('source'),
          'r.source_ref',
          'r.source_status',
          at.as('created_at'),
          at.as('updated_at'),
        ]),
    )
    .onConflict((oc) =>
      oc
        .column('source_ref')
        .doUpdateSet({
          ...Object.fromEntries(owned.map((column) => [column, fileValue(column)])),
          updated_at: sql.ref('excluded.updated_at'),
        })
        .where(
          sql<boolean>`(${sql.join(owned.map((c) => sql.ref(`member_memberships.${c}`)))}) IS DISTINCT FROM (${sql.join(owned.map(fileValue))})`,
        ),
    )
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .execute();
}
