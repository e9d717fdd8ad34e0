// GraphQL types of the mailing module. Enum-like values are the lowercase REST strings. Per-object counts that the
// parent's query cannot select are t.loadable fields: every object of a response is counted in one grouped query.
import { schemaPart } from '../../../graphql/builder.ts';
import { campaignStats, type CampaignStats } from '../service/stats.ts';
import { segmentCount, SegmentMatch } from '../service/segments.ts';
import { CampaignStatus } from '../service/campaigns.ts';
import { SubscriberStatus } from '../service/subscribers.ts';
import { enumType } from '../../../graphql/zod-args.ts';

export const mailerTypes = schemaPart((builder) => {
  const MailerListType = builder.prismaObject('MailerList', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      description: t.exposeString('description'),
      subscriberCount: t.relationCount('members', { description: 'Members, whatever their status.' }),
      // A filtered count cannot share the parent's _count selection with subscriberCount: one grouped COUNT for every
      // list of the request (a page of subscribers with their lists would otherwise count once per list object).
      subscribedCount: t.loadable({
        type: 'Int',
        description: 'Members who receive campaigns.',
        load: async (ids: number[], ctx) => {
          const rows = await ctx.platform.prisma.mailerListMember.groupBy({
            by: ['listId'], where: { listId: { in: ids }, subscriber: { status: 'subscribed' } }, _count: { _all: true },
          });
          return ids.map((id) => rows.find((r) => r.listId === id)?._count._all ?? 0);
        },
        resolve: (l) => l.id,
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

  const MailerTagType = builder.prismaObject('MailerTag', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      slug: t.exposeString('slug', { description: 'From the name; what inbound events name the tag by.' }),
      subscriberCount: t.relationCount('subscribers'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

  const MailerSubscriberType = builder.prismaObject('MailerSubscriber', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      email: t.exposeString('email', { description: 'Trimmed and lower-cased.' }),
      firstName: t.exposeString('firstName'),
      status: t.expose('status', { type: enumType(builder, SubscriberStatus) }),
      source: t.exposeString('source', { description: 'admin, event, or forms:<form>:entry:<entry>.' }),
      listIds: t.intList({ select: { lists: { select: { listId: true }, orderBy: { listId: 'asc' } } }, resolve: (s) => s.lists.map((l) => l.listId) }),
      lists: t.field({
        type: [MailerListType],
        select: { lists: { select: { list: true }, orderBy: { listId: 'asc' } } },
        resolve: (s) => s.lists.map((l) => l.list),
      }),
      tags: t.field({
        type: [MailerTagType],
        select: { tags: { select: { tag: true }, orderBy: { tagId: 'asc' } } },
        resolve: (s) => s.tags.map((x) => x.tag),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
      unsubscribedAt: t.expose('unsubscribedAt', { type: 'DateTime', nullable: true }),
    }),
  });

  const MailerSegmentType = builder.prismaObject('MailerSegment', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      description: t.exposeString('description'),
      match: t.field({ type: enumType(builder, SegmentMatch), resolve: (s) => (s.rules as { match?: string }).match ?? 'all' }),
      rules: t.field({ type: 'JSON', description: '[{ field: list|tag|status|created_at, operator, value }]', resolve: (s) => (s.rules as { rules?: unknown }).rules ?? [] }),
      subscriberCount: t.int({ description: 'Live: subscribers the rules select now (one COUNT query).', resolve: (s, _a, ctx) => segmentCount(ctx.platform, s) }),
      subscribedCount: t.int({ description: 'Live: of those, the ones a campaign would mail.', resolve: (s, _a, ctx) => segmentCount(ctx.platform, s, true) }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

  const MailerCampaignStatsType = builder.objectRef<CampaignStats>('MailerCampaignStats').implement({
    description: 'Counts over the recipient rows. Rates are fractions (0..1) of sent messages: unique opens / sent, unique clicks / sent.',
    fields: (t) => ({
      recipients: t.exposeInt('recipients'),
      queued: t.exposeInt('queued', { description: 'Not handled yet (queued or in flight).' }),
      sent: t.exposeInt('sent'),
      failed: t.exposeInt('failed'),
      opens: t.exposeInt('opens'),
      uniqueOpens: t.exposeInt('uniqueOpens'),
      clicks: t.exposeInt('clicks'),
      uniqueClicks: t.exposeInt('uniqueClicks'),
      unsubscribes: t.exposeInt('unsubscribes'),
      openRate: t.exposeFloat('openRate'),
      clickRate: t.exposeFloat('clickRate'),
    }),
  });

  const MailerCampaignType = builder.prismaObject('MailerCampaign', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      subject: t.exposeString('subject', { description: 'Takes merge tags: {{first_name|fallback}}, {{email}}.' }),
      fromName: t.exposeString('fromName'),
      fromEmail: t.exposeString('fromEmail', { description: 'Empty: MAIL_FROM.' }),
      html: t.exposeString('html'),
      text: t.exposeString('text'),
      listIds: t.exposeIntList('listIds'),
      segmentIds: t.exposeIntList('segmentIds'),
      tagIds: t.exposeIntList('tagIds'),
      status: t.expose('status', { type: enumType(builder, CampaignStatus) }),
      sendAt: t.expose('sendAt', { type: 'DateTime', nullable: true }),
      startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
      finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
      // A list page of campaigns costs one aggregate, not one per campaign.
      stats: t.loadable({
        type: MailerCampaignStatsType,
        load: async (ids: number[], ctx) => {
          const stats = await campaignStats(ctx.platform, ids);
          return ids.map((id) => stats.get(id)!);
        },
        resolve: (c) => c.id,
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });
  return { MailerListType, MailerTagType, MailerSubscriberType, MailerSegmentType, MailerCampaignStatsType, MailerCampaignType };
});
