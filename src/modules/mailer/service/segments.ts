// Saved segments. Rules are validated when saved; stored rules are re-read through the same parser.
import { z } from 'zod';
import type { Platform } from '../../../platform/platform.ts';
import { parseInput } from '../../../platform/validate.ts';
import { segmentNotFound } from '../errors.ts';
import { parseRules, SegmentRules, segmentWhere } from './segment-rules.ts';

const SegmentInput = z.object({
  name: z.string().trim().min(1, 'name must be at least 1 character long.').max(200),
  description: z.string().trim().max(2000).optional(),
  match: z.enum(['all', 'any']).optional(),
  rules: z.unknown(),
});

export async function createSegment(platform: Platform, input: unknown) {
  const data = parseInput(SegmentInput, input);
  const rules = parseRules({ match: data.match ?? 'all', rules: data.rules });
  const now = platform.clock.now();
  return platform.prisma.mailerSegment.create({
    data: { name: data.name, description: data.description ?? '', rules: rules as object, createdAt: now, updatedAt: now },
  });
}

export async function deleteSegment(platform: Platform, id: number) {
  const deleted = await platform.prisma.mailerSegment.deleteMany({ where: { id } });
  if (!deleted.count) throw segmentNotFound();
}

/** Live count of the subscribers a stored segment selects (one COUNT query). */
export async function segmentCount(platform: Platform, segment: { rules: unknown }, onlySubscribed = false) {
  const parsed = SegmentRules.safeParse(segment.rules);
  if (!parsed.success) return 0;
  const where = segmentWhere(parsed.data, platform.clock.now());
  return platform.prisma.mailerSubscriber.count({ where: onlySubscribed ? { AND: [where, { status: 'subscribed' }] } : where });
}
