// The scheduler: every minute, settle interrupted deliveries, start scheduled campaigns that are due, and run the
// sender for every campaign in "sending" (this also resumes sends after a restart). Runs are claimed per minute.
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import { transaction } from '../../platform/transaction.ts';
import { MATERIALISE, startSending } from './service/campaigns.ts';
import { expireLeases } from './send/leases.ts';
import { wakeSender } from './send/sender.ts';

/** Moves due scheduled campaigns to sending (each under a row lock, so two instances cannot both start one). */
export async function startDueCampaigns(platform: Platform): Promise<number[]> {
  const now = platform.clock.now();
  const due = await platform.prisma.mailerCampaign.findMany({ where: { status: 'scheduled', sendAt: { lte: now } }, select: { id: true } });
  const started: number[] = [];
  for (const { id } of due) {
    await transaction(platform, async (tx) => {
      const rows = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM mailer_campaigns WHERE id = ${id} FOR UPDATE`;
      if (rows[0]?.status !== 'scheduled') return;
      await startSending(tx, platform, await tx.mailerCampaign.findUniqueOrThrow({ where: { id } }));
      started.push(id);
    }, MATERIALISE);
  }
  return started;
}

export async function runMailerQueue(platform: Platform): Promise<void> {
  await expireLeases(platform);
  await startDueCampaigns(platform);
  const sending = await platform.prisma.mailerCampaign.findMany({ where: { status: 'sending' }, select: { id: true } });
  await Promise.all(sending.map((c) => wakeSender(platform, c.id)));
}

export const jobs: JobDefinition[] = [
  {
    hook: 'mailer/send',
    schedule: '* * * * *',
    description: 'Starts scheduled campaigns that are due, resumes campaigns in sending, and marks deliveries interrupted longer than MAILER_SEND_LEASE_SECONDS as failed.',
    run: runMailerQueue,
  },
];
