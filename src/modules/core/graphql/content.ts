// GraphQL: posts and pages. Each operation's input is declared beside its service (platform/content); the field says
// who may try, and ownership (edit_post on this post) is the service's.
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic, requiresCapability } from '../../../graphql/access.ts';
import { offsetPage, prismaPage } from '../../../graphql/pagination.ts';
import { enumType, zodArgs } from '../../../graphql/zod-args.ts';
import { canOnPost } from '../../../platform/authorize.ts';
import {
  createPost,
  deletePost,
  getPost,
  PostCreateArgs,
  PostFilter,
  PostId,
  PostStatusEnum,
  PostUpdateArgs,
  postWhere,
  updatePost,
} from '../../../platform/content/service.ts';

export const contentSchema = schemaPart((builder) => {
  const PostRef = builder.prismaObject('Post', {
    description: 'A piece of content: a post, a page or another content type (e.g. a template library entry).',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'The post id.' }),
      type: t.exposeString('type', {
        description: 'Content type: post, page, or a type another part of the site writes.',
      }),
      title: t.exposeString('title', { description: 'Title as stored (not rendered); may be empty.' }),
      content: t.exposeString('content', { description: 'Body as stored (not rendered); may be empty.' }),
      excerpt: t.exposeString('excerpt', {
        description: 'Hand-written summary; empty when none was given (none is generated).',
      }),
      slug: t.exposeString('slug', {
        description:
          'URL name made from the title at creation (lowercase a-z, 0-9 and -; suffixed -2, -3… to be unique within its type).',
      }),
      status: t.expose('status', { type: enumType(builder, PostStatusEnum), description: 'Who may read it.' }),
      authorId: t.exposeInt('authorId', {
        nullable: true,
        description: 'The user who created it; null once that user was deleted.',
      }),
      author: t.relation('author', {
        nullable: true,
        description: 'The user who created it; null once that user was deleted.',
      }),
      parentId: t.exposeInt('parentId', {
        nullable: true,
        description: 'The parent post (e.g. of a sub-page); null at the top level.',
      }),
      meta: t.expose('meta', { type: 'JSON', description: 'Custom fields, a JSON object ({} when none).' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last changed (UTC).' }),
      publishedAt: t.expose('publishedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When it was first published (UTC); null if never. Unpublishing keeps it.',
      }),
      viewerCanEdit: t.boolean({
        description:
          "Whether the caller may edit it now (edit_post on it: by its author or by an editor of others' content, as the roles allow).",
        resolve: (post, _a, ctx) => canOnPost(ctx.principal, 'edit_post', post),
      }),
    }),
  });

  const PostPage = prismaPage(builder, 'Post');

  builder.queryFields((t) => ({
    posts: t.field({
      type: PostPage,
      description: 'Published content for everyone; drafts to their authors and to editors.',
      ...isPublic(),
      args: zodArgs(t, PostFilter),
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
      description: 'One post by id; 404 post_not_found when it does not exist or the caller may not read it.',
      ...isPublic(),
      args: zodArgs(t, PostId),
      resolve: async (query, _r, { id }, ctx) => {
        await getPost(ctx.platform, ctx.principal, id);
        return ctx.platform.prisma.post.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
  }));

  builder.mutationFields((t) => ({
    createPost: t.prismaField({
      type: 'Post',
      description: 'Creates content with the caller as its author; the slug comes from the title.',
      ...requiresCapability('edit_posts'),
      args: zodArgs(t, PostCreateArgs),
      resolve: async (query, _r, { type, input }, ctx) => {
        const post = await createPost(ctx.platform, ctx.principal, { ...input, type });
        return ctx.platform.prisma.post.findUniqueOrThrow({ ...query, where: { id: post.id } });
      },
    }),
    updatePost: t.prismaField({
      type: 'Post',
      description: 'Edits content the caller may edit (edit_post on it); the slug does not change.',
      ...requiresCapability('edit_posts'),
      args: zodArgs(t, PostUpdateArgs),
      resolve: async (query, _r, { id, input }, ctx) => {
        await updatePost(ctx.platform, ctx.principal, id, input);
        return ctx.platform.prisma.post.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    deletePost: t.field({
      type: PostRef,
      description: 'Deletes content for good (no trash) and answers it as it was.',
      ...requiresCapability('edit_posts'),
      args: zodArgs(t, PostId),
      resolve: (_r, { id }, ctx) => deletePost(ctx.platform, ctx.principal, id),
    }),
  }));
});
