// The scheduler: every minute, settle interrupted deliveries, start scheduled campaigns that are due, and tend every
// campaign in "sending": finish it once its last rows in doubt are settled, and restart the lanes of one that made no
// progress for two minutes while recipients are due (a batch job kept as failed; lanes are otherwise jobs that survive
// restarts by themselves; rows deferred after a refusal for now are not due, and their lanes sleep until they are).
// Runs are claimed per minute.
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import { transaction } from '../../platform/transaction.ts';
import { MATERIALISE, startSending } from './service/campaigns.ts';
import { finish, remaining, restartLanes } from './send/batch.ts';
import { expireLeases } from './send/leases.ts';

const STALLED_MS = 2 * 60_000;

/** Moves due scheduled campaigns to sending (each under a row lock, so two instances cannot both start one). */
export async function startDueCampaigns(platform: Platform): Promise<number[]> {
  const now = platform.clock.now();
  const due = await platform.prisma.mailerCampaign.findMany({
    where: { status: 'scheduled', sendAt: { lte: now } },
    select: { id: true },
  });
  const started: number[] = [];
  for (const { id } of due) {
    await transaction(
      platform,
      async (tx, after) => {
        const rows = await tx.$queryRaw<
          { status: string }[]
        >`SELECT status FROM mailer_campaigns WHERE id = ${id} FOR UPDATE`;
        if (rows[0]?.status !== 'scheduled') return;
        await startSending(tx, after, platform, await tx.mailerCampaign.findUniqueOrThrow({ where: { id } }));
        started.push(id);
      },
      MATERIALISE,
    );
  }
  return started;
}

export async function runMailerQueue(platform: Platform): Promise<void> {
  await expireLeases(platform);
  await startDueCampaigns(platform);
  const sending = await platform.prisma.mailerCampaign.findMany({ where: { status: 'sending' }, select: { id: true } });
  const now = platform.clock.now().getTime();
  for (const { id } of sending) {
    const left = await remaining(platform, id);
    if (left?.status !== 'sending') continue;
    if (!left.queued && !left.sending) await finish(platform, id);
    else if (
      left.queued &&
      (left.next_at?.getTime() ?? 0) <= now && // a row is due (not only deferred ones)
      now - (left.progress_at?.getTime() ?? 0) > STALLED_MS
    )
      await restartLanes(platform, id);
  }
}

export const jobs: JobDefinition[] = [
  {
    hook: 'mailer/send',
    schedule: '* * * * *',
    description:
      'Starts scheduled campaigns that are due, marks deliveries interrupted longer than MAILER_SEND_LEASE_SECONDS as failed, finishes campaigns with nothing left and restarts stalled ones.',
    run: runMailerQueue,
  },
];
