// `atrium mailer …`: subscribers list|add|import, campaigns list, campaigns send <id> (sends in the foreground until
// done), stats. The CLI acts as the operator (every capability), through the same services as REST and GraphQL.
import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { AppError } from '../../platform/errors.ts';
import type { CliContext } from '../../cli/context.ts';
import { CAMPAIGN_STATUSES, sendCampaign } from './service/campaigns.ts';
import { campaignStats, dashboard } from './service/stats.ts';
import {
  createSubscriber,
  SUBSCRIBER_STATUSES,
  subscriberWhere,
  type SubscriberStatus,
} from './service/subscribers.ts';
import { importSubscribers, readSubscriberCsv } from './service/subscriber-import.ts';
import { intOption } from '../../cli/options.ts';
import { progressBar } from '../../cli/progress.ts';

const positiveId = (v: string, what = 'a campaign id') => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new AppError('rest_invalid_param', `"${v}" is not ${what}.`);
  return Number(v);
};
const CAMPAIGN_COLUMNS = ['id', 'name', 'status', 'recipients', 'sent', 'failed', 'open_rate', 'click_rate', 'send_at'];
const campaignRow = (
  c: { id: number; name: string; status: string; sendAt: Date | null },
  s: { recipients: number; sent: number; failed: number; openRate: number; clickRate: number },
) => ({
  id: c.id,
  name: c.name,
  status: c.status,
  recipients: s.recipients,
  sent: s.sent,
  failed: s.failed,
  open_rate: s.openRate,
  click_rate: s.clickRate,
  send_at: c.sendAt,
});
const SUBSCRIBER_COLUMNS = ['id', 'email', 'first_name', 'status', 'source', 'created'];
const subscriberRow = (s: {
  id: number;
  email: string;
  firstName: string;
  status: string;
  source: string;
  createdAt: Date;
}) => ({ id: s.id, email: s.email, first_name: s.firstName, status: s.status, source: s.source, created: s.createdAt });

export function mailerCli(program: Command, cli: CliContext): void {
  const mailer = program.command('mailer').description('Mailing: subscribers, campaigns, stats');

  const subscribers = mailer.command('subscribers').description('Subscribers: list, add one, import a CSV file');
  subscribers
    .command('list')
    .description('Subscribers, newest first')
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
        rows.map((s) => ({
          id: s.id,
          email: s.email,
          first_name: s.firstName,
          status: s.status,
          lists: s.lists.map((l) => l.listId).join(','),
          created: s.createdAt,
        })),
        ['id', 'email', 'first_name', 'status', 'lists', 'created'],
      );
    });
  subscribers
    .command('add')
    .description('Add a subscriber (its events fire as for one added in the console)')
    .argument('<email>', 'address; trimmed and lower-cased')
    .option('--first-name <name>', 'what {{first_name}} becomes in campaigns')
    .option('--list <id>', 'list to join')
    .addOption(new Option('--status <status>', 'initial status').choices(SUBSCRIBER_STATUSES).default('subscribed'))
    .action(async (email: string, o: { firstName?: string; list?: string; status: SubscriberStatus }) => {
      const platform = await cli.platform();
      const s = await createSubscriber(platform, {
        email,
        firstName: o.firstName,
        listId: o.list ? positiveId(o.list, 'a list id') : undefined,
        status: o.status,
      });
      cli.changed(`added subscriber ${s.id} (${s.email})`, subscriberRow(s), SUBSCRIBER_COLUMNS);
    });
  subscribers
    .command('import')
    .description(
      'Add the subscribers of a CSV file (header row: email, optionally first_name and status); known addresses are left as they are',
    )
    .argument('<file>', 'CSV file, UTF-8')
    .option('--list <id>', 'list every imported subscriber joins')
    .addOption(
      new Option('--status <status>', 'status of rows without a status column')
        .choices(SUBSCRIBER_STATUSES)
        .default('subscribed'),
    )
    .action(async (file: string, o: { list?: string; status: SubscriberStatus }) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        throw new AppError(
          'mailer_import_unreadable',
          `Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      const rows = readSubscriberCsv(text);
      const platform = await cli.platform();
      const bar = progressBar(rows.length, 'import');
      const r = await importSubscribers(
        platform,
        rows,
        { listId: o.list ? positiveId(o.list, 'a list id') : undefined, status: o.status },
        bar.update,
      ).finally(() => bar.stop());
      for (const x of r.rejected)
        process.stderr.write(`Warning: line ${x.line} (${x.email || 'no address'}): ${x.error}\n`);
      cli.changed(
        `imported ${file}: ${r.created} added, ${r.existing} already known, ${r.rejected.length} rejected of ${rows.length}`,
        {
          rows: rows.length,
          created: r.created,
          existing: r.existing,
          rejected: r.rejected.length,
          errors: r.rejected,
        },
        ['rows', 'created', 'existing', 'rejected'],
      );
    });

  const campaigns = mailer.command('campaigns').description('Campaigns');
  campaigns
    .command('list')
    .description('Campaigns with their recipients and rates')
    .addOption(new Option('--status <status>', 'only this status').choices(CAMPAIGN_STATUSES))
    .action(async (o: { status?: string }) => {
      const platform = await cli.platform();
      const rows = await platform.prisma.mailerCampaign.findMany({
        where: o.status ? { status: o.status } : {},
        orderBy: { id: 'asc' },
      });
      const stats = await campaignStats(
        platform,
        rows.map((c) => c.id),
      );
      cli.print(
        rows.map((c) => campaignRow(c, stats.get(c.id)!)),
        CAMPAIGN_COLUMNS,
      );
    });
  campaigns
    .command('send')
    .description('Send a campaign now and wait until every recipient is handled (or schedule it with --at)')
    .argument('<id>', 'campaign id')
    .option('--at <date>', 'schedule for this ISO 8601 time instead of sending now')
    .action(async (id: string, o: { at?: string }) => {
      const platform = await cli.platform();
      const at = o.at ? new Date(o.at) : null;
      if (at && Number.isNaN(at.getTime())) throw new AppError('rest_invalid_param', '--at is not a date.');
      const c = await sendCampaign(platform, positiveId(id), at);
      if (c.status === 'scheduled') {
        return cli.changed(
          `campaign ${c.id} scheduled for ${c.sendAt?.toISOString()}`,
          campaignRow(c, (await campaignStats(platform, [c.id])).get(c.id)!),
          CAMPAIGN_COLUMNS,
        );
      }
      // This process lends its own workers until no batch is left (a running server's workers help).
      await platform.queue.start(Math.max(1, platform.config.jobs.concurrency));
      const bar = progressBar((await campaignStats(platform, [c.id])).get(c.id)!.recipients, `campaign ${c.id}`);
      const poll = setInterval(() => {
        void campaignStats(platform, [c.id]).then(
          (m) => bar.update(m.get(c.id)!.sent + m.get(c.id)!.failed),
          () => {},
        );
      }, 500);
      try {
        await platform.queue.settle();
      } finally {
        clearInterval(poll);
        bar.stop();
      }
      const s = (await campaignStats(platform, [c.id])).get(c.id)!;
      const sent = await platform.prisma.mailerCampaign.findUniqueOrThrow({ where: { id: c.id } });
      cli.changed(
        `campaign ${c.id}: ${s.sent} sent, ${s.failed} failed of ${s.recipients}` +
          // Refused for now: their lanes wait in the queue for any instance's workers (docs/mailer.md).
          (s.deferred ? `; ${s.deferred} refused for now, retried later by the job workers` : ''),
        campaignRow(sent, s),
        CAMPAIGN_COLUMNS,
      );
    });

  mailer
    .command('stats')
    .description('Subscriber counts by status and list')
    .action(async () => {
      const platform = await cli.platform();
      const d = await dashboard(platform);
      cli.print(
        [
          ...Object.entries(d.byStatus).map(([status, count]) => ({ group: 'status', name: status, count })),
          ...d.lists.map((l) => ({ group: 'list', name: `#${l.id} ${l.name}`, count: l.subscribed })),
          { group: 'total', name: 'all', count: d.total },
        ],
        ['group', 'name', 'count'],
      );
    });
}
