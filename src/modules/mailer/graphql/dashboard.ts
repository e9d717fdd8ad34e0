// GraphQL: dashboard stats (mailer_manage) and inbound events (API key with scope mailer:events).
import { requiresApiKey, requiresCapability } from '../../../graphql/access.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { rest } from '../../../rest/binding.ts';
import { MAILER_EVENTS_SCOPE, MAILER_MANAGE } from '../capabilities.ts';
import { handleInboundEvent, InboundEvent, InboundEventInput } from '../service/inbound.ts';
import { CAMPAIGN, SUBSCRIBER } from './selections.ts';
import { enumType } from '../../../graphql/zod-args.ts';
import { dashboard } from '../service/stats.ts';
import { mailerTypes } from './types.ts';

type Dashboard = Awaited<ReturnType<typeof dashboard>>;

export const dashboardSchema = schemaPart((builder) => {
  const { MailerCampaignType, MailerSubscriberType } = mailerTypes(builder);
  const StatusCounts = builder.objectRef<Dashboard['byStatus']>('MailerStatusCounts').implement({
    description: 'Number of subscribers in each status.',
    fields: (t) => ({
      subscribed: t.exposeInt('subscribed', { description: 'Subscribers who receive campaigns.' }),
      unconfirmed: t.exposeInt('unconfirmed', {
        description: 'Subscribers awaiting confirmation (a form sign-up without consent); not mailed.',
      }),
      unsubscribed: t.exposeInt('unsubscribed', { description: 'Subscribers who opted out.' }),
      bounced: t.exposeInt('bounced', {
        description: 'Subscribers whose address bounced; inbound subscribe events leave them so.',
      }),
    }),
  });
  const ListCount = builder.objectRef<Dashboard['lists'][number]>('MailerListCount').implement({
    description: 'Member counts of one mailing list.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'List id.' }),
      name: t.exposeString('name', { description: 'List name.' }),
      total: t.exposeInt('total', { description: 'Members, whatever their status.' }),
      subscribed: t.exposeInt('subscribed', { description: 'Members who receive campaigns.' }),
    }),
  });
  const DayCount = builder.objectRef<Dashboard['growth'][number]>('MailerDayCount').implement({
    description: 'New subscribers on one day.',
    fields: (t) => ({
      date: t.exposeString('date', { description: 'YYYY-MM-DD (UTC).' }),
      count: t.exposeInt('count', { description: 'Subscribers created that day, whatever their status now.' }),
    }),
  });

  const MailerStats = builder.objectRef<Dashboard>('MailerStats').implement({
    description: 'The mailing dashboard: the audience by status and list, its growth, and the latest campaigns.',
    fields: (t) => ({
      total: t.exposeInt('total', { description: 'Every subscriber, whatever their status.' }),
      byStatus: t.field({ type: StatusCounts, description: 'Subscribers per status.', resolve: (d) => d.byStatus }),
      lists: t.field({
        type: [ListCount],
        description: 'Every list with its member counts, by id.',
        resolve: (d) => d.lists,
      }),
      growth: t.field({
        type: [DayCount],
        description: 'New subscribers per day over the last 30 days, oldest first.',
        resolve: (d) => d.growth,
      }),
      recentCampaigns: t.prismaField({
        type: [MailerCampaignType],
        description: 'The latest campaigns with their stats, newest first.',
        args: { limit: t.arg.int({ defaultValue: 5, description: 'How many, 1 to 20.' }) },
        resolve: (query, _d, { limit }, ctx) =>
          ctx.platform.prisma.mailerCampaign.findMany({
            ...query,
            orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
            take: Math.min(Math.max(limit ?? 5, 1), 20),
          }),
      }),
    }),
  });

  const EventResult = builder
    .objectRef<{ id: number; changed: boolean; event: string }>('MailerEventResult')
    .implement({
      description: 'What an inbound event did.',
      fields: (t) => ({
        event: t.expose('event', { type: enumType(builder, InboundEvent), description: 'The event handled, as sent.' }),
        changed: t.exposeBoolean('changed', {
          description: 'False when the subscriber was already in that state (idempotent).',
        }),
        subscriber: t.prismaField({
          type: MailerSubscriberType,
          description: 'The subscriber the event named, as it is now.',

          resolve: (query, r, _a, ctx) =>
            ctx.platform.prisma.mailerSubscriber.findUniqueOrThrow({ ...query, where: { id: r.id } }),
        }),
      }),
    });

  builder.queryFields((t) => ({
    mailerStats: t.field({
      type: MailerStats,
      description: 'Dashboard: subscriber counts by status and list, growth over 30 days, recent campaigns with stats.',
      ...requiresCapability(MAILER_MANAGE),
      ...rest('GET /mailer/v1/stats', {
        select: `total by_status: byStatus { subscribed unconfirmed unsubscribed bounced } lists { id name total subscribed }
          growth { date count } recent_campaigns: recentCampaigns { ${CAMPAIGN} }`,
      }),
      resolve: (_r, _a, ctx) => dashboard(ctx.platform),
    }),
  }));

  builder.mutationFields((t) => ({
    mailerEvent: t.field({
      type: EventResult,
      description:
        'Inbound event by e-mail: subscribe, unsubscribe, tag or untag (tagSlug for tag and untag); idempotent.',
      ...requiresApiKey(MAILER_EVENTS_SCOPE),
      args: zodArgs(t, InboundEventInput),
      ...rest('POST /mailer/v1/events', { select: `event changed subscriber { ${SUBSCRIBER} }` }),
      resolve: async (_r, args, ctx) => ({ ...(await handleInboundEvent(ctx.platform, args)), event: args.event }),
    }),
  }));
});
