// GraphQL: saved segments with live counts (mailer_manage).
import { requiresCapability } from '../../../graphql/access.ts';
import { builder } from '../../../graphql/builder.ts';
import { given } from './given.ts';
import { MAILER_MANAGE } from '../capabilities.ts';
import { segmentNotFound } from '../errors.ts';
import { createSegment, deleteSegment } from '../service/segments.ts';
import { MailerSegmentType } from './types.ts';

const manage = requiresCapability(MAILER_MANAGE);

const SegmentInput = builder.inputType('MailerSegmentInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    match: t.string({ description: 'all (default) or any.' }),
    rules: t.field({ type: 'JSON', required: true, description: '[{ field: list|tag|status|created_at, operator, value }]' }),
  }),
});

builder.queryFields((t) => ({
  mailerSegments: t.prismaField({
    type: [MailerSegmentType],
    description: 'Saved segments with their live counts.',
    ...manage,
    resolve: (query, _r, _a, ctx) => ctx.platform.prisma.mailerSegment.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
  mailerSegment: t.prismaField({
    type: MailerSegmentType,
    ...manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id }, ctx) => (await ctx.platform.prisma.mailerSegment.findUnique({ ...query, where: { id } })) ?? Promise.reject(segmentNotFound()),
  }),
}));

builder.mutationFields((t) => ({
  createMailerSegment: t.prismaField({
    type: MailerSegmentType,
    ...manage,
    args: { input: t.arg({ type: SegmentInput, required: true }) },
    resolve: async (query, _r, { input }, ctx) => {
      const s = await createSegment(ctx.platform, given(input));
      return ctx.platform.prisma.mailerSegment.findUniqueOrThrow({ ...query, where: { id: s.id } });
    },
  }),
  deleteMailerSegment: t.prismaField({
    type: MailerSegmentType,
    ...manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id }, ctx) => {
      const previous = await ctx.platform.prisma.mailerSegment.findUnique({ ...query, where: { id } });
      if (!previous) throw segmentNotFound();
      await deleteSegment(ctx.platform, id);
      return previous;
    },
  }),
}));
