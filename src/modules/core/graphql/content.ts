// GraphQL: posts and pages. Field declarations say who may try; ownership (edit_post on this post) is in the service.
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic, requiresCapability } from '../../../graphql/access.ts';
import { offsetPage, pageFieldArgs, prismaPage } from '../../../graphql/pagination.ts';
import { canOnPost } from '../../../platform/authorize.ts';
import { createPost, deletePost, getPost, postWhere, updatePost } from '../../../platform/content/service.ts';

export const contentSchema = schemaPart((builder) => {
  const PostRef = builder.prismaObject('Post', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      type: t.exposeString('type'),
      title: t.exposeString('title'),
      content: t.exposeString('content'),
      excerpt: t.exposeString('excerpt'),
      slug: t.exposeString('slug'),
      status: t.exposeString('status'),
      authorId: t.exposeInt('authorId', { nullable: true }),
      author: t.relation('author', { nullable: true }),
      parentId: t.exposeInt('parentId', { nullable: true }),
      meta: t.expose('meta', { type: 'JSON' }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
      publishedAt: t.expose('publishedAt', { type: 'DateTime', nullable: true }),
      viewerCanEdit: t.boolean({ resolve: (post, _a, ctx) => canOnPost(ctx.principal, 'edit_post', post) }),
    }),
  });

  const PostPage = prismaPage(builder, 'Post');

  const PostInput = builder.inputType('PostInput', {
    fields: (t) => ({
      title: t.string(),
      content: t.string(),
      excerpt: t.string(),
      status: t.string({ description: 'draft, pending, private or publish.' }),
      meta: t.field({ type: 'JSON' }),
    }),
  });

  builder.queryFields((t) => ({
    posts: t.field({
      type: PostPage,
      description: 'Published content for everyone; drafts to their authors and to editors.',
      ...isPublic(),
      args: {
        ...pageFieldArgs(t),
        type: t.arg.string({ defaultValue: 'post' }),
        status: t.arg.string(),
        search: t.arg.string(),
        authorId: t.arg.int(),
      },
      resolve: (_r, args, ctx) => {
        const where = postWhere(ctx.principal, args);
        return offsetPage(args, {
          count: () => ctx.platform.prisma.post.count({ where }),
          findMany: (w, query) => ctx.platform.prisma.post.findMany({ ...query, ...w, where, orderBy: { id: 'desc' } }),
        });
      },
    }),
    post: t.prismaField({
      type: 'Post',
      ...isPublic(),
      args: { id: t.arg.int({ required: true }) },
      resolve: async (query, _r, { id }, ctx) => {
        await getPost(ctx.platform, ctx.principal, id);
        return ctx.platform.prisma.post.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
  }));

  builder.mutationFields((t) => ({
    createPost: t.prismaField({
      type: 'Post',
      ...requiresCapability('edit_posts'),
      args: { type: t.arg.string({ defaultValue: 'post' }), input: t.arg({ type: PostInput, required: true }) },
      resolve: async (query, _r, { type, input }, ctx) => {
        const post = await createPost(ctx.platform, ctx.principal, { ...input, type, meta: input.meta as Record<string, unknown> });
        return ctx.platform.prisma.post.findUniqueOrThrow({ ...query, where: { id: post.id } });
      },
    }),
    updatePost: t.prismaField({
      type: 'Post',
      ...requiresCapability('edit_posts'),
      args: { id: t.arg.int({ required: true }), input: t.arg({ type: PostInput, required: true }) },
      resolve: async (query, _r, { id, input }, ctx) => {
        await updatePost(ctx.platform, ctx.principal, id, { ...input, meta: input.meta as Record<string, unknown> });
        return ctx.platform.prisma.post.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    deletePost: t.field({
      type: PostRef,
      ...requiresCapability('edit_posts'),
      args: { id: t.arg.int({ required: true }) },
      resolve: (_r, { id }, ctx) => deletePost(ctx.platform, ctx.principal, id),
    }),
  }));
});
