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
    fields: (t) => ({
      subscribed: t.exposeInt('subscribed'),
      unconfirmed: t.exposeInt('unconfirmed'),
      unsubscribed: t.exposeInt('unsubscribed'),
      bounced: t.exposeInt('bounced'),
    }),
  });
  const ListCount = builder.objectRef<Dashboard['lists'][number]>('MailerListCount').implement({
    fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), total: t.exposeInt('total'), subscribed: t.exposeInt('subscribed') }),
  });
  const DayCount = builder.objectRef<Dashboard['growth'][number]>('MailerDayCount').implement({
    fields: (t) => ({ date: t.exposeString('date', { description: 'YYYY-MM-DD (UTC).' }), count: t.exposeInt('count') }),
  });

  const MailerStats = builder.objectRef<Dashboard>('MailerStats').implement({
    fields: (t) => ({
      total: t.exposeInt('total'),
      byStatus: t.field({ type: StatusCounts, resolve: (d) => d.byStatus }),
      lists: t.field({ type: [ListCount], resolve: (d) => d.lists }),
      growth: t.field({ type: [DayCount], description: 'New subscribers per day over the last 30 days, oldest first.', resolve: (d) => d.growth }),
      recentCampaigns: t.prismaField({
        type: [MailerCampaignType],
        args: { limit: t.arg.int({ defaultValue: 5 }) },
        resolve: (query, _d, { limit }, ctx) =>
          ctx.platform.prisma.mailerCampaign.findMany({ ...query, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: Math.min(Math.max(limit ?? 5, 1), 20) }),
      }),
    }),
  });

  const EventResult = builder.objectRef<{ id: number; changed: boolean; event: string }>('MailerEventResult').implement({
    fields: (t) => ({
      event: t.expose('event', { type: enumType(builder, InboundEvent) }),
      changed: t.exposeBoolean('changed', { description: 'False when the subscriber was already in that state (idempotent).' }),
      subscriber: t.prismaField({
        type: MailerSubscriberType,
        resolve: (query, r, _a, ctx) => ctx.platform.prisma.mailerSubscriber.findUniqueOrThrow({ ...query, where: { id: r.id } }),
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
      description: 'Inbound event by e-mail: subscribe, unsubscribe, tag or untag (tagSlug for tag and untag); idempotent.',
      ...requiresApiKey(MAILER_EVENTS_SCOPE),
      args: zodArgs(t, InboundEventInput),
      ...rest('POST /mailer/v1/events', { select: `event changed subscriber { ${SUBSCRIBER} }` }),
      resolve: async (_r, args, ctx) => ({ ...(await handleInboundEvent(ctx.platform, args)), event: args.event }),
    }),
  }));
});
