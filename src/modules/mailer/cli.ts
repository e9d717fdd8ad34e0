// `atrium mailer …`: subscribers list, campaigns list, campaigns send <id> (sends in the foreground until done),
// stats. The CLI acts as the operator (every capability), through the same services as REST and GraphQL.
import { Option, type Command } from 'commander';
import { AppError } from '../../platform/errors.ts';
import type { CliContext } from '../../cli/context.ts';
import { CAMPAIGN_STATUSES, sendCampaign } from './service/campaigns.ts';
import { campaignStats, dashboard } from './service/stats.ts';
import { SUBSCRIBER_STATUSES, subscriberWhere, type SubscriberStatus } from './service/subscribers.ts';
import { intOption } from '../../cli/options.ts';
import { progressBar } from '../../cli/progress.ts';

const positiveId = (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new AppError('rest_invalid_param', `"${v}" is not a campaign id.`);
  return Number(v);
};

export function mailerCli(program: Command, cli: CliContext): void {
  const mailer = program.command('mailer').description('Mailing: subscribers, campaigns, stats');

  mailer
    .command('subscribers')
    .description('Subscribers')
    .command('list')
    .addOption(new Option('--status <status>', 'only this status').choices(SUBSCRIBER_STATUSES))
    .option('--search <text>', 'part of the address or first name')
    .addOption(intOption('--limit <n>', 'at most this many (newest first)', 1, 100_000, 100))
    .action(async (o: { status?: SubscriberStatus; search?: string; limit: number }) => {
      const platform = await cli.platform();
      const rows = await platform.prisma.mailerSubscriber.findMany({
        where: subscriberWhere(o),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: o.limit,
        include: { lists: { select: { listId: true } } },
      });
      cli.print(
        rows.map((s) => ({ id: s.id, email: s.email, first_name: s.firstName, status: s.status, lists: s.lists.map((l) => l.listId).join(','), created: s.createdAt })),
        ['id', 'email', 'first_name', 'status', 'lists', 'created'],
      );
    });

  const campaigns = mailer.command('campaigns').description('Campaigns');
  campaigns
    .command('list')
    .addOption(new Option('--status <status>', 'only this status').choices(CAMPAIGN_STATUSES))
    .action(async (o: { status?: string }) => {
      const platform = await cli.platform();
      const rows = await platform.prisma.mailerCampaign.findMany({ where: o.status ? { status: o.status } : {}, orderBy: { id: 'asc' } });
      const stats = await campaignStats(platform, rows.map((c) => c.id));
      cli.print(
        rows.map((c) => {
          const s = stats.get(c.id)!;
          return { id: c.id, name: c.name, status: c.status, recipients: s.recipients, sent: s.sent, failed: s.failed, open_rate: s.openRate, click_rate: s.clickRate, send_at: c.sendAt };
        }),
        ['id', 'name', 'status', 'recipients', 'sent', 'failed', 'open_rate', 'click_rate', 'send_at'],
      );
    });
  campaigns
    .command('send')
    .argument('<id>', 'campaign id')
    .option('--at <date>', 'schedule for this ISO 8601 time instead of sending now')
    .action(async (id: string, o: { at?: string }) => {
      const platform = await cli.platform();
      const at = o.at ? new Date(o.at) : null;
      if (at && Number.isNaN(at.getTime())) throw new AppError('rest_invalid_param', '--at is not a date.');
      const c = await sendCampaign(platform, positiveId(id), at);
      if (c.status === 'scheduled') return cli.success(`campaign ${c.id} scheduled for ${c.sendAt?.toISOString()}`);
      // This process lends its own workers until no batch is left (a running server's workers help).
      platform.queue.start(Math.max(1, platform.config.jobs.concurrency));
      const bar = progressBar((await campaignStats(platform, [c.id])).get(c.id)!.recipients, `campaign ${c.id}`);
      const poll = setInterval(() => {
        void campaignStats(platform, [c.id]).then((m) => bar.update(m.get(c.id)!.sent + m.get(c.id)!.failed), () => {});
      }, 500);
      try {
        await platform.queue.settle();
      } finally {
        clearInterval(poll);
        bar.stop();
      }
      const s = (await campaignStats(platform, [c.id])).get(c.id)!;
      cli.success(`campaign ${c.id}: ${s.sent} sent, ${s.failed} failed of ${s.recipients}`);
    });

  mailer
    .command('stats')
    .description('Subscriber counts by status and list')
    .action(async () => {
      const platform = await cli.platform();
      const d = await dashboard(platform);
      cli.print([
        ...Object.entries(d.byStatus).map(([status, count]) => ({ group: 'status', name: status, count })),
        ...d.lists.map((l) => ({ group: 'list', name: `#${l.id} ${l.name}`, count: l.subscribed })),
        { group: 'total', name: 'all', count: d.total },
      ], ['group', 'name', 'count']);
    });
}
