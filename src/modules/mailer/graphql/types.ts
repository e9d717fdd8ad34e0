// GraphQL types of the mailing module. Enum-like values are the lowercase REST strings. Per-object counts that the
// parent's query cannot select are t.loadable fields: every object of a response is counted in one grouped query.
import { schemaPart } from '../../../graphql/builder.ts';
import { subscribedCounts } from '../service/lists-tags.ts';
import { campaignStats, type CampaignStats } from '../service/stats.ts';
import { segmentCount, SegmentMatch } from '../service/segments.ts';
import { CampaignStatus } from '../service/campaigns.ts';
import { SubscriberStatus } from '../service/subscribers.ts';
import { enumType } from '../../../graphql/zod-args.ts';

export const mailerTypes = schemaPart((builder) => {
  const MailerListType = builder.prismaObject('MailerList', {
    description: 'A mailing list subscribers join; campaigns mail its subscribed members.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'List id.' }),
      name: t.exposeString('name', { description: 'Name shown to administrators.' }),
      description: t.exposeString('description', { description: 'Free text for administrators; empty when none.' }),
      subscriberCount: t.relationCount('members', { description: 'Members, whatever their status.' }),
      // A filtered count cannot share the parent's _count selection with subscriberCount: one grouped COUNT for every
      // list of the request (a page of subscribers with their lists would otherwise count once per list object).
      subscribedCount: t.loadable({
        type: 'Int',
        description: 'Members who receive campaigns.',
        load: async (ids: number[], ctx) => {
          const counts = await subscribedCounts(ctx.platform, ids);
          return ids.map((id) => counts.get(id) ?? 0);
        },
        resolve: (l) => l.id,
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the list was created (UTC).' }),
    }),
  });

  const MailerTagType = builder.prismaObject('MailerTag', {
    description:
      'A label on subscribers, set by administrators, inbound events or form entries; campaigns can target it.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Tag id.' }),
      name: t.exposeString('name', { description: 'Name shown to administrators.' }),
      slug: t.exposeString('slug', { description: 'From the name; what inbound events name the tag by.' }),
      subscriberCount: t.relationCount('subscribers', {
        description: 'Subscribers holding the tag, whatever their status.',
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the tag was created (UTC).' }),
    }),
  });

  const MailerSubscriberType = builder.prismaObject('MailerSubscriber', {
    description: 'A person on the mailing list, one per e-mail address (personal data: mailer_manage only).',
    // Select mode: a read asks only for the columns the operation's fields expose or declare, not every column (the
    // GraphQL list read 1.56x PostGraphile's PostgreSQL work with all of them; issue 29). A custom field reading a
    // column declares it in its `select`. Lists and tags stay in include mode; the list's read narrows their columns to
    // the fields the operation reads instead (subscriber-page.ts `TargetFields`). Select mode there was reverted when
    // REST ran graphql-jit (a fresh info.path per call); REST's operation plan keeps its paths now, so it could be
    // tried again (docs/performance.md).
    select: { id: true },
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Subscriber id.' }),
      email: t.exposeString('email', { description: 'Trimmed and lower-cased.' }),
      firstName: t.exposeString('firstName', {
        description: 'What {{first_name}} becomes in campaigns; empty when unknown.',
      }),
      status: t.expose('status', {
        type: enumType(builder, SubscriberStatus),
        description: 'Only subscribed people receive campaigns.',
      }),
      source: t.exposeString('source', {
        description: 'admin, event, import (atrium mailer subscribers import), or forms:<form>:entry:<entry>.',
      }),
      listIds: t.intList({
        description: 'Ids of the lists the subscriber is in, ascending.',
        select: { lists: { select: { listId: true }, orderBy: { listId: 'asc' } } },
        resolve: (s) => s.lists.map((l) => l.listId),
      }),
      lists: t.field({
        type: [MailerListType],
        description: 'The lists the subscriber is in, by id.',
        select: { lists: { select: { list: true }, orderBy: { listId: 'asc' } } },
        resolve: (s) => s.lists.map((l) => l.list),
      }),
      tags: t.field({
        type: [MailerTagType],
        description: 'The tags the subscriber holds, by id.',
        select: { tags: { select: { tag: true }, orderBy: { tagId: 'asc' } } },
        resolve: (s) => s.tags.map((x) => x.tag),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the subscriber was added (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change to the subscriber (UTC).' }),
      unsubscribedAt: t.expose('unsubscribedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When the subscriber last unsubscribed (UTC), kept after a resubscribe; null if never.',
      }),
    }),
  });

  const MailerSegmentType = builder.prismaObject('MailerSegment', {
    description:
      'Saved rules over subscribers (lists, tags, status, sign-up date), evaluated whenever used, so its counts are live.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Segment id.' }),
      name: t.exposeString('name', { description: 'Name shown to administrators.' }),
      description: t.exposeString('description', { description: 'Free text for administrators; empty when none.' }),
      match: t.field({
        type: enumType(builder, SegmentMatch),
        description: 'How the rules combine: all must hold, or any one.',
        resolve: (s) => (s.rules as { match?: string }).match ?? 'all',
      }),
      rules: t.field({
        type: 'JSON',
        description: '[{ field: list|tag|status|created_at, operator, value }]',
        resolve: (s) => (s.rules as { rules?: unknown }).rules ?? [],
      }),
      subscriberCount: t.int({
        description: 'Live: subscribers the rules select now (one COUNT query).',
        resolve: (s, _a, ctx) => segmentCount(ctx.platform, s),
      }),
      subscribedCount: t.int({
        description: 'Live: of those, the ones a campaign would mail.',
        resolve: (s, _a, ctx) => segmentCount(ctx.platform, s, true),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the segment was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change to the segment (UTC).' }),
    }),
  });

  const MailerCampaignStatsType = builder.objectRef<CampaignStats>('MailerCampaignStats').implement({
    description:
      'Counts over the recipient rows. Rates are fractions (0..1) of sent messages: unique opens / sent, unique clicks / sent.',
    fields: (t) => ({
      recipients: t.exposeInt('recipients', {
        description: "Messages in the campaign's audience, frozen when sending started (0 before).",
      }),
      queued: t.exposeInt('queued', {
        description: 'Not handled yet (queued or in flight), deferred ones included.',
      }),
      deferred: t.exposeInt('deferred', {
        description:
          'Of queued: refused for now by the SMTP server (a 4xx reply, or no connection), waiting for their next attempt.',
      }),
      sent: t.exposeInt('sent', { description: 'Messages the SMTP server accepted.' }),
      failed: t.exposeInt('failed', {
        description:
          'Messages the SMTP server refused for good (5xx, or 4xx on every attempt), or interrupted by a crash (never retried).',
      }),
      opens: t.exposeInt('opens', {
        description: 'Opens counted, repeats included (tracking pixel loads, or a click without one).',
      }),
      uniqueOpens: t.exposeInt('uniqueOpens', { description: 'Recipients who opened at least once.' }),
      clicks: t.exposeInt('clicks', { description: 'Tracked link clicks, repeats included.' }),
      uniqueClicks: t.exposeInt('uniqueClicks', { description: 'Recipients who clicked at least once.' }),
      unsubscribes: t.exposeInt('unsubscribes', {
        description: "Recipients who unsubscribed through this campaign's link.",
      }),
      openRate: t.exposeFloat('openRate', {
        description: 'uniqueOpens / sent, a fraction from 0 to 1 (four decimals); 0 when nothing was sent.',
      }),
      clickRate: t.exposeFloat('clickRate', {
        description: 'uniqueClicks / sent, a fraction from 0 to 1 (four decimals); 0 when nothing was sent.',
      }),
    }),
  });

  const MailerCampaignType = builder.prismaObject('MailerCampaign', {
    description:
      'An e-mail sent once to an audience (subscribed people in its lists, tags or segments), with its delivery and tracking stats.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Campaign id.' }),
      name: t.exposeString('name', { description: 'Internal name, never shown to recipients.' }),
      subject: t.exposeString('subject', { description: 'Takes merge tags: {{first_name|fallback}}, {{email}}.' }),
      fromName: t.exposeString('fromName', { description: 'Sender display name; empty: the address alone.' }),
      fromEmail: t.exposeString('fromEmail', { description: 'Empty: MAIL_FROM.' }),
      html: t.exposeString('html', {
        description: 'HTML body with merge tags; its http(s) links are tracked; empty when text only.',
      }),
      text: t.exposeString('text', { description: 'Plain-text body with merge tags; empty when HTML only.' }),
      listIds: t.exposeIntList('listIds', { description: 'Lists whose subscribed members receive it.' }),
      segmentIds: t.exposeIntList('segmentIds', { description: 'Segments whose subscribed members receive it.' }),
      tagIds: t.exposeIntList('tagIds', { description: 'Tags whose subscribed holders receive it.' }),
      status: t.expose('status', {
        description: 'Where the campaign is in draft → scheduled → sending ⇄ paused → sent (or cancelled).',
        type: enumType(builder, CampaignStatus),
      }),
      sendAt: t.expose('sendAt', {
        description: 'When a scheduled campaign starts (UTC); null unless it was scheduled.',
        type: 'DateTime',
        nullable: true,
      }),
      startedAt: t.expose('startedAt', {
        description: 'When sending started and the audience was frozen (UTC); null before.',
        type: 'DateTime',
        nullable: true,
      }),
      finishedAt: t.expose('finishedAt', {
        description: 'When the last message was handled and the campaign became sent (UTC); null until then.',
        type: 'DateTime',
        nullable: true,
      }),
      // A list page of campaigns costs one aggregate, not one per campaign.
      stats: t.loadable({
        description: 'Delivery and tracking counts over its recipients.',
        type: MailerCampaignStatsType,
        load: async (ids: number[], ctx) => {
          const stats = await campaignStats(ctx.platform, ids);
          return ids.map((id) => stats.get(id)!);
        },
        resolve: (c) => c.id,
      }),
      createdAt: t.expose('createdAt', { description: 'When the campaign was created (UTC).', type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', {
        description: 'Last change to the campaign, status moves included (UTC).',
        type: 'DateTime',
      }),
    }),
  });
  return {
    MailerListType,
    MailerTagType,
    MailerSubscriberType,
    MailerSegmentType,
    MailerCampaignStatsType,
    MailerCampaignType,
  };
});
