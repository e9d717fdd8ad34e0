// Segment rules -> a Prisma filter over subscribers, so a segment is evaluated in SQL (one COUNT, or one SELECT for
// a campaign's audience), never by loading subscribers into memory.
//   { match: 'all' | 'any', rules: [
//       { field: 'list',       operator: 'in' | 'not_in',         value: [listId…] },
//       { field: 'tag',        operator: 'in' | 'not_in' | 'all', value: [tagId…] },
//       { field: 'status',     operator: 'in' | 'not_in',         value: ['subscribed'…] },
//       { field: 'created_at', operator: 'before' | 'after',      value: '2026-11-01T00:00:00Z' },
//       { field: 'created_at', operator: 'within_days',           value: 30 } ] }
// `within_days` is relative to the clock at evaluation time (signed up in the last N days).
import { z } from 'zod';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { parseDocument } from '../../../platform/validation.ts';
import { SUBSCRIBER_STATUSES } from './subscribers.ts';

const idList = z.array(z.number().int().positive()).min(1, 'value must list at least one id.').max(100);
const Rule = z.union(
  [
    z.object({ field: z.literal('list'), operator: z.enum(['in', 'not_in']), value: idList }),
    z.object({ field: z.literal('tag'), operator: z.enum(['in', 'not_in', 'all']), value: idList }),
    z.object({
      field: z.literal('status'),
      operator: z.enum(['in', 'not_in']),
      value: z.array(z.enum(SUBSCRIBER_STATUSES)).min(1).max(4),
    }),
    z.object({
      field: z.literal('created_at'),
      operator: z.enum(['before', 'after']),
      value: z.iso.datetime({ offset: true }),
    }),
    z.object({
      field: z.literal('created_at'),
      operator: z.literal('within_days'),
      value: z.number().int().min(1).max(36_500),
    }),
  ],
  { error: 'field is one of list, tag, status and created_at, with a matching operator and value.' },
);

export const SegmentRules = z.object({
  match: z.enum(['all', 'any']).default('all'),
  rules: z.array(Rule).min(1, 'rules must contain at least 1 items.').max(50),
});
export type SegmentRules = z.output<typeof SegmentRules>;
type Rule = z.output<typeof Rule>;

export const parseRules = (rules: unknown): SegmentRules =>
  parseDocument(z.object({ rules: SegmentRules }), { rules }).rules;

function ruleWhere(rule: Rule, now: Date): Prisma.MailerSubscriberWhereInput {
  switch (rule.field) {
    case 'list': {
      const some = { lists: { some: { listId: { in: rule.value } } } };
      return rule.operator === 'in' ? some : { NOT: some };
    }
    case 'tag': {
      if (rule.operator === 'all') return { AND: rule.value.map((tagId) => ({ tags: { some: { tagId } } })) };
      const some = { tags: { some: { tagId: { in: rule.value } } } };
      return rule.operator === 'in' ? some : { NOT: some };
    }
    case 'status':
      return rule.operator === 'in' ? { status: { in: rule.value } } : { status: { notIn: rule.value } };
    case 'created_at':
      if (rule.operator === 'within_days')
        return { createdAt: { gte: new Date(now.getTime() - rule.value * 86_400_000) } };
      return rule.operator === 'before'
        ? { createdAt: { lt: new Date(rule.value) } }
        : { createdAt: { gte: new Date(rule.value) } };
  }
}

/** The subscribers a segment selects (any status unless its rules say). */
export function segmentWhere(rules: SegmentRules, now: Date): Prisma.MailerSubscriberWhereInput {
  const parts = rules.rules.map((r) => ruleWhere(r, now));
  return rules.match === 'any' ? { OR: parts } : { AND: parts };
}
