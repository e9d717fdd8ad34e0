// Badges: manual ones awarded by managers, and automatic ones whose criteria {event, count} a durable listener checks
// each time the event fires for a member (counting what the member did, from the tables: idempotent, so a repeated
// event awards nothing twice). Awarding is one INSERT … ON CONFLICT DO NOTHING: badge/awarded fires for a
// new award only, once per member and badge, also under concurrency.
import { z } from 'zod';
import { isUniqueViolation } from '../../../platform/database-errors.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, id, inputObject, text } from '../../../input/vocabulary.ts';
import type { EventName } from '../../../platform/events.ts';
import type { Platform } from '../../../platform/platform.ts';
import { durable, type DurableListener } from '../../../platform/events.ts';
import { transaction } from '../../../platform/transaction.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { badgeNotFound, memberConflict, userNotFound } from '../core/errors.ts';
import { slugify } from '../core/service/plans.ts';

type Counter = (platform: Platform, userId: number) => Promise<number>;

/** The events automatic badges may count, each with what it counts for a member. */
export const COUNTED = {
  'member/topic/created': {
    user: 'author_id',
    count: (p, u) => p.prisma.memberTopic.count({ where: { authorId: u, status: { not: 'hidden' } } }),
  },
  'member/reply/created': {
    user: 'author_id',
    count: (p, u) => p.prisma.memberReply.count({ where: { authorId: u, status: { not: 'hidden' } } }),
  },
  'member/dm/sent': { user: 'sender_id', count: (p, u) => p.prisma.memberMessage.count({ where: { senderId: u } }) },
  'member/lesson/completed': {
    user: 'user_id',
    count: (p, u) => p.prisma.memberLessonProgress.count({ where: { userId: u, status: 'completed' } }),
  },
  'member/course/completed': {
    user: 'user_id',
    count: (p, u) => p.prisma.memberEnrollment.count({ where: { userId: u, completedAt: { not: null } } }),
  },
  'member/quiz/passed': {
    user: 'user_id',
    count: async (p, u) =>
      (
        await p.prisma.memberQuizAttempt.findMany({
          where: { userId: u, passed: true },
          distinct: ['quizId'],
          select: { quizId: true },
        })
      ).length,
  },
  'member/certificate/issued': {
    user: 'user_id',
    count: (p, u) => p.prisma.memberCertificate.count({ where: { userId: u } }),
  },
} satisfies Record<string, { user: string; count: Counter }>;
export const CountedEvent = enumOf(
  'MemberBadgeEvent',
  Object.keys(COUNTED) as [keyof typeof COUNTED, ...(keyof typeof COUNTED)[]],
  'An event automatic badges count (the full name).',
  {
    'member/topic/created': 'The member started a topic.',
    'member/reply/created': 'The member replied to a topic.',
    'member/dm/sent': 'The member sent a direct message.',
    'member/lesson/completed': 'The member completed a lesson.',
    'member/course/completed': 'The member completed a course.',
    'member/quiz/passed': 'The member passed a quiz (each quiz counts once).',
    'member/certificate/issued': 'The member was issued a certificate.',
  },
);

const badgeCount = z.number().int().min(1).max(1_000_000);

export const BadgeCreate = inputObject(
  'MemberBadgeCreateInput',
  {
    name: text(100, 1).describe('Name shown to members.'),
    slug: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .optional()
      .describe('Unique URL name; default: from the name.'),
    description: text(1000).optional().describe('Text shown to members.'),
    icon: text(200).optional().describe('An icon name or URL, as the client shows it.'),
    criteria: z
      .union([
        z.literal('manual'),
        z.strictObject({ manual: z.literal(true) }),
        z.strictObject({ event: CountedEvent, count: badgeCount }),
      ])
      .optional()
      .describe(
        '"manual", {"manual": true}, or {"event": "<full event name>", "count": n} for an automatic badge; anything else is refused.',
      ),
    event: CountedEvent.optional().describe(
      'Automatic: awarded when the member has caused this event `count` times (or say it in criteria).',
    ),
    count: badgeCount.optional().describe('With event: how many times the member must cause it.'),
  },
  'A new badge: manual unless criteria (or event and count) say otherwise.',
);
export const AwardInput = { id: id().describe('The member.'), badgeId: id().describe('The badge awarded.') };

export type Criteria = { manual: true } | { event: string; count: number };

/** The default automatic badges, created once at start-up (by slug; racing instances create them once). */
export const DEFAULT_BADGES = [
  {
    slug: 'first-topic',
    name: 'First topic',
    description: 'Started a first discussion.',
    criteria: { event: 'member/topic/created', count: 1 },
  },
  {
    slug: 'ten-replies',
    name: 'Conversationalist',
    description: 'Wrote ten replies.',
    criteria: { event: 'member/reply/created', count: 10 },
  },
  {
    slug: 'first-course',
    name: 'Graduate',
    description: 'Completed a first course.',
    criteria: { event: 'member/course/completed', count: 1 },
  },
];

export async function ensureDefaultBadges(platform: Platform) {
  const now = platform.clock.now();
  // Kysely on the pool: a module's start runs before serve listens, and Prisma's query compiler loads after.
  await platform.sql
    .insertInto('member_badges')
    .values(DEFAULT_BADGES.map((b) => ({ ...b, criteria: JSON.stringify(b.criteria), icon: '', created_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function createBadge(platform: Platform, input: Input<typeof BadgeCreate>) {
  const data = parseDeclared(BadgeCreate, input);
  if ((data.event === undefined) !== (data.count === undefined))
    throw memberConflict('An automatic badge needs both event and count; a manual one neither.');
  if (data.criteria !== undefined && data.event !== undefined) {
    throw new ValidationError({ criteria: 'Give the criteria once: criteria, or event and count.' });
  }
  const slug = data.slug || slugify(data.name) || 'badge';
  const given = data.criteria === 'manual' ? { manual: true as const } : data.criteria;
  const criteria: Criteria = given ?? (data.event ? { event: data.event, count: data.count! } : { manual: true });
  try {
    return await platform.prisma.memberBadge.create({
      data: {
        name: data.name,
        slug,
        description: data.description ?? '',
        icon: data.icon ?? '',
        criteria,
        createdAt: platform.clock.now(),
      },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw memberConflict(`A badge with the slug "${slug}" exists.`);
    throw err;
  }
}

/** Awards a badge; `created` says whether this call made the award (and fired badge/awarded). */
export async function awardBadge(platform: Platform, userId: number, badgeId: number, awardedBy: number | null) {
  return transaction(platform, async (tx, after) => {
    if (!(await tx.memberBadge.findUnique({ where: { id: badgeId }, select: { id: true } })))
      throw badgeNotFound(badgeId);
    if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw userNotFound(userId);
    const inserted = await tx.memberBadgeAward.createMany({
      data: [{ badgeId, userId, awardedAt: platform.clock.now(), awardedBy }],
      skipDuplicates: true,
    });
    if (inserted.count) after.emit('member/badge/awarded', { user_id: userId, badge_id: badgeId });
    return {
      award: await tx.memberBadgeAward.findUniqueOrThrow({ where: { badgeId_userId: { badgeId, userId } } }),
      created: inserted.count > 0,
    };
  });
}

/** Durable listeners: each counted event checks the automatic badges that count it, for the member who caused it
 *  (a job per event, retried: a badge is not lost to a busy database). */
export const badgeListeners: DurableListener[] = Object.entries(COUNTED).map(([name, counted]) =>
  durable({
    event: name as EventName,
    name: `member/badges/on/${name.replace(/^member\//, '')}`,
    async handle(platform, payload) {
      const userId = (payload as unknown as Record<string, number>)[counted.user];
      if (!userId) return;
      const badges = await platform.prisma.memberBadge.findMany({
        where: { criteria: { path: ['event'], equals: name } },
      });
      if (!badges.length) return;
      const done = await counted.count(platform, userId);
      for (const b of badges)
        if (done >= (b.criteria as { count: number }).count) await awardBadge(platform, userId, b.id, null);
    },
  }),
);
