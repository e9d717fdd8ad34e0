// Saved segments with live counts (mailer_manage): each operation's GraphQL field, declared input and REST route.
import { requiresCapability } from '../../../graphql/access.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { id } from '../../../input/vocabulary.ts';
import { deleted, rest } from '../../../rest/binding.ts';
import { MAILER_MANAGE } from '../capabilities.ts';
import { segmentNotFound } from '../errors.ts';
import { createSegment, deleteSegment, SegmentCreate, SegmentUpdate, updateSegment } from '../service/segments.ts';
import { SEGMENT } from './selections.ts';
import { mailerTypes } from './types.ts';

const manage = requiresCapability(MAILER_MANAGE);

export const segmentsSchema = schemaPart((builder) => {
  const { MailerSegmentType } = mailerTypes(builder);

  builder.queryFields((t) => ({
    mailerSegments: t.prismaField({
      type: [MailerSegmentType],
      description: 'Saved segments with their live counts.',
      ...manage,
      ...rest('GET /mailer/v1/segments', { select: SEGMENT }),
      resolve: (query, _r, _a, ctx) => ctx.platform.prisma.mailerSegment.findMany({ ...query, orderBy: { id: 'asc' } }),
    }),
    mailerSegment: t.prismaField({
      type: MailerSegmentType,
      description: 'One segment with its live counts.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Segment id.') }),
      ...rest('GET /mailer/v1/segments/:id', { select: SEGMENT }),
      resolve: async (query, _r, { id }, ctx) => (await ctx.platform.prisma.mailerSegment.findUnique({ ...query, where: { id } })) ?? Promise.reject(segmentNotFound()),
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
