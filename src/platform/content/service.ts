// Posts and pages (and other content types, e.g. the template library). Ownership rules via meta-capabilities.
import { z } from 'zod';
import { Prisma, type Post } from '../../generated/prisma/client.ts';
import { assertCan, canOnPost } from '../authorize.ts';
import { refusal } from '../refusal.ts';
import { notFound } from '../errors.ts';
import type { Platform } from '../platform.ts';
import { can, type Principal, userIdOf } from '../principal.ts';
import { parseInput } from '../validate.ts';

export const POST_STATUSES = ['draft', 'pending', 'private', 'publish'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

const plural = (type: string) => (type === 'page' ? 'pages' : 'posts');

export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 190) || 'untitled'
  );
}

/** Longest content a post may hold (characters). */
export const MAX_CONTENT_CHARS = 5_000_000;

const fields = {
  title: z.string().max(1000),
  content: z.string().max(MAX_CONTENT_CHARS),
  excerpt: z.string().max(10_000),
  status: z.enum(POST_STATUSES, { error: `Status is one of ${POST_STATUSES.join(', ')}.` }),
  meta: z.record(z.string(), z.unknown()),
};

export interface PostInput {
  type?: string | null;
  title?: string | null;
  content?: string | null;
  excerpt?: string | null;
  status?: string | null;
  parentId?: number | null;
  meta?: Record<string, unknown> | null;
}

/** What creating content of `type` with `status` needs: edit_<type>s, and publish_<type>s for publish or private.
 *  Exported so a service can refuse before other checks (e.g. templates' requirements). */
export function assertCanCreate(principal: Principal, type: string, status: string): void {
  assertCan(principal, can(principal, `edit_${plural(type)}`));
  if (status === 'publish' || status === 'private') assertCan(principal, can(principal, `publish_${plural(type)}`));
}

/** Creates content as the principal (who becomes its author). */
export async function createPost(platform: Platform, principal: Principal, input: PostInput): Promise<Post> {
  const data = parseInput(
    z.object({
      type: z.string().regex(/^[a-z][a-z0-9_]{0,19}$/, 'Unknown content type.').default('post'),
      title: fields.title.default(''),
      content: fields.content.default(''),
      excerpt: fields.excerpt.default(''),
      status: fields.status.default('draft'),
      parentId: z.number().int().positive().nullish(),
      meta: fields.meta.nullish(),
    }),
    input,
  );
  assertCanCreate(principal, data.type, data.status);
  const now = platform.clock.now();
  return platform.prisma.post.create({
    data: {
      type: data.type,
      title: data.title,
      content: data.content,
      excerpt: data.excerpt,
      status: data.status,
      slug: await uniqueSlug(platform, data.type, slugify(data.title)),
      authorId: userIdOf(principal),
      parentId: data.parentId ?? null,
      meta: (data.meta ?? {}) as Prisma.InputJsonValue,
      createdAt: now,
      updatedAt: now,
      publishedAt: data.status === 'publish' ? now : null,
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
  if (!canOnPost(principal, 'edit_post', post)) throw refusal(principal, { message: 'Sorry, you are not allowed to edit this post.' });
  return post;
}

export async function updatePost(platform: Platform, principal: Principal, id: number, input: PostInput): Promise<Post> {
  const post = await postForEdit(platform, principal, id);
  const data = parseInput(
    z.object({
      title: fields.title.nullish(),
      content: fields.content.nullish(),
      excerpt: fields.excerpt.nullish(),
      status: fields.status.nullish(),
      meta: fields.meta.nullish(),
    }),
    input,
  );
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

export interface PostQuery {
  type?: string | null;
  status?: string | null;
  search?: string | null;
  authorId?: number | null;
}

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
      ? { AND: [visible, { OR: [{ title: { contains: q.search, mode: 'insensitive' } }, { content: { contains: q.search, mode: 'insensitive' } }] }] }
      : visible),
  };
}

/** `base`, or `base-N` after the highest N taken: one aggregate row however many posts share the title. */
async function uniqueSlug(platform: Platform, type: string, base: string): Promise<string> {
  // slugify() leaves only [a-z0-9-], so `base` is safe inside the pattern.
  const [row] = await platform.prisma.$queryRaw<{ taken: boolean; highest: number | null }[]>`
    SELECT bool_or(slug = ${base}) AS taken,
           max(CASE WHEN slug ~ ${`^${base}-[0-9]{1,9}$`} THEN substring(slug FROM ${base.length + 2}::int)::int END) AS highest
    FROM posts WHERE type = ${type} AND slug LIKE ${`${base}%`}`;
  if (!row?.taken) return base;
  return `${base}-${Math.max(row.highest ?? 1, 1) + 1}`;
}
