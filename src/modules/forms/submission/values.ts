// One submitted value against its field definition: coerced to the field's value type (form-encoded bodies send
// strings) and checked against its rules. Pure, so definitions can check their default values with it too.
import { z } from 'zod';
import { MAX_LENGTH, type FieldDefinition } from '../definition/types.ts';

export type FieldValue = string | number | boolean | string[] | null;
type Normalized = { value: FieldValue } | { error: string };

const EMAIL = z.email();
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const PHONE = /^\+?[0-9 ().\-/]+$/;
const TRUE = ['1', 'true', 'on', 'yes'];
const FALSE = ['', '0', 'false', 'off', 'no'];

/** The value a field holds when nothing was given. */
function emptyValue(field: Pick<FieldDefinition, 'type'>): FieldValue {
  return field.type === 'checkbox' ? [] : field.type === 'consent' ? false : null;
}

export function isEmpty(value: FieldValue): boolean {
  return value === null || value === false || (Array.isArray(value) && value.length === 0);
}

const chars = (s: string) => [...s].length;

export function isIsoDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

/** The field's pattern as an anchored, Unicode-aware expression (the whole value must match). */
export function patternOf(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 'u');
}

function scalarText(raw: unknown): string | { error: string } {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'boolean') return raw ? '1' : '';
  return { error: 'Enter a single value.' };
}

function textRules(field: FieldDefinition, text: string): string | null {
  const length = chars(text);
  const max = Math.min(field.maxLength ?? Infinity, MAX_LENGTH[field.type]);
  if (field.minLength !== null && length < field.minLength) return `Enter at least ${field.minLength} characters.`;
  if (length > max) return `Enter no more than ${max} characters.`;
  if (field.pattern && !patternOf(field.pattern).test(text))
    return field.patternMessage ?? 'Enter a value in the expected format.';
  return null;
}

function numberValue(field: FieldDefinition, text: string): Normalized {
  const n = Number(text);
  if (!NUMBER.test(text) || text.length > MAX_LENGTH.number || !Number.isFinite(n)) return { error: 'Enter a number.' };
  const { min, max, step } = field;
  if ((min !== null && n < min) || (max !== null && n > max)) {
    if (min !== null && max !== null) return { error: `Enter a number from ${min} to ${max}.` };
    return {
      error:
        min !== null
          ? `Enter a number greater than or equal to ${min}.`
          : `Enter a number less than or equal to ${max}.`,
    };
  }
  if (step !== null) {
    const steps = (n - (min ?? 0)) / step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9)
      return { error: `Enter a multiple of ${step}${min ? ` from ${min}` : ''}.` };
  }
  return { value: n };
}

function dateValue(field: FieldDefinition, text: string): Normalized {
  if (!isIsoDate(text)) return { error: 'Enter a date as YYYY-MM-DD.' };
  if (field.minDate && text < field.minDate) return { error: `Enter a date on or after ${field.minDate}.` };
  if (field.maxDate && text > field.maxDate) return { error: `Enter a date on or before ${field.maxDate}.` };
  return { value: text };
}

function checkboxValue(field: FieldDefinition, raw: unknown): Normalized {
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length > field.options.length) return { error: 'Choose only from the listed options.' };
  const allowed = new Set(field.options.map((o) => o.value));
  const chosen: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string' || !allowed.has(item)) return { error: 'Choose only from the listed options.' };
    if (!chosen.includes(item)) chosen.push(item);
  }
  return { value: chosen };
}

function consentValue(raw: unknown): Normalized {
  if (typeof raw === 'boolean') return { value: raw };
  if (typeof raw === 'number' && (raw === 0 || raw === 1)) return { value: raw === 1 };
  if (typeof raw === 'string' && TRUE.includes(raw.trim().toLowerCase())) return { value: true };
  if (typeof raw === 'string' && FALSE.includes(raw.trim().toLowerCase())) return { value: false };
  return { error: 'Check the box or leave it unchecked.' };
}

/** Coerces and checks one value. `undefined` and `null` mean "no value"; `required` is the caller's concern. */
export function normalizeValue(field: FieldDefinition, raw: unknown): Normalized {
  if (raw === undefined || raw === null) return { value: emptyValue(field) };
  if (field.type === 'checkbox') return raw === '' ? { value: [] } : checkboxValue(field, raw);
  if (field.type === 'consent') return consentValue(raw);
  const scalar = scalarText(raw);
  if (typeof scalar !== 'string') return scalar;
  const text = field.type === 'textarea' ? scalar.replace(/\r\n?/g, '\n').trim() : scalar.trim();
  if (text === '') return { value: null };

  switch (field.type) {
    case 'number':
      return numberValue(field, text);
    case 'date':
      return dateValue(field, text);
    case 'select':
    case 'radio':
      return field.options.some((o) => o.value === text)
        ? { value: text }
        : { error: 'Choose one of the listed options.' };
    case 'email':
      if (chars(text) > MAX_LENGTH.email || !EMAIL.safeParse(text).success)
        return { error: 'Enter a valid email address.' };
      break;
    case 'url':
      if (!isWebUrl(text)) return { error: 'Enter a valid URL starting with http:// or https://.' };
      break;
    case 'phone': {
      const digits = text.replace(/\D/g, '').length;
      if (!PHONE.test(text) || digits < 5 || digits > 15) return { error: 'Enter a valid phone number.' };
      break;
    }
  }
  const problem = textRules(field, text);
  if (problem) return { error: problem };
  return { value: field.type === 'email' ? text.toLowerCase() : text };
}

export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !/\s/.test(text);
  } catch {
    return false;
  }
}
