// Campaigns (mailer_manage): CRUD, send or schedule, test send, pause, resume, cancel — each operation's GraphQL
// field, declared input and REST route.
import { z } from 'zod';
import { requiresCapability } from '../../../graphql/access.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import type { Context } from '../../../graphql/context.ts';
import { offsetPage, prismaPage } from '../../../graphql/pagination.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { id } from '../../../input/vocabulary.ts';
import { deleted, rest } from '../../../rest/binding.ts';
import { MAILER_MANAGE } from '../capabilities.ts';
import { campaignNotFound } from '../errors.ts';
import { sendTest, TestSendInput } from '../send/test-send.ts';
import {
  CampaignCreate,
  CampaignFilter,
  CampaignUpdate,
  createCampaign,
  deleteCampaign,
  moveCampaign,
  sendCampaign,
  updateCampaign,
} from '../service/campaigns.ts';
import { CAMPAIGN } from './selections.ts';
import { mailerTypes } from './types.ts';

const manage = requiresCapability(MAILER_MANAGE);
const reload = (ctx: Context, query: object, id: number) =>
  ctx.platform.prisma.mailerCampaign.findUniqueOrThrow({ ...query, where: { id } });

const MOVES = {
  pause: 'Pauses a sending campaign after the message in flight.',
  resume: 'Resumes a paused campaign.',
  cancel: 'Cancels a scheduled, sending or paused campaign; unsent recipients are dropped.',
} as const;

export const campaignsSchema = schemaPart((builder) => {
  const { MailerCampaignType } = mailerTypes(builder);
  const MailerCampaignPage = prismaPage(builder, 'MailerCampaign');

  builder.queryFields((t) => ({
    mailerCampaigns: t.field({
      type: MailerCampaignPage,
      description: 'Campaigns with stats, newest first.',
      ...manage,
      args: zodArgs(t, CampaignFilter),
      ...rest('GET /mailer/v1/campaigns', { select: CAMPAIGN, paginated: true }),
      resolve: (_r, args, ctx) => {
        const q = args.search;
        const where = {
          ...(args.status ? { status: args.status } : {}),
          ...(q
            ? {
                OR: [
                  { name: { contains: q, mode: 'insensitive' as const } },
                  { subject: { contains: q, mode: 'insensitive' as const } },
                ],
              }
            : {}),
        };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.mailerCampaign.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.mailerCampaign.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
            }),
        });
      },
    }),
    mailerCampaign: t.prismaField({
      type: MailerCampaignType,
      description: 'One campaign with its stats.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Campaign id.') }),
      ...rest('GET /mailer/v1/campaigns/:id', { select: CAMPAIGN }),
      resolve: async (query, _r, { id }, ctx) =>
        (await ctx.platform.prisma.mailerCampaign.findUnique({ ...query, where: { id } })) ??
        Promise.reject(campaignNotFound()),
    }),
  }));

  builder.mutationFields((t) => ({
    createMailerCampaign: t.prismaField({
      type: MailerCampaignType,
      description: 'Creates a draft campaign.',
      ...manage,
      args: zodArgs(t, { input: CampaignCreate }),
      ...rest('POST /mailer/v1/campaigns', { select: CAMPAIGN, status: 201 }),
      resolve: async (query, _r, { input }, ctx) => reload(ctx, query, (await createCampaign(ctx.platform, input)).id),
    }),
    updateMailerCampaign: t.prismaField({
      type: MailerCampaignType,
      description:
        'Edits a draft, scheduled or paused campaign (409 mailer_campaign_conflict otherwise); status draft unschedules.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Campaign id.'), input: CampaignUpdate }),
      ...rest('PUT /mailer/v1/campaigns/:id', { select: CAMPAIGN, errors: [409] }),
      resolve: async (query, _r, { id, input }, ctx) => {
        await updateCampaign(ctx.platform, id, input);
        return reload(ctx, query, id);
      },
    }),
    deleteMailerCampaign: t.prismaField({
      type: MailerCampaignType,
      description: 'Deletes a campaign that is not sending (pause or cancel it first), with its recipient records.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Campaign id.') }),
      ...rest('DELETE /mailer/v1/campaigns/:id', { select: CAMPAIGN, result: deleted, errors: [409] }),
      resolve: async (query, _r, { id }, ctx) => {
        const previous = await ctx.platform.prisma.mailerCampaign.findUnique({ ...query, where: { id } });
        if (!previous) throw campaignNotFound();
        await deleteCampaign(ctx.platform, id);
        return previous;
      },
    }),
    sendMailerCampaign: t.prismaField({
      type: MailerCampaignType,
      description:
        'Sends a draft or scheduled campaign now (202, in the background), or schedules it when sendAt is in the future; 409 otherwise.',
      ...manage,
      args: zodArgs(t, {
        id: id().describe('Campaign id.'),
        sendAt: z.date().optional().describe('ISO 8601 with time zone; in the future: schedule.'),
      }),
      ...rest('POST /mailer/v1/campaigns/:id/send', { select: CAMPAIGN, status: 202, errors: [409] }),
      resolve: async (query, _r, { id, sendAt }, ctx) => {
        await sendCampaign(ctx.platform, id, sendAt);
        return reload(ctx, query, id);
      },
    }),
    ...Object.fromEntries(
      (Object.keys(MOVES) as (keyof typeof MOVES)[]).map((action) => [
        `${action}MailerCampaign`,
        t.prismaField({
          type: MailerCampaignType,
          description: MOVES[action],
          ...manage,
          args: zodArgs(t, { id: id().describe('Campaign id.') }),
          ...rest(`POST /mailer/v1/campaigns/:id/${action}`, { select: CAMPAIGN, errors: [409] }),
          resolve: async (query, _r, { id }, ctx) => {
            await moveCampaign(ctx.platform, id, action);
            return reload(ctx, query, id);
          },
        }),
      ]),
    ),
  }));

  const TestFailure = builder.objectRef<{ email: string; error: string }>('MailerTestFailure').implement({
    description: 'A test address the SMTP server refused.',
    fields: (t) => ({
      email: t.exposeString('email', { description: 'The address, lower-cased.' }),
      error: t.exposeString('error', { description: 'The SMTP error message.' }),
    }),
  });
  const TestResult = builder
    .objectRef<{ sent: string[]; failed: { email: string; error: string }[] }>('MailerTestResult')
    .implement({
      description: 'Outcome of a test send, per address (duplicates sent once).',
      fields: (t) => ({
        sent: t.exposeStringList('sent', { description: 'Addresses the SMTP server accepted.' }),
        failed: t.field({
          type: [TestFailure],
          description: 'Addresses it refused, with the error.',
          resolve: (r) => r.failed,
        }),
      }),
    });

  builder.mutationFields((t) => ({
    sendMailerCampaignTest: t.field({
      type: TestResult,
      description:
        'Sends the campaign now to up to 10 addresses, marked [Test]; records nothing and changes no status.',
      ...manage,
      args: zodArgs(t, TestSendInput),
      ...rest('POST /mailer/v1/campaigns/:id/test', { select: 'sent failed { email error }' }),
      resolve: (_r, { id, emails }, ctx) => sendTest(ctx.platform, id, emails),
    }),
  }));
});
