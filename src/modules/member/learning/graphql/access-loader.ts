// The gated part of lessons and quizzes, per request: every item's access is asked of the access service in one batch
// (one call for a whole course outline), and a refused read of gated content fires member/access/denied once per
// item and request.
import { userIdOf } from '../../../../platform/principal.ts';
import type { Context } from '../../../../graphql/context.ts';
import { sharedLoader } from '../../../../graphql/loaders.ts';
import { checkAccess, whoIs, type AccessResult } from '../../core/access/check.ts';
import { targetKey, type Target } from '../../core/access/targets.ts';

const access = sharedLoader<Target, AccessResult, string>(
  async (targets, ctx) => {
    const results = await checkAccess(ctx.platform, whoIs(ctx.principal), targets);
    return targets.map((t) => results.get(targetKey(t))!);
  },
  { cacheKeyFn: targetKey },
);

export function accessOf(ctx: Context, target: Target): Promise<AccessResult> {
  return access(ctx).load(target);
}

const announced = new WeakMap<Context, Set<string>>();

/** The gated value when access is granted; null (and member/access/denied, once) when it is not. */
export async function gated<T>(ctx: Context, target: Target, value: () => T): Promise<T | null> {
  const access = await accessOf(ctx, target);
  if (access.allowed) return value();
  let seen = announced.get(ctx);
  if (!seen) announced.set(ctx, (seen = new Set()));
  const key = targetKey(target);
  if (!seen.has(key)) {
    seen.add(key);
    await ctx.platform.events.emit('member/access/denied', {
      user_id: userIdOf(ctx.principal),
      target_type: target.type,
      target_id: target.id,
      reason: access.reason,
    });
  }
  return null;
}
