// Conditional logic: whether a field is shown, from the values of earlier fields. The server applies the same rules
// the front end does, so a field hidden by its rule is neither required nor kept.
import type { ConditionRule, Conditional } from '../definition/types.ts';
import type { FieldValue } from './values.ts';

const text = (v: FieldValue): string => (v === null ? '' : typeof v === 'boolean' ? (v ? 'true' : '') : String(v));
const empty = (v: FieldValue) => v === null || v === false || v === '' || (Array.isArray(v) && v.length === 0);

function numberOf(v: FieldValue | string): number | null {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** One rule against a value (undefined: the field is hidden or absent, which counts as empty). */
function ruleMatches(rule: ConditionRule, value: FieldValue | undefined): boolean {
  const v = value ?? null;
  const expected = rule.value.toLowerCase();
  const values = Array.isArray(v) ? v.map((s) => s.toLowerCase()) : [text(v).toLowerCase()];
  switch (rule.operator) {
    case 'is':
      return values.includes(expected);
    case 'is_not':
      return !values.includes(expected);
    case 'contains':
      return values.some((s) => s.includes(expected));
    case 'not_contains':
      return !values.some((s) => s.includes(expected));
    case 'greater_than':
    case 'less_than': {
      const a = Array.isArray(v) ? null : numberOf(v);
      const b = numberOf(rule.value);
      if (a === null || b === null) return false;
      return rule.operator === 'greater_than' ? a > b : a < b;
    }
    case 'is_empty':
      return empty(v);
    case 'is_not_empty':
      return !empty(v);
  }
}

/** Whether a field with this conditional is shown, given the values kept so far (keyed by field key). */
export function isShown(conditional: Conditional | null, values: Record<string, FieldValue>): boolean {
  if (!conditional || conditional.rules.length === 0) return true;
  const results = conditional.rules.map((rule) => ruleMatches(rule, values[rule.field]));
  const matched = conditional.match === 'all' ? results.every(Boolean) : results.some(Boolean);
  return conditional.action === 'show' ? matched : !matched;
}
