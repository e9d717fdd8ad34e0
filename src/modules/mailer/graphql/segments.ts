// Saved segments with live counts (mailer_manage): each operation's GraphQL field, declared input and REST route.
import { requiresCapability } from '../../../graphql/access.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { offsetPage, prismaPage } from '../../../graphql/pagination.ts';
import { id, pageArgs } from '../../../input/vocabulary.ts';
import { deleted, rest } from '../../../rest/binding.ts';
import { MAILER_MANAGE } from '../capabilities.ts';
import { segmentNotFound } from '../errors.ts';
import {
  createSegment,
  deleteSegment,
  previewSegment,
  SegmentCreate,
  SegmentPreviewArgs,
  SegmentUpdate,
  updateSegment,
} from '../service/segments.ts';
import { SEGMENT } from './selections.ts';
import { mailerTypes } from './types.ts';

const manage = requiresCapability(MAILER_MANAGE);

export const segmentsSchema = schemaPart((builder) => {
  const { MailerSegmentType } = mailerTypes(builder);
  const MailerSegmentPage = prismaPage(builder, 'MailerSegment');
  const MailerSegmentCount = builder
    .objectRef<{ subscriberCount: number; subscribedCount: number }>('MailerSegmentCount')
    .implement({
      description: 'What rules select now, counted without saving them.',
      fields: (t) => ({
        subscriberCount: t.exposeInt('subscriberCount', {
          description: 'Subscribers the rules select now, whatever their status.',
        }),
        subscribedCount: t.exposeInt('subscribedCount', { description: 'Of those, the ones a campaign would mail.' }),
      }),
    });

  builder.queryFields((t) => ({
    mailerSegments: t.field({
      type: MailerSegmentPage,
      description: 'Saved segments with their live counts, oldest first (REST: every segment at once).',
      ...manage,
      args: zodArgs(t, pageArgs),
      ...rest('GET /mailer/v1/segments', { select: SEGMENT, everyPage: true }),
      resolve: (_r, args, ctx) =>
        offsetPage(args, {
          count: () => ctx.platform.prisma.mailerSegment.count(),
          findMany: (w, query) =>
            ctx.platform.prisma.mailerSegment.findMany({ ...query, ...w, orderBy: { id: 'asc' } }),
        }),
    }),
    mailerSegment: t.prismaField({
      type: MailerSegmentType,
      description: 'One segment with its live counts.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Segment id.') }),
      ...rest('GET /mailer/v1/segments/:id', { select: SEGMENT }),
      resolve: async (query, _r, { id }, ctx) =>
        (await ctx.platform.prisma.mailerSegment.findUnique({ ...query, where: { id } })) ??
        Promise.reject(segmentNotFound()),
    }),
    // POST: the rules are a JSON document, which a query string does not carry well.
    mailerSegmentPreview: t.field({
      type: MailerSegmentCount,
      description:
        "Counts what rules would select, without saving a segment (the editor's live count); 400 for bad rules.",
      ...manage,
      args: zodArgs(t, SegmentPreviewArgs),
      ...rest('POST /mailer/v1/segments/preview', {
        select: 'subscriber_count: subscriberCount subscribed_count: subscribedCount',
      }),
      resolve: (_r, args, ctx) => previewSegment(ctx.platform, args),
    }),
  }));

  builder.mutationFields((t) => ({
    createMailerSegment: t.prismaField({
      type: MailerSegmentType,
      description: 'Creates a segment: rules [{ field: list|tag|status|created_at, operator, value }].',
      ...manage,
      args: zodArgs(t, { input: SegmentCreate }),
      ...rest('POST /mailer/v1/segments', { select: SEGMENT, status: 201 }),
      resolve: async (query, _r, { input }, ctx) => {
        const s = await createSegment(ctx.platform, input);
        return ctx.platform.prisma.mailerSegment.findUniqueOrThrow({ ...query, where: { id: s.id } });
      },
    }),
    updateMailerSegment: t.prismaField({
      type: MailerSegmentType,
      description: 'Changes a segment: rules replace the stored ones; match and rules are validated together.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Segment id.'), input: SegmentUpdate }),
      ...rest('PUT /mailer/v1/segments/:id', { select: SEGMENT }),
      resolve: async (query, _r, { id, input }, ctx) => {
        await updateSegment(ctx.platform, id, input);
        return ctx.platform.prisma.mailerSegment.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    deleteMailerSegment: t.prismaField({
      type: MailerSegmentType,
      description: 'Deletes a segment.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Segment id.') }),
      ...rest('DELETE /mailer/v1/segments/:id', { select: SEGMENT, result: deleted }),
      resolve: async (query, _r, { id }, ctx) => {
        const previous = await ctx.platform.prisma.mailerSegment.findUnique({ ...query, where: { id } });
        if (!previous) throw segmentNotFound();
        await deleteSegment(ctx.platform, id);
        return previous;
      },
    }),
  }));
});
