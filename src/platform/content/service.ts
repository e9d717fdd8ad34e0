// Posts and pages (and other content types, e.g. the template library): their inputs, declared once for both faces
// and the modules that write content, and the ownership rules (meta-capabilities on the post, authorize.ts).
import { z } from 'zod';
import { Prisma, type Post } from '../../generated/prisma/client.ts';
import { parseDeclared, type Input } from '../validation.ts';
import { enumOf, id, inputObject, pageArgs, search } from '../../input/vocabulary.ts';
import { assertCan, canOnPost } from '../authorize.ts';
import { refusal } from '../refusal.ts';
import { notFound } from '../errors.ts';
import type { Platform } from '../platform.ts';
import { can, type Principal, userIdOf } from '../principal.ts';
import { slugify, uniqueSlug } from './slugs.ts';

export const POST_STATUSES = ['draft', 'pending', 'private', 'publish'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

const plural = (type: string) => (type === 'page' ? 'pages' : 'posts');

/** Longest content a post may hold (characters). */
export const MAX_CONTENT_CHARS = 5_000_000;

const CONTENT_TYPE = /^[a-z][a-z0-9_]{0,19}$/;
const contentType = () => z.string().refine((s) => CONTENT_TYPE.test(s), 'Unknown content type.');
export const PostStatusEnum = enumOf(
  'PostStatus',
  POST_STATUSES,
  'Who may read a post: its author and editors while a draft or pending, chosen readers when private, everyone once published.',
  {
    draft: "Being written: only its author and those who may edit others' content see it.",
    pending: 'Awaiting review by someone who may publish; seen as a draft is.',
    private: 'Published for a few: its author and holders of read_private_posts (read_private_pages) only.',
    publish: 'Published: visible to everyone.',
  },
);

const postFields = {
  title: z.string().max(1000).optional().describe('Title, at most 1,000 characters (default on create: empty).'),
  content: z
    .string()
    .max(MAX_CONTENT_CHARS)
    .optional()
    .describe('Body, at most 5,000,000 characters (default on create: empty).'),
  excerpt: z.string().max(10_000).optional().describe('Summary, at most 10,000 characters (default on create: empty).'),
  status: PostStatusEnum.optional().describe(
    'draft (the default on create), pending, private or publish; private and publish need publish_posts (publish_pages).',
  ),
  meta: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Custom fields, a JSON object; on update its keys are merged into the stored ones.'),
};

/** The fields of a post as GraphQL takes them (createPost, updatePost). */
export const PostInput = inputObject(
  'PostInput',
  postFields,
  'Fields of a post; on update, fields left out or null stay as they are.',
);
export const PostCreateArgs = {
  type: contentType()
    .default('post')
    .describe('Content type: lowercase letter, then up to 19 of a-z, 0-9 and _ (e.g. page).'),
  input: PostInput,
};
export const PostUpdateArgs = { id: id().describe('The post id.'), input: PostInput };
export const PostId = { id: id().describe('The post id.') };
/** What createPost takes from any caller (a module writing content too): the type and parent beside the fields. */
export const PostCreate = z.object({ type: PostCreateArgs.type, ...postFields, parentId: id().optional() });
export const PostFilter = {
  ...pageArgs,
  type: contentType().default('post').describe('Content type to list (post, page, …).'),
  status: PostStatusEnum.optional().describe('Only this status, among those the caller may see.'),
  search: search().describe('Case-insensitive substring of the title or content.'),
  authorId: id().optional().describe("Only this user's content."),
};

/** What creating content of `type` with `status` needs: edit_<type>s, and publish_<type>s for publish or private.
 *  Exported so a service can refuse before other checks (e.g. templates' requirements). */
export function assertCanCreate(principal: Principal, type: string, status: string): void {
  assertCan(principal, can(principal, `edit_${plural(type)}`));
  if (status === 'publish' || status === 'private') assertCan(principal, can(principal, `publish_${plural(type)}`));
}

/** Creates content as the principal (who becomes its author). */
export async function createPost(
  platform: Platform,
  principal: Principal,
  input: Input<typeof PostCreate>,
): Promise<Post> {
  const {
    type,
    title = '',
    content = '',
    excerpt = '',
    status = 'draft',
    parentId,
    meta,
  } = parseDeclared(PostCreate, input);
  assertCanCreate(principal, type, status);
  const now = platform.clock.now();
  return platform.prisma.post.create({
    data: {
      type,
      title,
      content,
      excerpt,
      status,
      slug: await uniqueSlug(platform, type, slugify(title)),
      authorId: userIdOf(principal),
      parentId: parentId ?? null,
      meta: (meta ?? {}) as Prisma.InputJsonValue,
      createdAt: now,
      updatedAt: now,
      publishedAt: status === 'publish' ? now : null,
    },
  });
}

/** Finds a post the principal may read; hidden posts answer 404 to those who may not see them. */
export async function getPost(platform: Platform, principal: Principal, id: number): Promise<Post> {
  const post = await platform.prisma.post.findUnique({ where: { id } });
  if (!post || !canOnPost(principal, 'read_post', post)) throw notFound('post_not_found', 'No post has that id.');
  return post;
}

/** Loads a post the principal must be allowed to edit: 404 when it does not exist, 401/403 when not allowed. */
export async function postForEdit(platform: Platform, principal: Principal, id: number): Promise<Post> {
  const post = await platform.prisma.post.findUnique({ where: { id } });
  if (!post) throw notFound('post_not_found', 'No post has that id.');
  if (!canOnPost(principal, 'edit_post', post))
    throw refusal(principal, { message: 'Sorry, you are not allowed to edit this post.' });
  return post;
}

export async function updatePost(
  platform: Platform,
  principal: Principal,
  id: number,
  input: Input<typeof PostInput>,
): Promise<Post> {
  const post = await postForEdit(platform, principal, id);
  const data = parseDeclared(PostInput, input);
  const publishing = (data.status === 'publish' || data.status === 'private') && data.status !== post.status;
  if (publishing) assertCan(principal, canOnPost(principal, 'publish_post', post));
  const now = platform.clock.now();
  return platform.prisma.post.update({
    where: { id },
    data: {
      ...(data.title != null ? { title: data.title } : {}),
      ...(data.content != null ? { content: data.content } : {}),
      ...(data.excerpt != null ? { excerpt: data.excerpt } : {}),
      ...(data.status ? { status: data.status } : {}),
      ...(data.meta ? { meta: { ...(post.meta as object), ...data.meta } as Prisma.InputJsonValue } : {}),
      ...(data.status === 'publish' && !post.publishedAt ? { publishedAt: now } : {}),
      updatedAt: now,
    },
  });
}

export async function deletePost(platform: Platform, principal: Principal, id: number): Promise<Post> {
  const post = await platform.prisma.post.findUnique({ where: { id } });
  if (!post) throw notFound('post_not_found', 'No post has that id.');
  assertCan(principal, canOnPost(principal, 'delete_post', post));
  await platform.prisma.post.delete({ where: { id } });
  return post;
}

type PostQuery = Partial<Record<'type' | 'status' | 'search', string | null> & { authorId: number | null }>;

/** Who sees what in lists: published content to everyone, the rest to authors and those who edit others' content. */
export function postWhere(principal: Principal, q: PostQuery): Prisma.PostWhereInput {
  const type = q.type ?? 'post';
  const visible: Prisma.PostWhereInput = can(principal, `edit_others_${plural(type)}`)
    ? {}
    : { OR: [{ status: 'publish' }, ...(userIdOf(principal) ? [{ authorId: userIdOf(principal) }] : [])] };
  return {
    type,
    ...(q.status ? { status: q.status } : {}),
    ...(q.authorId ? { authorId: q.authorId } : {}),
    ...(q.search
      ? {
          AND: [
            visible,
            {
              OR: [
                { title: { contains: q.search, mode: 'insensitive' } },
                { content: { contains: q.search, mode: 'insensitive' } },
              ],
            },
          ],
        }
      : visible),
  };
}
