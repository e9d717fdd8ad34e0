// GraphQL: campaigns (CRUD, send or schedule, test send, pause, resume, cancel) (mailer_manage).
import { requiresCapability } from '../../../graphql/access.ts';
import { builder } from '../../../graphql/builder.ts';
import { given } from './given.ts';
import { offsetPage, pageFieldArgs, prismaPage } from '../../../graphql/pagination.ts';
import { parseInput } from '../../../platform/validate.ts';
import { z } from 'zod';
import { MAILER_MANAGE } from '../capabilities.ts';
import { campaignNotFound } from '../errors.ts';
import { CAMPAIGN_STATUSES, createCampaign, deleteCampaign, moveCampaign, sendCampaign, updateCampaign } from '../service/campaigns.ts';
import { sendTest } from '../send/test-send.ts';
import { MailerCampaignType } from './types.ts';

const manage = requiresCapability(MAILER_MANAGE);
const MailerCampaignPage = prismaPage('MailerCampaign');

const campaignFields = (t: any, create: boolean) => ({
  name: t.string({ required: create }),
  subject: t.string(),
  fromName: t.string(),
  fromEmail: t.string(),
  html: t.string({ description: 'Merge tags {{first_name|fallback}}, {{email}}, {{unsubscribe_url}}; http(s) links are tracked.' }),
  text: t.string(),
  listIds: t.intList(),
  segmentIds: t.intList(),
  tagIds: t.intList(),
});
const CampaignCreateInput = builder.inputType('MailerCampaignCreateInput', { fields: (t) => campaignFields(t, true) });
const CampaignUpdateInput = builder.inputType('MailerCampaignUpdateInput', {
  fields: (t) => ({ ...campaignFields(t, false), status: t.string({ description: 'Only draft, to unschedule a scheduled campaign.' }) }),
});

const status = z.object({ status: z.enum(CAMPAIGN_STATUSES, { error: `status is one of ${CAMPAIGN_STATUSES.join(', ')}.` }).optional() });

builder.queryFields((t) => ({
  mailerCampaigns: t.field({
    type: MailerCampaignPage,
    description: 'Campaigns, newest first.',
    ...manage,
    args: { ...pageFieldArgs, search: t.arg.string(), status: t.arg.string() },
    resolve: (_r, args, ctx) => {
      parseInput(status, { status: args.status ?? undefined });
      const q = args.search?.trim();
      const where = {
        ...(args.status ? { status: args.status } : {}),
        ...(q ? { OR: [{ name: { contains: q, mode: 'insensitive' as const } }, { subject: { contains: q, mode: 'insensitive' as const } }] } : {}),
      };
      return offsetPage(args, {
        count: () => ctx.platform.prisma.mailerCampaign.count({ where }),
        findMany: (w, query) => ctx.platform.prisma.mailerCampaign.findMany({ ...query, ...w, where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      });
    },
  }),
  mailerCampaign: t.prismaField({
    type: MailerCampaignType,
    description: 'One campaign with its stats.',
    ...manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id }, ctx) => (await ctx.platform.prisma.mailerCampaign.findUnique({ ...query, where: { id } })) ?? Promise.reject(campaignNotFound()),
  }),
}));

const reload = (ctx: any, query: object, id: number) => ctx.platform.prisma.mailerCampaign.findUniqueOrThrow({ ...query, where: { id } });

builder.mutationFields((t) => ({
  createMailerCampaign: t.prismaField({
    type: MailerCampaignType,
    description: 'Creates a draft.',
    ...manage,
    args: { input: t.arg({ type: CampaignCreateInput, required: true }) },
    resolve: async (query, _r, { input }, ctx) => reload(ctx, query, (await createCampaign(ctx.platform, given(input))).id),
  }),
  updateMailerCampaign: t.prismaField({
    type: MailerCampaignType,
    description: 'Edits a draft, scheduled or paused campaign (409 mailer_campaign_conflict otherwise).',
    ...manage,
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: CampaignUpdateInput, required: true }) },
    resolve: async (query, _r, { id, input }, ctx) => {
      await updateCampaign(ctx.platform, id, given(input));
      return reload(ctx, query, id);
    },
  }),
  deleteMailerCampaign: t.prismaField({
    type: MailerCampaignType,
    description: 'Deletes a campaign that is not sending (pause or cancel it first), with its recipient records.',
    ...manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id }, ctx) => {
      const previous = await ctx.platform.prisma.mailerCampaign.findUnique({ ...query, where: { id } });
      if (!previous) throw campaignNotFound();
      await deleteCampaign(ctx.platform, id);
      return previous;
    },
  }),
  sendMailerCampaign: t.prismaField({
    type: MailerCampaignType,
    description: 'Sends a draft or scheduled campaign now (in the background), or schedules it when sendAt is in the future.',
    ...manage,
    args: { id: t.arg.int({ required: true }), sendAt: t.arg({ type: 'DateTime' }) },
    resolve: async (query, _r, { id, sendAt }, ctx) => {
      await sendCampaign(ctx.platform, id, sendAt);
      return reload(ctx, query, id);
    },
  }),
  ...Object.fromEntries(
    (['pause', 'resume', 'cancel'] as const).map((action) => [
      `${action}MailerCampaign`,
      t.prismaField({
        type: MailerCampaignType,
        description: { pause: 'Pauses a sending campaign after the message in flight.', resume: 'Resumes a paused campaign.', cancel: 'Cancels a scheduled, sending or paused campaign; unsent recipients are dropped.' }[action],
        ...manage,
        args: { id: t.arg.int({ required: true }) },
        resolve: async (query, _r, { id }, ctx) => {
          await moveCampaign(ctx.platform, id, action);
          return reload(ctx, query, id);
        },
      }),
    ]),
  ),
}));

const TestFailure = builder.objectRef<{ email: string; error: string }>('MailerTestFailure').implement({
  fields: (t) => ({ email: t.exposeString('email'), error: t.exposeString('error') }),
});
const TestResult = builder.objectRef<{ sent: string[]; failed: { email: string; error: string }[] }>('MailerTestResult').implement({
  fields: (t) => ({ sent: t.exposeStringList('sent'), failed: t.field({ type: [TestFailure], resolve: (r) => r.failed }) }),
});

builder.mutationFields((t) => ({
  sendMailerCampaignTest: t.field({
    type: TestResult,
    description: 'Sends the campaign now to up to 10 addresses, marked [Test]; records nothing and changes no status.',
    ...manage,
    args: { id: t.arg.int({ required: true }), emails: t.arg.stringList({ required: true }) },
    resolve: (_r, { id, emails }, ctx) => sendTest(ctx.platform, id, emails),
  }),
}));
