// Plans of a batch: by the source's plan id (`<system>:plan:<id>` in source_ref), else by name (case-insensitive: a
// plan made by hand before the import is reused), else created — price and period from the export when it
// gives them, source `import`. Plans are few: one lookup per plan not yet known to the run.
import type { Tx } from '../../../platform/transaction.ts';
import { planOrder, slugify } from '../core/service/plans.ts';
import { sqlTime } from './dates.ts';
import type { PlanSpec } from './prepare.ts';

export interface PlanContext {
  currency: string;
  now: Date;
}

async function existing(tx: Tx, spec: PlanSpec): Promise<number | null> {
  if (spec.sourceRef) {
    const [byRef] = await tx.$queryRawUnsafe<{ id: number }[]>(
      'SELECT id FROM member_plans WHERE source_ref = $1',
      spec.sourceRef,
    );
    if (byRef) return byRef.id;
  }
  // A plan the source identifies by id may take a plan of its name that no source claims yet (made by hand, or by an
  // import of an export without plan ids), never another source plan's; it is then tagged with the id, so a later
  // export that gives only the id finds it.
  const [byName] = await tx.$queryRawUnsafe<{ id: number }[]>(
    'SELECT id FROM member_plans WHERE lower(name) = lower($1) AND ($2::text IS NULL OR source_ref IS NULL) ORDER BY id LIMIT 1',
    spec.name,
    spec.sourceRef,
  );
  if (byName && spec.sourceRef)
    await tx.$executeRawUnsafe(
      'UPDATE member_plans SET source_ref = $2 WHERE id = $1 AND source_ref IS NULL',
      byName.id,
      spec.sourceRef,
    );
  return byName?.id ?? null;
}

/** A new plan goes last in the plans' order, under its lock (held until the batch commits): a plan another run or a
 *  manager made while this one waited for it is found instead. */
async function create(tx: Tx, spec: PlanSpec, ctx: PlanContext): Promise<number> {
  const base = slugify(spec.name) || slugify(spec.sourceRef ?? '') || 'imported-plan';
  await planOrder.lock(tx);
  const made = await existing(tx, spec);
  if (made) return made;
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 90)}-${n}`;
    const [row] = await tx.$queryRawUnsafe<{ id: number }[]>(
      `INSERT INTO member_plans (name, slug, price, currency, interval, interval_count, source, source_ref, position, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'import', $7, $9, $8::timestamp(3), $8::timestamp(3))
       ON CONFLICT (slug) DO NOTHING RETURNING id`,
      spec.name,
      slug,
      spec.price,
      ctx.currency,
      spec.interval,
      spec.intervalCount,
      spec.sourceRef,
      sqlTime(ctx.now),
      (await planOrder.last(tx)) + 1,
    );
    if (row) return row.id; // else the slug was taken: the next one
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
      ids.set(spec.key, await create(tx, spec, ctx));
      created.push(spec.key);
    }
  }
  return { ids, created };
}
