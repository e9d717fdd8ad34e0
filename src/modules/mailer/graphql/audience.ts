// GraphQL: subscribers, lists and tags (mailer_manage).
import { requiresCapability } from '../../../graphql/access.ts';
import { builder } from '../../../graphql/builder.ts';
import { given } from './given.ts';
import { offsetPage, pageFieldArgs, prismaPage } from '../../../graphql/pagination.ts';
import { MAILER_MANAGE } from '../capabilities.ts';
import { listNotFound, subscriberNotFound, tagNotFound } from '../errors.ts';
import { createList, createTag, deleteList, deleteTag } from '../service/lists-tags.ts';
import { createSubscriber, deleteSubscriber, subscriberWhere, updateSubscriber } from '../service/subscribers.ts';
import { tagSubscriber, untagSubscriber } from '../service/tagging.ts';
import { MailerListType, MailerSubscriberType, MailerTagType } from './types.ts';

const manage = requiresCapability(MAILER_MANAGE);
const MailerSubscriberPage = prismaPage('MailerSubscriber');

const SubscriberCreateInput = builder.inputType('MailerSubscriberCreateInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    firstName: t.string(),
    listId: t.int({ description: 'List to join.' }),
    status: t.string({ description: 'Default subscribed.' }),
  }),
});
const SubscriberUpdateInput = builder.inputType('MailerSubscriberUpdateInput', {
  fields: (t) => ({
    email: t.string(),
    firstName: t.string(),
    status: t.string(),
    listIds: t.intList({ description: 'Replaces the memberships.' }),
  }),
});
const ListInput = builder.inputType('MailerListInput', {
  fields: (t) => ({ name: t.string({ required: true }), description: t.string() }),
});
const TagInput = builder.inputType('MailerTagInput', {
  fields: (t) => ({ name: t.string({ required: true }), slug: t.string({ description: 'Default: from the name.' }) }),
});


builder.queryFields((t) => ({
  mailerSubscribers: t.field({
    type: MailerSubscriberPage,
    description: 'Subscribers, newest first.',
    ...manage,
    args: {
      ...pageFieldArgs,
      search: t.arg.string({ description: 'Part of the address or first name.' }),
      status: t.arg.string({ description: 'subscribed, unconfirmed, unsubscribed or bounced.' }),
      listId: t.arg.int(),
      tagId: t.arg.int(),
    },
    resolve: (_r, args, ctx) => {
      const where = subscriberWhere(args);
      return offsetPage(args, {
        count: () => ctx.platform.prisma.mailerSubscriber.count({ where }),
        // Newest first by id (creation order): the primary key keeps it an index scan.
        findMany: (w, query) => ctx.platform.prisma.mailerSubscriber.findMany({ ...query, ...w, where, orderBy: { id: 'desc' } }),
      });
    },
  }),
  mailerSubscriber: t.prismaField({
    type: MailerSubscriberType,
    ...manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id }, ctx) => (await ctx.platform.prisma.mailerSubscriber.findUnique({ ...query, where: { id } })) ?? Promise.reject(subscriberNotFound()),
  }),
  mailerLists: t.prismaField({
    type: [MailerListType],
    description: 'Every mailing list.',
    ...manage,
    resolve: (query, _r, _a, ctx) => ctx.platform.prisma.mailerList.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
  mailerTags: t.prismaField({
    type: [MailerTagType],
    description: 'Every tag.',
    ...manage,
    resolve: (query, _r, _a, ctx) => ctx.platform.prisma.mailerTag.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
}));

builder.mutationFields((t) => ({
  createMailerSubscriber: t.prismaField({
    type: MailerSubscriberType,
    description: '409 mailer_subscriber_exists when the address is taken.',
    ...manage,
    args: { input: t.arg({ type: SubscriberCreateInput, required: true }) },
    resolve: async (query, _r, { input }, ctx) => {
      const s = await createSubscriber(ctx.platform, given(input));
      return ctx.platform.prisma.mailerSubscriber.findUniqueOrThrow({ ...query, where: { id: s.id } });
    },
  }),
  updateMailerSubscriber: t.prismaField({
    type: MailerSubscriberType,
    ...manage,
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: SubscriberUpdateInput, required: true }) },
    resolve: async (query, _r, { id, input }, ctx) => {
      await updateSubscriber(ctx.platform, id, given(input));
      return ctx.platform.prisma.mailerSubscriber.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  deleteMailerSubscriber: t.prismaField({
    type: MailerSubscriberType,
    description: 'Deletes the subscriber for good (memberships and tags too); answers it as it was.',
    ...manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id }, ctx) => {
      const previous = await ctx.platform.prisma.mailerSubscriber.findUnique({ ...query, where: { id } });
      if (!previous) throw subscriberNotFound();
      await deleteSubscriber(ctx.platform, id);
      return previous;
    },
  }),
  assignMailerSubscriberTags: t.prismaField({
    type: MailerSubscriberType,
    description: 'Adds tags (ones it has already are left as they are).',
    ...manage,
    args: { id: t.arg.int({ required: true }), tagIds: t.arg.intList({ required: true }) },
    resolve: async (query, _r, { id, tagIds }, ctx) => {
      await tagSubscriber(ctx.platform, id, tagIds);
      return ctx.platform.prisma.mailerSubscriber.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  removeMailerSubscriberTag: t.prismaField({
    type: MailerSubscriberType,
    ...manage,
    args: { id: t.arg.int({ required: true }), tagId: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id, tagId }, ctx) => {
      await untagSubscriber(ctx.platform, id, tagId);
      return ctx.platform.prisma.mailerSubscriber.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  createMailerList: t.prismaField({
    type: MailerListType,
    ...manage,
    args: { input: t.arg({ type: ListInput, required: true }) },
    resolve: async (query, _r, { input }, ctx) => {
      const l = await createList(ctx.platform, given(input));
      return ctx.platform.prisma.mailerList.findUniqueOrThrow({ ...query, where: { id: l.id } });
    },
  }),
  deleteMailerList: t.prismaField({
    type: MailerListType,
    description: "Deletes a list; its members stay, with their other lists.",
    ...manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id }, ctx) => {
      const previous = await ctx.platform.prisma.mailerList.findUnique({ ...query, where: { id } });
      if (!previous) throw listNotFound();
      await deleteList(ctx.platform, id);
      return previous;
    },
  }),
  createMailerTag: t.prismaField({
    type: MailerTagType,
    description: '409 mailer_tag_exists when the slug is taken.',
    ...manage,
    args: { input: t.arg({ type: TagInput, required: true }) },
    resolve: async (query, _r, { input }, ctx) => {
      const tag = await createTag(ctx.platform, given(input));
      return ctx.platform.prisma.mailerTag.findUniqueOrThrow({ ...query, where: { id: tag.id } });
    },
  }),
  deleteMailerTag: t.prismaField({
    type: MailerTagType,
    description: 'Deletes a tag and removes it from every subscriber.',
    ...manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id }, ctx) => {
      const previous = await ctx.platform.prisma.mailerTag.findUnique({ ...query, where: { id } });
      if (!previous) throw tagNotFound();
      await deleteTag(ctx.platform, id);
      return previous;
    },
  }),
}));
