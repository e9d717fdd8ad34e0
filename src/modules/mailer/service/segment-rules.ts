// Segment rules -> a Kysely condition over mailer_subscribers, so a segment is evaluated in SQL (one COUNT, or the
// one INSERT … SELECT that freezes a campaign's audience), never by loading subscribers into memory.
//   { match: 'all' | 'any', rules: [
//       { field: 'list',       operator: 'in' | 'not_in',         value: [listId…] },
//       { field: 'tag',        operator: 'in' | 'not_in' | 'all', value: [tagId…] },
//       { field: 'status',     operator: 'in' | 'not_in',         value: ['subscribed'…] },
//       { field: 'created_at', operator: 'before' | 'after',      value: '2026-11-01T00:00:00Z' },
//       { field: 'created_at', operator: 'within_days',           value: 30 } ] }
// `within_days` is relative to the clock at evaluation time (signed up in the last N days).
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../../db/sql.ts';
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

/** What a condition on subscribers is built from (a query over mailer_subscribers, unaliased). */
export type Subscribers = ExpressionBuilder<DB, 'mailer_subscribers'>;

/** Subscribers in any of `listIds`. */
export const inAnyList = (eb: Subscribers, listIds: number[]) =>
  eb.exists(
    eb
      .selectFrom('mailer_list_members as lm')
      .select('lm.list_id')
      .whereRef('lm.subscriber_id', '=', 'mailer_subscribers.id')
      .where('lm.list_id', 'in', listIds),
  );

/** Subscribers with any of `tagIds`. */
export const withAnyTag = (eb: Subscribers, tagIds: number[]) =>
  eb.exists(
    eb
      .selectFrom('mailer_subscriber_tags as st')
      .select('st.tag_id')
      .whereRef('st.subscriber_id', '=', 'mailer_subscribers.id')
      .where('st.tag_id', 'in', tagIds),
  );

function ruleWhere(eb: Subscribers, rule: Rule, now: Date): Expression<SqlBool> {
  switch (rule.field) {
    case 'list':
      return rule.operator === 'in' ? inAnyList(eb, rule.value) : eb.not(inAnyList(eb, rule.value));
    case 'tag':
      if (rule.operator === 'all') return eb.and(rule.value.map((tagId) => withAnyTag(eb, [tagId])));
      return rule.operator === 'in' ? withAnyTag(eb, rule.value) : eb.not(withAnyTag(eb, rule.value));
    case 'status':
      return eb('mailer_subscribers.status', rule.operator === 'in' ? 'in' : 'not in', rule.value);
    case 'created_at':
      if (rule.operator === 'within_days')
        return eb('mailer_subscribers.created_at', '>=', new Date(now.getTime() - rule.value * 86_400_000));
      return eb('mailer_subscribers.created_at', rule.operator === 'before' ? '<' : '>=', new Date(rule.value));
  }
}

/** The subscribers a segment selects (any status unless its rules say). */
export function segmentWhere(eb: Subscribers, rules: SegmentRules, now: Date): Expression<SqlBool> {
  const parts = rules.rules.map((r) => ruleWhere(eb, r, now));
  return rules.match === 'any' ? eb.or(parts) : eb.and(parts);
}
