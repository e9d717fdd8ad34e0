// Subscribers: create, update, delete, tag. Addresses are trimmed and lower-cased as a whole (every mailbox provider
// that matters treats the local part case-insensitively, and it makes duplicates detectable); the unique index on
// email is the final word on duplicates (a race answers 409 too).
import { z } from 'zod';
import { Prisma } from '../../../generated/prisma/client.ts';
import { isUniqueViolation } from '../../../platform/database-errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { transaction, type AfterCommit, type Tx } from '../../../platform/transaction.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { email, enumOf, id, inputObject, pageArgs, search, text } from '../../../input/vocabulary.ts';
import { listNotFound, subscriberExists, subscriberNotFound } from '../errors.ts';

export const SUBSCRIBER_STATUSES = ['subscribed', 'unconfirmed', 'unsubscribed', 'bounced'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SubscriberStatus = enumOf(
  'MailerSubscriberStatus',
  SUBSCRIBER_STATUSES,
  'Only subscribed members receive campaigns: subscribed (mailed), unconfirmed (awaiting consent), unsubscribed (opted out), bounced (address refused mail).',
  {
    subscribed: 'Receives campaigns.',
    unconfirmed: 'Awaiting consent (double opt-in): receives no campaigns yet.',
    unsubscribed: 'Opted out: receives no campaigns.',
    bounced: 'The address refused mail: receives no campaigns.',
  },
);

export const ids = (description: string) => z.array(id()).max(100).describe(description);

// Addresses are checked after trimming, so ' Ada@Example.com ' is accepted and normalised.
export const SubscriberCreate = inputObject(
  'MailerSubscriberCreateInput',
  {
    email: email().describe('Address; trimmed and lower-cased, unique among subscribers.'),
    firstName: text(100).optional().describe('What {{first_name}} becomes in campaigns.'),
    listId: id().optional().describe('List to join.'),
    status: SubscriberStatus.default('subscribed'),
  },
  'A new subscriber.',
);
export const SubscriberUpdate = inputObject(
  'MailerSubscriberUpdateInput',
  {
    email: email().optional().describe('New address; trimmed and lower-cased, unique among subscribers.'),
    firstName: text(100).optional().describe('What {{first_name}} becomes in campaigns.'),
    status: SubscriberStatus.optional(),
    listIds: ids('Replaces the memberships.').optional(),
  },
  'Changes to a subscriber; fields left out stay as they are.',
);
export const SubscriberFilter = {
  ...pageArgs,
  search: search().describe('Part of the address or first name.'),
  status: SubscriberStatus.optional(),
  listId: id().optional().describe('Only members of this list.'),
  tagId: id().optional().describe('Only holders of this tag.'),
};

export async function assertLists(tx: Tx, listIds: readonly number[]) {
  const found = await tx.mailerList.findMany({ where: { id: { in: [...listIds] } }, select: { id: true } });
  const missing = listIds.find((id) => !found.some((l) => l.id === id));
  if (missing !== undefined) throw listNotFound(missing);
}

/** Status-change events, shared by every path that moves a subscriber (manager, inbound event, link). */
export function statusEvents(
  after: AfterCommit,
  s: { id: number; email: string; source: string },
  from: string | null,
  to: string,
  campaignId: number | null = null,
) {
  if (from === to) return;
  if (to === 'subscribed')
    after.emit('mailer/subscriber/subscribed', { subscriberId: s.id, email: s.email, source: s.source });
  if (to === 'unsubscribed')
    after.emit('mailer/subscriber/unsubscribed', { subscriberId: s.id, email: s.email, campaignId });
}

export async function createSubscriber(platform: Platform, input: Input<typeof SubscriberCreate>, source = 'admin') {
  const data = parseDeclared(SubscriberCreate, input);
  try {
    return await transaction(platform, async (tx, after) => {
      if (data.listId) await assertLists(tx, [data.listId]);
      const now = platform.clock.now();
      const s = await tx.mailerSubscriber.create({
        data: {
          email: data.email,
          firstName: data.firstName ?? '',
          status: data.status,
          source,
          createdAt: now,
          updatedAt: now,
          unsubscribedAt: data.status === 'unsubscribed' ? now : null,
        },
      });
      if (data.listId)
        await tx.mailerListMember.create({ data: { listId: data.listId, subscriberId: s.id, createdAt: now } });
      statusEvents(after, s, null, s.status);
      return s;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw subscriberExists();
    throw err;
  }
}

export async function updateSubscriber(platform: Platform, id: number, input: Input<typeof SubscriberUpdate>) {
  const data = parseDeclared(SubscriberUpdate, input);
  try {
    return await transaction(platform, async (tx, after) => {
      const before = await tx.mailerSubscriber.findUnique({ where: { id } });
      if (!before) throw subscriberNotFound();
      if (data.listIds) await assertLists(tx, data.listIds);
      const now = platform.clock.now();
      const moving = data.status !== undefined && data.status !== before.status;
      const s = await tx.mailerSubscriber.update({
        where: { id },
        data: {
          email: data.email,
          firstName: data.firstName,
          status: data.status,
          updatedAt: now,
          ...(moving && data.status === 'unsubscribed' ? { unsubscribedAt: now } : {}),
        },
      });
      if (data.listIds) {
        // The given lists replace the memberships (kept rows keep their join date).
        await tx.mailerListMember.deleteMany({ where: { subscriberId: id, listId: { notIn: data.listIds } } });
        await tx.mailerListMember.createMany({
          data: data.listIds.map((listId) => ({ listId, subscriberId: id, createdAt: now })),
          skipDuplicates: true,
        });
      }
      statusEvents(after, s, before.status, s.status);
      return s;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw subscriberExists();
    throw err;
  }
}

export async function deleteSubscriber(platform: Platform, id: number) {
  const deleted = await platform.prisma.mailerSubscriber.deleteMany({ where: { id } });
  if (!deleted.count) throw subscriberNotFound();
}

/** The list filter of GET /subscribers: status and a search over address and first name. */
export function subscriberWhere(args: {
  search?: string | null;
  status?: SubscriberStatus | null;
  listId?: number | null;
  tagId?: number | null;
}): Prisma.MailerSubscriberWhereInput {
  const q = args.search?.trim();
  return {
    ...(args.status ? { status: args.status } : {}),
    ...(q
      ? { OR: [{ email: { contains: q.toLowerCase() } }, { firstName: { contains: q, mode: 'insensitive' } }] }
      : {}),
    ...(args.listId ? { lists: { some: { listId: args.listId } } } : {}),
    ...(args.tagId ? { tags: { some: { tagId: args.tagId } } } : {}),
  };
}
