// Saved segments. Rules are validated when saved; stored rules are re-read through the same parser.
import { z } from 'zod';
import type { Platform } from '../../../platform/platform.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, inputObject, text } from '../../../input/vocabulary.ts';
import { transaction } from '../../../platform/transaction.ts';
import { segmentNotFound } from '../errors.ts';
import { parseRules, SegmentRules, segmentWhere } from './segment-rules.ts';

export const SegmentMatch = enumOf('MailerSegmentMatch', ['all', 'any'], 'all: every rule holds; any: at least one.', {
  all: 'A subscriber is in the segment when every rule holds.',
  any: 'A subscriber is in the segment when at least one rule holds.',
});
export const SegmentCreate = inputObject(
  'MailerSegmentInput',
  {
    name: text(200, 1).describe('Name shown to administrators.'),
    description: text(2000).optional().describe('Free text for administrators.'),
    match: SegmentMatch.default('all'),
    rules: z
      .array(z.record(z.string(), z.unknown()))
      .min(1)
      .max(50)
      .describe('[{ field: list|tag|status|created_at, operator, value }]'),
  },
  'A new saved segment.',
);
export const SegmentUpdate = inputObject(
  'MailerSegmentUpdateInput',
  {
    name: text(200, 1).optional().describe('Name shown to administrators.'),
    description: text(2000).optional().describe('Free text for administrators.'),
    match: SegmentMatch.optional(),
    rules: z
      .array(z.record(z.string(), z.unknown()))
      .min(1)
      .max(50)
      .optional()
      .describe('Replaces the rules: [{ field, operator, value }]'),
  },
  'Changes to a segment; fields left out stay as they are (match and rules are validated together).',
);

export async function createSegment(platform: Platform, input: Input<typeof SegmentCreate>) {
  const data = parseDeclared(SegmentCreate, input);
  const rules = parseRules({ match: data.match, rules: data.rules });
  const now = platform.clock.now();
  return platform.prisma.mailerSegment.create({
    data: {
      name: data.name,
      description: data.description ?? '',
      rules: rules as object,
      createdAt: now,
      updatedAt: now,
    },
  });
}

/** A change of match or rules is validated with the stored other half, under the row's lock (two editors changing
 *  one half each both land). */
export async function updateSegment(platform: Platform, id: number, input: Input<typeof SegmentUpdate>) {
  const data = parseDeclared(SegmentUpdate, input);
  await transaction(platform, async (tx) => {
    const [stored] = await tx.$queryRaw<
      { rules: SegmentRules }[]
    >`SELECT rules FROM mailer_segments WHERE id = ${id} FOR UPDATE`;
    if (!stored) throw segmentNotFound();
    const rules =
      data.match || data.rules
        ? parseRules({ match: data.match ?? stored.rules.match, rules: data.rules ?? stored.rules.rules })
        : undefined;
    await tx.mailerSegment.update({
      where: { id },
      data: {
        name: data.name,
        description: data.description,
        rules: rules as object | undefined,
        updatedAt: platform.clock.now(),
      },
    });
  });
}

export async function deleteSegment(platform: Platform, id: number) {
  const deleted = await platform.prisma.mailerSegment.deleteMany({ where: { id } });
  if (!deleted.count) throw segmentNotFound();
}

async function countSelected(platform: Platform, rules: SegmentRules, onlySubscribed: boolean) {
  const now = platform.clock.now();
  const row = await platform.sql
    .selectFrom('mailer_subscribers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      onlySubscribed
        ? eb.and([segmentWhere(eb, rules, now), eb('mailer_subscribers.status', '=', 'subscribed')])
        : segmentWhere(eb, rules, now),
    )
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Live count of the subscribers a stored segment selects (one COUNT query). */
export async function segmentCount(platform: Platform, segment: { rules: unknown }, onlySubscribed = false) {
  const parsed = SegmentRules.safeParse(segment.rules);
  return parsed.success ? countSelected(platform, parsed.data, onlySubscribed) : 0;
}

export const SegmentPreviewArgs = {
  match: SegmentMatch.default('all'),
  rules: SegmentCreate.shape.rules,
};

/** What rules not saved yet would select now: the segment editor's live count. Bad rules are refused as saving them
 *  would be (400 with the rule's message). */
export async function previewSegment(
  platform: Platform,
  args: { match: 'all' | 'any'; rules: Record<string, unknown>[] },
) {
  const rules = parseRules({ match: args.match, rules: args.rules });
  const [subscriberCount, subscribedCount] = await Promise.all([
    countSelected(platform, rules, false),
    countSelected(platform, rules, true),
  ]);
  return { subscriberCount, subscribedCount };
}
