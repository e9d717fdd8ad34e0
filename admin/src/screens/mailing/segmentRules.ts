// Segment rules as the server takes them ({ field, operator, value }) and as the editor holds them (ids as strings for
// the pickers, a day for dates), with the words each operator is shown as.

export type Field = 'list' | 'tag' | 'status' | 'created_at';
export interface RuleDraft {
  field: Field;
  operator: string;
  /** Ids or statuses (list, tag, status), a YYYY-MM-DD day (before, after) or a number of days (within_days). */
  value: string[] | string | number;
}

export const FIELDS: { value: Field; label: string }[] = [
  { value: 'list', label: 'List' },
  { value: 'tag', label: 'Tag' },
  { value: 'status', label: 'Status' },
  { value: 'created_at', label: 'Signed up' },
];

export const OPERATORS: Record<Field, { value: string; label: string }[]> = {
  list: [
    { value: 'in', label: 'is in any of' },
    { value: 'not_in', label: 'is in none of' },
  ],
  tag: [
    { value: 'in', label: 'has any of' },
    { value: 'all', label: 'has all of' },
    { value: 'not_in', label: 'has none of' },
  ],
  status: [
    { value: 'in', label: 'is one of' },
    { value: 'not_in', label: 'is none of' },
  ],
  created_at: [
    { value: 'within_days', label: 'in the last (days)' },
    { value: 'before', label: 'before' },
    { value: 'after', label: 'on or after' },
  ],
};

/** A new rule of the field, with its first operator and an empty value of the right kind. */
export function blankRule(field: Field): RuleDraft {
  const operator = OPERATORS[field][0]!.value;
  return { field, operator, value: field === 'created_at' ? 30 : [] };
}

/** What the operator needs as its value: a number of days, a day, or a choice of several. */
export const valueKind = (r: Pick<RuleDraft, 'field' | 'operator'>) =>
  r.field !== 'created_at' ? 'many' : r.operator === 'within_days' ? 'days' : 'day';

export function toServer(r: RuleDraft): Record<string, unknown> {
  const kind = valueKind(r);
  const value =
    kind === 'days'
      ? Number(r.value)
      : kind === 'day'
        ? r.value
          ? `${String(r.value)}T00:00:00Z`
          : ''
        : (r.value as string[]).map((v) => (r.field === 'status' ? v : Number(v)));
  return { field: r.field, operator: r.operator, value };
}

export function fromServer(rule: unknown): RuleDraft {
  const r = rule as { field: Field; operator: string; value: unknown };
  const kind = valueKind(r);
  const value =
    kind === 'days'
      ? Number(r.value)
      : kind === 'day'
        ? String(r.value).slice(0, 10)
        : (r.value as unknown[]).map(String);
  return { field: r.field, operator: r.operator, value };
}

/** A rule the server could evaluate as it stands (the live count waits for the rest). */
export const complete = (r: RuleDraft) =>
  Array.isArray(r.value) ? r.value.length > 0 : r.value !== '' && r.value !== null;
