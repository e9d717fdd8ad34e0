// REST argument declarations (a JSON-schema subset, like core's register_rest_route args) and their validation with
// the host platform's codes and messages. The same declarations feed the discovery index and OpenAPI.

/** `any`: any JSON value (a declaration of unknown shape); printed without a type. */
export type ArgType = 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'any';

export interface ArgSpec {
  type: ArgType;
  description?: string;
  required?: boolean;
  default?: unknown;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: 'email' | 'date-time' | 'uuid' | 'uri';
  items?: ArgSpec;
  /** Known keys of an object argument, each checked like an argument of its own (`name[key]`). */
  properties?: Record<string, ArgSpec>;
  minItems?: number;
  maxItems?: number;
  /** Accept JSON null (answers null to the operation). */
  nullable?: boolean;
  /** The declaration trims the text: length and format are judged on the trimmed text (not printed in schemas). */
  trim?: boolean;
  /** Typical values (`.meta({ examples })`), for documents' examples where a pattern says more than a type. */
  examples?: readonly unknown[];
}

type Options = Omit<ArgSpec, 'type' | 'items'>;

/** GraphQL's Int, which an integer argument becomes unless declared a SafeInt, is 32-bit. */
const INT32 = { minimum: -2_147_483_648, maximum: 2_147_483_647 };

/** A REST-only string argument (rest()'s `args`); every other argument is derived from its zod declaration. */
export const str = (o: Options = {}): ArgSpec => ({ type: 'string', ...o });

export interface ArgIssue {
  code: string;
  message: string;
}

/** "a, b, and c" as core's wp_sprintf_l lists them. */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  if (words.length === 2) return `${words[0]} and ${words[1]}`;
  return `${words.slice(0, -1).join(', ')}, and ${words[words.length - 1]}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant in years 1–9999 (UTC): what ISO 8601 writes in four digits and PostgreSQL stores; year 0 and 10000 fail
 *  deep inside a query. */
export const isStorableDate = (d: Date) => {
  const year = d.getUTCFullYear();
  return !Number.isNaN(year) && year >= 1 && year <= 9999;
};

/** The one date-time rule of both faces (GraphQL's DateTime scalar too): ISO 8601 with a time zone, a real date, in
 *  years 1–9999 once in UTC. */
export const isIsoDateTime = (value: string) => ISO_DATE_TIME.test(value) && isStorableDate(new Date(value));

// Query strings carry numbers in plain decimal notation only (WordPress refuses 0x10 and 1e3 for integers).
const DECIMAL = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ };

/** A wire value in its declared type: query strings carry numbers, booleans and comma-separated lists as text. Anything
 *  else, or text that does not read as the type, is answered as given (for `checkArg` to judge). */
export function convertArg(spec: ArgSpec, raw: unknown): unknown {
  switch (spec.type) {
    case 'integer':
    case 'number':
      return typeof raw === 'string' && DECIMAL[spec.type].test(raw.trim()) ? Number(raw.trim()) : raw;
    case 'boolean': {
      const map: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };
      return typeof raw === 'string' || typeof raw === 'number' ? (map[String(raw).toLowerCase()] ?? raw) : raw;
    }
    case 'array': {
      const list = typeof raw === 'string' ? (raw === '' ? [] : raw.split(/[\s,]+/).filter(Boolean)) : raw;
      return Array.isArray(list) && spec.items ? list.map((item) => convertArg(spec.items!, item)) : list;
    }
    case 'object': {
      if (!spec.properties || !raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
      const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
      for (const [key, propSpec] of Object.entries(spec.properties))
        if (out[key] !== undefined) out[key] = convertArg(propSpec, out[key]);
      return out;
    }
    default:
      return raw;
  }
}

/** The issue of a value (converted) with the declared type and rules, or null when it passes. */
export function checkArg(name: string, spec: ArgSpec, value: unknown): ArgIssue | null {
  const typeIssue = { code: 'rest_invalid_type', message: `${name} is not of type ${spec.type}.` };
  if (value === null) return spec.nullable ? null : typeIssue;
  switch (spec.type) {
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return typeIssue;
      if (spec.type === 'integer' && !Number.isInteger(value)) return typeIssue;
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return typeIssue;
      break;
    case 'string':
      // GraphQL's DateTime scalar has already parsed a date-time into a Date.
      if (value instanceof Date && spec.format === 'date-time') return null;
      if (typeof value !== 'string') return typeIssue;
      break;
    case 'array': {
      if (!Array.isArray(value)) return typeIssue;
      for (const [i, item] of value.entries()) {
        const issue = spec.items ? checkArg(`${name}[${i}]`, spec.items, item) : null;
        if (issue) return issue;
      }
      break;
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return typeIssue;
      for (const [key, propSpec] of Object.entries(spec.properties ?? {})) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined) {
          if (propSpec.required)
            return { code: 'rest_property_required', message: `${key} is a required property of ${name}.` };
          continue;
        }
        const issue = checkArg(`${name}[${key}]`, propSpec, item);
        if (issue) return issue;
      }
      break;
    }
  }
  return checkConstraints(name, spec, value);
}

/** A raw value converted and checked: the value, or the issue. */
export function coerceArg(name: string, spec: ArgSpec, raw: unknown): { value: unknown } | { issue: ArgIssue } {
  const value = convertArg(spec, raw);
  const issue = checkArg(name, spec, value);
  return issue ? { issue } : { value };
}

function checkConstraints(name: string, spec: ArgSpec, value: unknown): ArgIssue | null {
  if (spec.enum && !spec.enum.includes(value as string)) {
    return { code: 'rest_not_in_enum', message: `${name} is not one of ${listWords(spec.enum)}.` };
  }
  if (typeof value === 'number') {
    const int = spec.type === 'integer';
    // An integer without its own bounds is a GraphQL Int; a declared one (SafeInt: 53 bits) carries its bounds.
    const min = spec.minimum;
    const max = int ? (spec.maximum ?? INT32.maximum) : spec.maximum;
    if (int && min === undefined && value < INT32.minimum)
      return { code: 'rest_out_of_bounds', message: `${name} must be greater than or equal to ${INT32.minimum}` };
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
      const message =
        min !== undefined && max !== undefined
          ? `${name} must be between ${min} (inclusive) and ${max} (inclusive).`
          : min !== undefined
            ? `${name} must be greater than or equal to ${min}`
            : `${name} must be less than or equal to ${max}`;
      return { code: 'rest_out_of_bounds', message };
    }
  }
  if (typeof value === 'string') {
    return checkText(name, spec, spec.trim ? value.trim() : value);
  }
  if (Array.isArray(value)) {
    if (spec.minItems !== undefined && value.length < spec.minItems) {
      return { code: 'rest_too_few_items', message: `${name} must contain at least ${spec.minItems} items.` };
    }
    if (spec.maxItems !== undefined && value.length > spec.maxItems) {
      return { code: 'rest_too_many_items', message: `${name} must contain at most ${spec.maxItems} items.` };
    }
  }
  return null;
}

function checkText(name: string, spec: ArgSpec, value: string): ArgIssue | null {
  const plural = (n: number) => (n === 1 ? 'character' : 'characters');
  if (spec.minLength !== undefined && [...value].length < spec.minLength) {
    return {
      code: 'rest_too_short',
      message: `${name} must be at least ${spec.minLength} ${plural(spec.minLength)} long.`,
    };
  }
  if (spec.maxLength !== undefined && [...value].length > spec.maxLength) {
    return {
      code: 'rest_too_long',
      message: `${name} must be at most ${spec.maxLength} ${plural(spec.maxLength)} long.`,
    };
  }
  if (spec.pattern && !new RegExp(spec.pattern, 'u').test(value)) {
    return { code: 'rest_invalid_pattern', message: `${name} does not match pattern ${spec.pattern}.` };
  }
  if (spec.format === 'email' && (!EMAIL.test(value) || value.length > 254))
    return { code: 'rest_invalid_email', message: 'Invalid email address.' };
  if (spec.format === 'uuid' && !UUID.test(value))
    return { code: 'rest_invalid_uuid', message: `${name} is not a valid UUID.` };
  if (spec.format === 'date-time' && !isIsoDateTime(value))
    return { code: 'rest_invalid_date', message: 'Invalid date.' };
  if (spec.format === 'uri' && !/^https?:\/\/\S+$/i.test(value))
    return { code: 'rest_invalid_url', message: 'Invalid URL.' };
  return null;
}
