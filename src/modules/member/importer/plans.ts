// Plans of a batch: by the source's plan id (`<system>:plan:<id>` in source_ref), else by name (case-insensitive: a
// plan made by hand before the import is reused), else created — price and period from the export when it
// gives them, source `import`. Plans are few: one lookup per plan not yet known to the run.
import { sql } from 'kysely';
import { sqlIn } from '../../../db/sql.ts';
import type { Tx } from '../../../platform/transaction.ts';
import { planOrder, slugify } from '../core/service/plans.ts';
import type { PlanSpec } from './prepare.ts';

export interface PlanContext {
  currency: string;
  now: Date;
}

async function existing(tx: Tx, spec: PlanSpec): Promise<number | null> {
  const db = sqlIn(tx);
  if (spec.sourceRef) {
    const byRef = await db
      .selectFrom('member_plans')
      .select('id')
      .where('source_ref', '=', spec.sourceRef)
      .executeTakeFirst();
    if (byRef) return byRef.id;
  }
  // A plan the source identifies by id may take a plan of its name that no source claims yet (made by hand, or by an
  // import of an export without plan ids), never another source plan's; it is then tagged with the id, so a later
  // export that gives only the id finds it.
  const byName = await db
    .selectFrom('member_plans')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(spec.name)])))
    .$if(spec.sourceRef !== null, (q) => q.where('source_ref', 'is', null))
    .orderBy('id')
    .limit(sql.lit(1))
    .executeTakeFirst();
  if (byName && spec.sourceRef)
    await db
      .updateTable('member_plans')
      .set({ source_ref: spec.sourceRef })
      .where('id', '=', byName.id)
      .where('source_ref', 'is', null)
      .execute();
  return byName?.id ?? null;
}

/** A new plan goes last in the plans' order, under its lock (held until the batch commits): a plan another run or a
 *  manager made while this one waited for it is found instead, and is not this run's to count (`created` is true
 *  only for the row this insert returned). */
async function create(tx: Tx, spec: PlanSpec, ctx: PlanContext): Promise<{ id: number; created: boolean }> {
  const base = slugify(spec.name) || slugify(spec.sourceRef ?? '') || 'imported-plan';
  await planOrder.lock(tx);
  const made = await existing(tx, spec);
  if (made) return { id: made, created: false };
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 90)}-${n}`;
    const position = (await planOrder.last(tx)) + 1;
    const row = await sqlIn(tx)
      .insertInto('member_plans')
      .values({
        name: spec.name,
        slug,
        price: String(spec.price), // bigint, typed as its text by prisma-kysely: the digits pg sent for the number
        currency: ctx.currency,
        interval: spec.interval,
        interval_count: spec.intervalCount,
        source: 'import',
        source_ref: spec.sourceRef,
        position,
        created_at: ctx.now, // a Date in a transaction is sent as its UTC wall time (Prisma's adapter), as sqlTime
        updated_at: ctx.now,
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return { id: row.id, created: true }; // else the slug was taken: the next one
  }
}

/** Plan ids by spec key for the batch; `known` holds what earlier committed batches resolved. */
export async function batchPlans(tx: Tx, specs: PlanSpec[], known: ReadonlyMap<string, number>, ctx: PlanContext) {
  const ids = new Map<string, number>();
  const created: string[] = [];
  for (const spec of specs) {
    if (ids.has(spec.key)) continue;
    const id = known.get(spec.key) ?? (await existing(tx, spec));
    if (id) ids.set(spec.key, id);
    else {
      const plan = await create(tx, spec, ctx);
      ids.set(spec.key, plan.id);
      if (plan.created) created.push(spec.key);
    }
  }
  return { ids, created };
}
