// Campaigns and their state machine (listmonk's, with Mailchimp's names for the end states):
//   draft -> scheduled (send with a future send_at) -> sending (send now, or the scheduler when send_at is due)
//   sending <-> paused;  scheduled|sending|paused -> cancelled;  sending -> sent (the sender, when the queue is empty)
//   scheduled -> draft (update with status draft: unschedule).  Any other move answers 409 mailer_campaign_conflict.
import { z } from 'zod';
import { AppError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { transaction, type AfterCommit, type Tx } from '../../../platform/transaction.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, inputObject, pageArgs, search, text } from '../../../input/vocabulary.ts';
import { campaignConflict, campaignNotFound, segmentNotFound, smtpMissing, tagNotFound } from '../errors.ts';
import { extractLinks } from '../send/render.ts';
import { startLanes } from '../send/batch.ts';
import { hasAudience, materialise } from './audience.ts';
import { assertLists, ids } from './subscribers.ts';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'paused', 'cancelled'] as const;
export const CampaignStatus = enumOf(
  'MailerCampaignStatus',
  CAMPAIGN_STATUSES,
  'draft (editable), scheduled (starts at sendAt), sending, paused (resumable), sent (every recipient handled) or cancelled.',
  {
    draft: 'Being written; editable.',
    scheduled: 'Starts sending at sendAt; editable until then.',
    sending: 'Being sent now.',
    paused: 'Sending stopped part-way; editable, and resumable.',
    sent: 'Every recipient handled.',
    cancelled: 'Stopped for good; nothing more is sent.',
  },
);
const EDITABLE = ['draft', 'scheduled', 'paused'];

const Fields = {
  subject: text(998).optional().describe('Takes merge tags: {{first_name|fallback}}, {{email}}.'),
  fromName: text(200).optional().describe('Sender display name.'),
  fromEmail: text(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Invalid email address.')
    .optional()
    .describe('Sender address (empty: MAIL_FROM).'),
  html: z
    .string()
    .max(1_000_000)
    .optional()
    .describe('Merge tags {{first_name|fallback}}, {{email}}, {{unsubscribe_url}}; http(s) links are tracked.'),
  text: z.string().max(1_000_000).optional().describe('Plain-text body; same merge tags as html.'),
  listIds: ids('Lists whose subscribed members receive it.').optional(),
  segmentIds: ids('Segments whose subscribed members receive it.').optional(),
  tagIds: ids('Tags whose subscribed holders receive it.').optional(),
};
export const CampaignCreate = inputObject(
  'MailerCampaignCreateInput',
  { name: text(200, 1).describe('Internal name, never shown to recipients.'), ...Fields },
  'A new draft campaign.',
);
export const CampaignUpdate = inputObject(
  'MailerCampaignUpdateInput',
  {
    name: text(200, 1).optional().describe('Internal name, never shown to recipients.'),
    ...Fields,
    status: CampaignStatus.optional().describe('Only draft, to unschedule a scheduled campaign.'),
  },
  'Changes to a draft, scheduled or paused campaign; fields left out stay as they are.',
);

export const CampaignFilter = {
  ...pageArgs,
  search: search().describe('Part of the name or subject.'),
  status: CampaignStatus.optional(),
};

async function assertAudienceIds(tx: Tx, d: { listIds?: number[]; segmentIds?: number[]; tagIds?: number[] }) {
  if (d.listIds?.length) await assertLists(tx, d.listIds);
  for (const [ids, model, err] of [
    [d.segmentIds, tx.mailerSegment, segmentNotFound],
    [d.tagIds, tx.mailerTag, tagNotFound],
  ] as const) {
    if (!ids?.length) continue;
    const found = await (model as typeof tx.mailerTag).findMany({ where: { id: { in: ids } }, select: { id: true } });
    const missing = ids.find((id) => !found.some((f) => f.id === id));
    if (missing !== undefined) throw err(missing);
  }
}

export async function createCampaign(platform: Platform, input: Input<typeof CampaignCreate>) {
  const data = parseDeclared(CampaignCreate, input);
  return transaction(platform, async (tx) => {
    await assertAudienceIds(tx, data);
    const now = platform.clock.now();
    return tx.mailerCampaign.create({
      data: {
        ...data,
        listIds: data.listIds ?? [],
        segmentIds: data.segmentIds ?? [],
        tagIds: data.tagIds ?? [],
        createdAt: now,
        updatedAt: now,
      },
    });
  });
}

export async function updateCampaign(platform: Platform, id: number, input: Input<typeof CampaignUpdate>) {
  const { status, ...data } = parseDeclared(CampaignUpdate, input);
  return transaction(platform, async (tx) => {
    const c = await tx.mailerCampaign.findUnique({ where: { id } });
    if (!c) throw campaignNotFound();
    if (!EDITABLE.includes(c.status)) throw campaignConflict(c.status, 'edited');
    const unschedule = status === 'draft' && c.status === 'scheduled';
    if (status && status !== c.status && !unschedule) {
      throw new AppError(
        'mailer_campaign_conflict',
        `status cannot move from ${c.status} to ${status} by an update; use send, pause, resume or cancel.`,
      );
    }
    await assertAudienceIds(tx, data);
    return tx.mailerCampaign.update({
      where: { id },
      data: { ...data, ...(unschedule ? { status: 'draft', sendAt: null } : {}), updatedAt: platform.clock.now() },
    });
  });
}

export async function deleteCampaign(platform: Platform, id: number) {
  const deleted = await platform.prisma.mailerCampaign.deleteMany({ where: { id, status: { not: 'sending' } } });
  if (deleted.count) return;
  const c = await platform.prisma.mailerCampaign.findUnique({ where: { id }, select: { status: true } });
  throw c ? campaignConflict(c.status, 'deleted (pause or cancel it first)') : campaignNotFound();
}

function assertSendable(c: {
  subject: string;
  html: string;
  text: string;
  listIds: number[];
  tagIds: number[];
  segmentIds: number[];
}) {
  const missing = [
    ...(c.subject.trim() ? [] : ['a subject']),
    ...(c.html.trim() || c.text.trim() ? [] : ['an html or text body']),
    ...(hasAudience(c) ? [] : ['an audience (list_ids, tag_ids or segment_ids)']),
  ];
  if (missing.length)
    throw new AppError('mailer_campaign_incomplete', `The campaign needs ${missing.join(', ')} before it can be sent.`);
}

/** Starts sending inside `tx`: freezes links and audience, and adds the batch jobs, which commit with the change. */
export async function startSending(
  tx: Tx,
  after: AfterCommit,
  platform: Platform,
  c: Awaited<ReturnType<Tx['mailerCampaign']['findUniqueOrThrow']>>,
) {
  const now = platform.clock.now();
  await materialise(tx, c.id, c, now);
  await tx.mailerCampaign.update({
    where: { id: c.id },
    data: { status: 'sending', startedAt: now, progressAt: now, links: extractLinks(c.html), updatedAt: now },
  });
  startLanes(platform, after, c.id);
}

/** Freezing a large audience is one longer transaction (chunked inserts): more than Prisma's 5 s default. */
export const MATERIALISE = { timeout: 120_000, maxWait: 30_000 };

/** POST …/send: now (no sendAt, or one not in the future), or scheduled. Only drafts and scheduled campaigns. */
export async function sendCampaign(platform: Platform, id: number, sendAt?: Date | null) {
  // Sending now without a transport would fail every message and mark the campaign sent: refuse, changing nothing.
  // (A campaign may be scheduled first: site health is critical about it until SMTP_URL is set.)
  const now = platform.clock.now();
  if (!platform.mail.configured && !(sendAt && sendAt.getTime() > now.getTime())) throw smtpMissing();
  return transaction(
    platform,
    async (tx, after) => {
      // Row lock: two concurrent sends of one draft cannot both start it.
      const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM mailer_campaigns WHERE id = ${id} FOR UPDATE`;
      if (!locked.length) throw campaignNotFound();
      const c = await tx.mailerCampaign.findUniqueOrThrow({ where: { id } });
      if (c.status !== 'draft' && c.status !== 'scheduled') throw campaignConflict(c.status, 'sent');
      assertSendable(c);
      if (sendAt && sendAt.getTime() > now.getTime()) {
        return tx.mailerCampaign.update({ where: { id }, data: { status: 'scheduled', sendAt, updatedAt: now } });
      }
      await startSending(tx, after, platform, c); // the request answers 202 at once; workers send
      return tx.mailerCampaign.findUniqueOrThrow({ where: { id } });
    },
    MATERIALISE,
  );
}

const PAST = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' } as const;

const MOVES = {
  pause: { from: ['sending'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
  cancel: { from: ['scheduled', 'sending', 'paused'], to: 'cancelled' },
} as const;

/** pause, resume or cancel. A paused or cancelled campaign stops after the batches in flight (one per lane at most). */
export async function moveCampaign(platform: Platform, id: number, action: keyof typeof MOVES) {
  const move = MOVES[action];
  return transaction(platform, async (tx, after) => {
    const now = platform.clock.now();
    const moved = await tx.mailerCampaign.updateMany({
      where: { id, status: { in: [...move.from] } },
      data: { status: move.to, updatedAt: now, progressAt: now },
    });
    if (!moved.count) {
      const c = await tx.mailerCampaign.findUnique({ where: { id }, select: { status: true } });
      throw c ? campaignConflict(c.status, PAST[action]) : campaignNotFound();
    }
    if (action === 'cancel')
      await tx.mailerRecipient.updateMany({
        where: { campaignId: id, status: 'queued' },
        data: { status: 'cancelled' },
      });
    if (action === 'resume') startLanes(platform, after, id);
    return tx.mailerCampaign.findUniqueOrThrow({ where: { id } });
  });
}
