// A whole submission against a form: unknown keys refused, the honeypot looked at, every shown field coerced and
// checked in form order (conditions see the values kept so far), hidden-by-condition fields dropped. Pure.
import type { FieldDefinition, FormSettings } from '../definition/types.ts';
import { isShown } from './conditional.ts';
import { isEmpty, normalizeValue, type FieldValue } from './values.ts';

interface CheckedSubmission {
  /** Values of the shown fields, keyed by field key. */
  values: Record<string, FieldValue>;
  /** Field key (or unknown key) -> message; empty when the submission is valid. */
  errors: Record<string, string>;
  /** The honeypot was filled. */
  honeypotFilled: boolean;
}

/** Body keys that are transport parameters, not fields (`_wpnonce`, `_locale`, …), as core ignores them. */
const isTransportKey = (key: string) => key.startsWith('_');

/** `name[]` (form-encoded lists) is the field `name`. */
export function submittedValues(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (isTransportKey(key)) continue;
    out[key.endsWith('[]') ? key.slice(0, -2) : key] = value;
  }
  return out;
}

export function checkSubmission(
  fields: readonly FieldDefinition[],
  settings: Pick<FormSettings, 'honeypot' | 'honeypotName'>,
  raw: Record<string, unknown>,
): CheckedSubmission {
  const errors: Record<string, string> = {};
  const values: Record<string, FieldValue> = {};
  const known = new Set(fields.map((f) => f.key));
  const trap = settings.honeypot ? settings.honeypotName : null;

  for (const key of Object.keys(raw)) {
    if (!known.has(key) && key !== trap) errors[key] = 'This form has no such field.';
  }
  const bait = trap === null ? undefined : raw[trap];
  const honeypotFilled = bait !== undefined && bait !== null && !(typeof bait === 'string' && bait.trim() === '');

  for (const field of fields) {
    if (!isShown(field.conditional, values)) continue;
    const given = Object.hasOwn(raw, field.key) ? raw[field.key] : (field.defaultValue ?? undefined);
    const checked = normalizeValue(field, given);
    if ('error' in checked) {
      errors[field.key] = checked.error;
      continue;
    }
    if (field.required && isEmpty(checked.value)) {
      errors[field.key] = field.requiredMessage ?? 'This field is required.';
      continue;
    }
    values[field.key] = checked.value;
  }
  return { values, errors, honeypotFilled };
}

/** Lower-cased text of the values, for entry search. */
export function searchTextOf(values: Record<string, FieldValue>): string {
  return Object.values(values)
    .flatMap((v) => (v === null || typeof v === 'boolean' ? [] : Array.isArray(v) ? v : [String(v)]))
    .join(' ')
    .toLowerCase()
    .slice(0, 20_000);
}
