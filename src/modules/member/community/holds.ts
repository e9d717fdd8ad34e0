// Automatic holds: a member's first post that links out (the classic spam pattern Discourse and BuddyBoss hold) waits
// in the moderation queue, status pending, until a moderator approves it — also when the link comes with an edit of a
// post published without one. Community managers and moderators are never held; nor is anyone with another published
// post already.
import type { Platform } from '../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../platform/principal.ts';
import type { Tx } from '../../../platform/transaction.ts';
import { isCommunityManager } from './standing.ts';
import { linksOut } from './text.ts';

export async function holdIfNeeded(
  tx: Tx,
  platform: Platform,
  principal: Principal,
  post: { type: 'topic' | 'reply'; id: number; body: string },
): Promise<boolean> {
  const authorId = userIdOf(principal);
  if (authorId === null || isCommunityManager(principal) || !linksOut(post.body)) return false;
  const [earlierTopic, earlierReply] = await Promise.all([
    tx.memberTopic.findFirst({
      where: { authorId, status: 'published', ...(post.type === 'topic' ? { id: { not: post.id } } : {}) },
      select: { id: true },
    }),
    tx.memberReply.findFirst({
      where: { authorId, status: 'published', ...(post.type === 'reply' ? { id: { not: post.id } } : {}) },
      select: { id: true },
    }),
  ]);
  if (earlierTopic || earlierReply) return false;
  const now = platform.clock.now();
  if (post.type === 'topic') await tx.memberTopic.update({ where: { id: post.id }, data: { status: 'pending' } });
  else await tx.memberReply.update({ where: { id: post.id }, data: { status: 'pending' } });
  // A post flagged (and resolved) before an edit already has its item: it is opened again.
  const note = "Held automatically: a new member's first post links out.";
  await tx.memberModerationItem.upsert({
    where: { targetType_targetId: { targetType: post.type, targetId: post.id } },
    create: { targetType: post.type, targetId: post.id, reason: 'spam', createdAt: now, note },
    update: { status: 'pending', resolvedBy: null, resolvedAt: null, note },
  });
  return true;
}
