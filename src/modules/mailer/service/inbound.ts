// Inbound changes by e-mail address: POST /mailer/v1/events (API key) and the forms module's
// mailing/subscription/requested. Both are idempotent: a repeated event changes nothing and emits nothing.
// Rules: subscribe creates the subscriber (subscribed) or resubscribes an unsubscribed or unconfirmed one; a bounced
// address stays bounced (it cannot receive mail). unsubscribe, tag and untag need an existing subscriber (404).
// A form request without consent creates an unconfirmed subscriber and never changes an existing one's status; with
// consent it acts as subscribe.
import type { MailingSubscriptionRequest } from '../../../platform/contracts.ts';
import { isUniqueViolation } from '../../../platform/database-errors.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { transaction, type AfterCommit, type Tx } from '../../../platform/transaction.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { email as emailSchema, enumOf, text } from '../../../input/vocabulary.ts';
import { z } from 'zod';
import { subscriberNotFound } from '../errors.ts';
import { ensureTags, slugify } from './lists-tags.ts';
import { statusEvents } from './subscribers.ts';
import { tagSubscriber, untagSubscriber } from './tagging.ts';

export const INBOUND_EVENTS = ['subscribe', 'unsubscribe', 'tag', 'untag'] as const;

export const InboundEvent = enumOf(
  'MailerInboundEvent',
  INBOUND_EVENTS,
  'subscribe (creates or resubscribes; bounced stays bounced), unsubscribe, tag or untag (these three need an existing subscriber).',
  {
    subscribe: 'Creates the subscriber or subscribes them again (a bounced address stays bounced).',
    unsubscribe: 'Unsubscribes an existing subscriber.',
    tag: 'Adds tags to an existing subscriber.',
    untag: 'Removes tags from an existing subscriber.',
  },
);
export const InboundEventInput = {
  email: emailSchema().describe('Address of the subscriber; trimmed and lower-cased.'),

  event: InboundEvent,
  tagSlug: text(100).optional().describe('For tag and untag (optional with subscribe).'),
  firstName: text(100).optional().describe('With subscribe.'),
};
const EventInput = z.object(InboundEventInput);

const unknownTag = (slug: string) =>
  new AppError('mailer_unknown_tag', `No tag has the slug "${slug}".`, { status: 400 });

interface Target {
  status: string;
  firstName?: string | null;
  source: string;
  listId?: number | null;
}

/** Creates or moves the subscriber of `email` toward `status`; returns it and whether anything changed. */
async function upsert(tx: Tx, after: AfterCommit, platform: Platform, email: string, t: Target, onlyCreate: boolean) {
  const now = platform.clock.now();
  let s = await tx.mailerSubscriber.findUnique({ where: { email } });
  let changed = false;
  if (!s) {
    s = await tx.mailerSubscriber.create({
      data: { email, firstName: t.firstName ?? '', status: t.status, source: t.source, createdAt: now, updatedAt: now },
    });
    statusEvents(after, s, null, s.status);
    changed = true;
  } else if (!onlyCreate && s.status !== t.status && s.status !== 'bounced') {
    // Conditional update: of two concurrent identical requests only one moves the row (and emits).
    const before = s.status;
    const moved = await tx.mailerSubscriber.updateMany({
      where: { id: s.id, status: before },
      data: { status: t.status, updatedAt: now, ...(t.firstName && !s.firstName ? { firstName: t.firstName } : {}) },
    });
    s = await tx.mailerSubscriber.findUniqueOrThrow({ where: { id: s.id } });
    if (moved.count) statusEvents(after, s, before, s.status);
    changed = moved.count > 0;
  }
  if (t.listId && (await tx.mailerList.findUnique({ where: { id: t.listId }, select: { id: true } }))) {
    const added = await tx.mailerListMember.createMany({
      data: [{ listId: t.listId, subscriberId: s.id, createdAt: now }],
      skipDuplicates: true,
    });
    changed ||= added.count > 0;
  }
  return { subscriber: s, changed };
}

export async function handleInboundEvent(platform: Platform, input: Input<typeof EventInput>) {
  const data = parseDeclared(EventInput, input);
  const slug = data.tagSlug ? slugify(data.tagSlug) : '';
  if ((data.event === 'tag' || data.event === 'untag') && !slug) {
    throw new AppError('rest_missing_callback_param', 'Missing parameter(s): tag_slug', {
      data: { params: ['tag_slug'] },
    });
  }
  const attempt = () =>
    transaction(platform, async (tx, after) => {
      const tag = slug ? await tx.mailerTag.findUnique({ where: { slug } }) : null;
      if (slug && !tag) throw unknownTag(slug);
      if (data.event === 'subscribe') {
        const { subscriber, changed } = await upsert(
          tx,
          after,
          platform,
          data.email,
          { status: 'subscribed', firstName: data.firstName, source: 'event' },
          false,
        );
        const tagged = tag ? (await tagSubscriber(platform, subscriber.id, [tag.id], { tx, after })).length > 0 : false;
        return { id: subscriber.id, changed: changed || tagged };
      }
      const s = await tx.mailerSubscriber.findUnique({ where: { email: data.email } });
      if (!s) throw subscriberNotFound();
      if (data.event === 'unsubscribe') {
        const now = platform.clock.now();
        const moved = await tx.mailerSubscriber.updateMany({
          where: { id: s.id, status: { not: 'unsubscribed' } },
          data: { status: 'unsubscribed', unsubscribedAt: now, updatedAt: now },
        });
        if (moved.count) statusEvents(after, s, s.status, 'unsubscribed');
        return { id: s.id, changed: moved.count > 0 };
      }
      if (data.event === 'tag')
        return { id: s.id, changed: (await tagSubscriber(platform, s.id, [tag!.id], { tx, after })).length > 0 };
      return { id: s.id, changed: await untagSubscriber(platform, s.id, tag!.id, { tx, after }) };
    });
  try {
    return await attempt();
  } catch (err) {
    // Two first subscribes of one address at once: the loser finds the winner's row on its second try.
    if (isUniqueViolation(err)) return attempt();
    throw err;
  }
}

/** The forms module's request (see src/platform/contracts.ts). */
export async function handleSubscriptionRequest(platform: Platform, req: MailingSubscriptionRequest) {
  const parsed = emailSchema().safeParse(req.email);
  if (!parsed.success)
    return platform.logger.warn({ source: req.source }, 'mailer: subscription request with an invalid address ignored');
  const tags = await ensureTags(platform, req.tagSlugs ?? []);
  const attempt = () =>
    transaction(platform, async (tx, after) => {
      const target = {
        status: req.consent ? 'subscribed' : 'unconfirmed',
        firstName: req.firstName,
        source: req.source,
        listId: req.listId,
      };
      const { subscriber } = await upsert(tx, after, platform, parsed.data, target, !req.consent);
      if (tags.length)
        await tagSubscriber(
          platform,
          subscriber.id,
          tags.map((t) => t.id),
          { tx, after },
        );
      return subscriber;
    });
  try {
    return await attempt();
  } catch (err) {
    if (isUniqueViolation(err)) return attempt();
    throw err;
  }
}
