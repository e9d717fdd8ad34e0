// Subscribers, lists and tags (mailer_manage): each operation's GraphQL field, declared input and REST route.
import { requiresCapability } from '../../../graphql/access.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import { offsetPage, prismaPage } from '../../../graphql/pagination.ts';
import { exposedUnder } from '../../../graphql/selection.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { id, pageArgs } from '../../../input/vocabulary.ts';
import { deleted, rest } from '../../../rest/binding.ts';
import { MAILER_MANAGE } from '../capabilities.ts';
import { listNotFound, subscriberNotFound, tagNotFound } from '../errors.ts';
import {
  createList,
  createTag,
  deleteList,
  deleteTag,
  ListCreate,
  ListUpdate,
  TagCreate,
  TagUpdate,
  updateList,
  updateTag,
} from '../service/lists-tags.ts';
import {
  createSubscriber,
  deleteSubscriber,
  SubscriberCreate,
  SubscriberFilter,
  subscriberWhere,
  SubscriberUpdate,
  updateSubscriber,
} from '../service/subscribers.ts';
import { TagAssignment, tagSubscriber, untagSubscriber } from '../service/tagging.ts';
import { countSubscribers, subscriberPage } from '../service/subscriber-page.ts';
import { LIST, SUBSCRIBER, TAG } from './selections.ts';
import { mailerTypes } from './types.ts';

const manage = requiresCapability(MAILER_MANAGE);

export const audienceSchema = schemaPart((builder) => {
  const { MailerListType, MailerSubscriberType, MailerTagType } = mailerTypes(builder);
  const MailerSubscriberPage = prismaPage(builder, 'MailerSubscriber');
  const MailerListPage = prismaPage(builder, 'MailerList');
  const MailerTagPage = prismaPage(builder, 'MailerTag');

  builder.queryFields((t) => ({
    mailerSubscribers: t.field({
      type: MailerSubscriberPage,
      description: 'Subscribers, newest first; search (address or first name), status, list and tag filters.',
      ...manage,
      args: zodArgs(t, SubscriberFilter),
      ...rest('GET /mailer/v1/subscribers', { select: SUBSCRIBER, paginated: true }),
      // The hot read (docs/data-access.md): one Kysely statement for the page, its lists and tags and the total, with
      // the list and tag fields the operation reads; Prisma for a selection it does not cover.
      resolve: (_r, args, ctx, info) => {
        const { prisma, sql } = ctx.platform;
        return offsetPage(
          args,
          {
            count: () => countSubscribers(sql, args),
            findPage: (w, query, total) =>
              subscriberPage(sql, args, w, query, total, {
                list: exposedUnder(info, ['items', 'lists']),
                tag: exposedUnder(info, ['items', 'tags']),
              }),
            findMany: (w, query) =>
              prisma.mailerSubscriber.findMany({
                ...query,
                ...w,
                relationLoadStrategy: 'join',
                where: subscriberWhere(args),
                orderBy: { id: 'desc' },
              }),
          },
          info,
        );
      },
    }),
    mailerSubscriber: t.prismaField({
      type: MailerSubscriberType,
      description: 'One subscriber.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Subscriber id.') }),
      ...rest('GET /mailer/v1/subscribers/:id', { select: SUBSCRIBER }),
      resolve: async (query, _r, { id }, ctx) =>
        (await ctx.platform.prisma.mailerSubscriber.findUnique({ ...query, where: { id } })) ??
        Promise.reject(subscriberNotFound()),
    }),
    mailerLists: t.field({
      type: MailerListPage,
      description: 'Mailing lists with member counts, oldest first (REST: every list at once).',
      ...manage,
      args: zodArgs(t, pageArgs),
      ...rest('GET /mailer/v1/lists', { select: LIST, everyPage: true }),
      resolve: (_r, args, ctx) =>
        offsetPage(args, {
          count: () => ctx.platform.prisma.mailerList.count(),
          findMany: (w, query) => ctx.platform.prisma.mailerList.findMany({ ...query, ...w, orderBy: { id: 'asc' } }),
        }),
    }),
    mailerList: t.prismaField({
      type: MailerListType,
      description: 'One mailing list, with member counts.',
      ...manage,
      args: zodArgs(t, { id: id().describe('List id.') }),
      ...rest('GET /mailer/v1/lists/:id', { select: LIST }),
      resolve: async (query, _r, { id }, ctx) =>
        (await ctx.platform.prisma.mailerList.findUnique({ ...query, where: { id } })) ??
        Promise.reject(listNotFound()),
    }),
    mailerTag: t.prismaField({
      type: MailerTagType,
      description: 'One tag.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Tag id.') }),
      ...rest('GET /mailer/v1/tags/:id', { select: TAG }),
      resolve: async (query, _r, { id }, ctx) =>
        (await ctx.platform.prisma.mailerTag.findUnique({ ...query, where: { id } })) ?? Promise.reject(tagNotFound()),
    }),
    mailerTags: t.field({
      type: MailerTagPage,
      description: 'Tags, oldest first (REST: every tag at once).',
      ...manage,
      args: zodArgs(t, pageArgs),
      ...rest('GET /mailer/v1/tags', { select: TAG, everyPage: true }),
      resolve: (_r, args, ctx) =>
        offsetPage(args, {
          count: () => ctx.platform.prisma.mailerTag.count(),
          findMany: (w, query) => ctx.platform.prisma.mailerTag.findMany({ ...query, ...w, orderBy: { id: 'asc' } }),
        }),
    }),
  }));

  builder.mutationFields((t) => ({
    createMailerSubscriber: t.prismaField({
      type: MailerSubscriberType,
      description: 'Creates a subscriber (409 mailer_subscriber_exists when the address is taken).',
      ...manage,
      args: zodArgs(t, { input: SubscriberCreate }),
      ...rest('POST /mailer/v1/subscribers', { select: SUBSCRIBER, status: 201, errors: [409] }),
      resolve: async (query, _r, { input }, ctx) => {
        const s = await createSubscriber(ctx.platform, input);
        return ctx.platform.prisma.mailerSubscriber.findUniqueOrThrow({ ...query, where: { id: s.id } });
      },
    }),
    updateMailerSubscriber: t.prismaField({
      type: MailerSubscriberType,
      description: 'Updates a subscriber (list_ids replaces its lists).',
      ...manage,
      args: zodArgs(t, { id: id().describe('Subscriber id.'), input: SubscriberUpdate }),
      ...rest('PUT /mailer/v1/subscribers/:id', { select: SUBSCRIBER, errors: [409] }),
      resolve: async (query, _r, { id, input }, ctx) => {
        await updateSubscriber(ctx.platform, id, input);
        return ctx.platform.prisma.mailerSubscriber.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    deleteMailerSubscriber: t.prismaField({
      type: MailerSubscriberType,
      description: 'Deletes the subscriber for good (memberships and tags too); answers it as it was.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Subscriber id.') }),
      ...rest('DELETE /mailer/v1/subscribers/:id', { select: SUBSCRIBER, result: deleted }),
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
      args: zodArgs(t, TagAssignment),
      ...rest('POST /mailer/v1/subscribers/:id/tags', { select: SUBSCRIBER }),
      resolve: async (query, _r, { id, tagIds }, ctx) => {
        await tagSubscriber(ctx.platform, id, tagIds);
        return ctx.platform.prisma.mailerSubscriber.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    removeMailerSubscriberTag: t.prismaField({
      type: MailerSubscriberType,
      description: 'Removes one tag.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Subscriber id.'), tagId: id().describe('Tag id.') }),
      ...rest('DELETE /mailer/v1/subscribers/:id/tags/:tag_id', { select: SUBSCRIBER }),
      resolve: async (query, _r, { id, tagId }, ctx) => {
        await untagSubscriber(ctx.platform, id, tagId);
        return ctx.platform.prisma.mailerSubscriber.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    createMailerList: t.prismaField({
      type: MailerListType,
      description: 'Creates a list.',
      ...manage,
      args: zodArgs(t, { input: ListCreate }),
      ...rest('POST /mailer/v1/lists', { select: LIST, status: 201 }),
      resolve: async (query, _r, { input }, ctx) => {
        const l = await createList(ctx.platform, input);
        return ctx.platform.prisma.mailerList.findUniqueOrThrow({ ...query, where: { id: l.id } });
      },
    }),
    updateMailerList: t.prismaField({
      type: MailerListType,
      description: 'Renames a list or changes its description.',
      ...manage,
      args: zodArgs(t, { id: id().describe('List id.'), input: ListUpdate }),
      ...rest('PUT /mailer/v1/lists/:id', { select: LIST }),
      resolve: async (query, _r, { id, input }, ctx) => {
        await updateList(ctx.platform, id, input);
        return ctx.platform.prisma.mailerList.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    deleteMailerList: t.prismaField({
      type: MailerListType,
      description: 'Deletes a list; its members stay, with their other lists.',
      ...manage,
      args: zodArgs(t, { id: id().describe('List id.') }),
      ...rest('DELETE /mailer/v1/lists/:id', { select: LIST, result: deleted }),
      resolve: async (query, _r, { id }, ctx) => {
        const previous = await ctx.platform.prisma.mailerList.findUnique({ ...query, where: { id } });
        if (!previous) throw listNotFound();
        await deleteList(ctx.platform, id);
        return previous;
      },
    }),
    createMailerTag: t.prismaField({
      type: MailerTagType,
      description: 'Creates a tag (slug from the name; 409 mailer_tag_exists when the slug is taken).',
      ...manage,
      args: zodArgs(t, { input: TagCreate }),
      ...rest('POST /mailer/v1/tags', { select: TAG, status: 201, errors: [409] }),
      resolve: async (query, _r, { input }, ctx) => {
        const tag = await createTag(ctx.platform, input);
        return ctx.platform.prisma.mailerTag.findUniqueOrThrow({ ...query, where: { id: tag.id } });
      },
    }),
    updateMailerTag: t.prismaField({
      type: MailerTagType,
      description: 'Renames a tag; its slug changes only when given (409 mailer_tag_exists when that slug is taken).',
      ...manage,
      args: zodArgs(t, { id: id().describe('Tag id.'), input: TagUpdate }),
      ...rest('PUT /mailer/v1/tags/:id', { select: TAG, errors: [409] }),
      resolve: async (query, _r, { id, input }, ctx) => {
        await updateTag(ctx.platform, id, input);
        return ctx.platform.prisma.mailerTag.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    deleteMailerTag: t.prismaField({
      type: MailerTagType,
      description: 'Deletes a tag and removes it from every subscriber.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Tag id.') }),
      ...rest('DELETE /mailer/v1/tags/:id', { select: TAG, result: deleted }),
      resolve: async (query, _r, { id }, ctx) => {
        const previous = await ctx.platform.prisma.mailerTag.findUnique({ ...query, where: { id } });
        if (!previous) throw tagNotFound();
        await deleteTag(ctx.platform, id);
        return previous;
      },
    }),
  }));
});
