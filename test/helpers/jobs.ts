// The job engine in tests. Its retry backoff is computed by PostgreSQL (run_at = now() + exp(attempts) s), not by
// the test's ManualClock: `advanceQueue` moves both — the clock, and every waiting job's run_at back by the same
// amount — then wakes the workers, as if that much time had passed.
import type { Platform } from '../../src/platform/platform.ts';
import type { ManualClock } from '../../src/platform/clock.ts';

export async function advanceQueue(t: { platform: Platform; clock: ManualClock }, seconds: number): Promise<void> {
  t.clock.advance({ seconds });
  await t.platform.prisma.$executeRaw`
    UPDATE graphile_worker._private_jobs SET run_at = run_at - make_interval(secs => ${seconds}) WHERE locked_at IS NULL`;
}

/** A job of `task` as the engine holds it (waiting, running or failed), oldest first. */
export function jobsOf(platform: Platform, task: string) {
  return platform.prisma.$queryRaw<
    {
      id: bigint;
      attempts: number;
      max_attempts: number;
      last_error: string | null;
      payload: unknown;
      locked_by: string | null;
    }[]
  >`
    SELECT j.id, j.attempts, j.max_attempts, j.last_error, j.payload, j.locked_by
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = ${task} ORDER BY j.id`;
}
