// Capability checks in services: primitive capabilities and WordPress-style meta-capabilities on one object
// (edit_post on this post; edit_user on a user is the users policy, users/policy.ts), mapped as core's map_meta_cap maps them.
import { refusal } from './refusal.ts';
import { can, type Principal } from './principal.ts';

export interface PostLike {
  type: string;
  status: string;
  authorId: number | null;
}

export type PostMetaCap = 'edit_post' | 'delete_post' | 'read_post' | 'publish_post';

/** The primitive capabilities a meta-capability on `post` requires of user `userId` (core's map_meta_cap). */
export function mapPostCap(cap: PostMetaCap, userId: number | null, post: PostLike): string[] {
  const plural = post.type === 'page' ? 'pages' : 'posts';
  const own = userId !== null && post.authorId === userId;
  const published = post.status === 'publish';
  const privateStatus = post.status === 'private';
  switch (cap) {
    case 'publish_post':
      return [`publish_${plural}`];
    case 'read_post':
      if (published || own) return ['read'];
      return privateStatus ? [`read_private_${plural}`] : mapPostCap('edit_post', userId, post);
    case 'edit_post':
    case 'delete_post': {
      const verb = cap === 'edit_post' ? 'edit' : 'delete';
      if (own)
        return published
          ? [`${verb}_published_${plural}`]
          : privateStatus
            ? [`${verb}_private_${plural}`]
            : [`${verb}_${plural}`];
      const caps = [`${verb}_others_${plural}`];
      if (published) caps.push(`${verb}_published_${plural}`);
      if (privateStatus) caps.push(`${verb}_private_${plural}`);
      return caps;
    }
  }
}

export function canOnPost(principal: Principal, cap: PostMetaCap, post: PostLike): boolean {
  const userId = principal.kind === 'user' ? principal.user.id : null;
  return mapPostCap(cap, userId, post).every((c) => can(principal, c));
}

/** Throws the refusal (401 anonymous, 403 logged in) unless `allowed`. */
export function assertCan(principal: Principal, allowed: boolean, message?: string): void {
  if (!allowed) throw refusal(principal, { message });
}
