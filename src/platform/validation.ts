// The one validator of inputs, for both faces and for services called from the CLI: first WordPress' argument rules
// on each declared field (type, enum, bounds, lengths, format; the codes and messages REST clients know), then the
// zod declaration itself (transforms, defaults, refinements). So the same bad input gets the same code and message
// over REST and GraphQL. Each face names an argument as its callers spell it: REST by its wire name (`trial_days`),
// GraphQL by its argument or input field name (`trialDays`); services called from the CLI or jobs use REST names.
import type { z } from 'zod';
import { AppError, ValidationError } from './errors.ts';
import { describeFields, fieldSpec, type InputField } from '../input/describe.ts';
import { coerceArg, type ArgIssue } from '../input/rules.ts';

export interface Issue extends ArgIssue {
  /** The argument's name on the face that was called (nested: `parent[child]`). */
  name: string;
}

/** Whose names the messages use. */
export type Face = 'rest' | 'graphql';
const nameOn = (face: Face, f: InputField) => (face === 'graphql' ? f.name : f.restName);

/** The argument named `input` holding an input object is flattened: REST sends its fields as top-level arguments. */
const flattened = (f: InputField) => f.name === 'input' && f.node.kind === 'object';

/** WordPress' rules on each declared field of `value` (missing required ones included). */
export function ruleIssues(
  fields: Record<string, InputField>,
  value: Record<string, unknown>,
  face: Face = 'rest',
  prefix = '',
): Issue[] {
  const issues: Issue[] = [];
  for (const f of Object.values(fields)) {
    const v = value[f.name];
    if (flattened(f) && f.node.kind === 'object' && v && typeof v === 'object') {
      issues.push(...ruleIssues(f.node.fields, v as Record<string, unknown>, face, prefix));
      continue;
    }
    const own = nameOn(face, f);
    const name = prefix ? `${prefix}[${own}]` : own;
    if (v === undefined || (v === null && !f.nullable)) {
      if (f.required && !f.nullable) {
        issues.push(
          prefix
            ? { name, code: 'rest_property_required', message: `${own} is a required property of ${prefix}.` }
            : { name, code: 'rest_missing_callback_param', message: `${name} is a required parameter.` },
        );
      }
      continue;
    }
    if (f.node.kind === 'scalar' && (f.node.scalar === 'JSON' || f.node.scalar === 'File')) continue;
    // Nested input objects hold their fields under GraphQL (camelCase) names: judge each by its own declaration.
    const of =
      f.node.kind === 'object' ? f.node : f.node.kind === 'list' && f.node.of.kind === 'object' ? f.node.of : null;
    if (of && v !== null) {
      const shallow =
        f.node.kind === 'object'
          ? { ...fieldSpec(f), properties: undefined }
          : { ...fieldSpec(f), items: { type: 'object' as const } };
      const r = coerceArg(name, shallow, v);
      if ('issue' in r) issues.push({ name, ...r.issue });
      else if (f.node.kind === 'object')
        issues.push(...ruleIssues(of.fields, v as Record<string, unknown>, face, name));
      else
        (v as Record<string, unknown>[]).forEach((item, i) =>
          issues.push(...ruleIssues(of.fields, item, face, `${name}[${i}]`)),
        );
      continue;
    }
    const r = coerceArg(name, fieldSpec(f), v);
    if ('issue' in r) issues.push({ name, ...r.issue });
  }
  return issues;
}

/** The value as the declaration reads it: explicit nulls of fields that cannot be null mean "not given" (GraphQL
 *  clients send them for unset variables); a date-time given as text (REST) is the Date GraphQL's scalar makes of it. */
function prepared(fields: Record<string, InputField>, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const f = fields[k];
    if (v === null && f && !f.nullable) continue;
    if (f?.node.kind === 'scalar' && f.node.scalar === 'DateTime' && typeof v === 'string') out[k] = new Date(v);
    else
      out[k] =
        f && f.node.kind === 'object' && v && typeof v === 'object' && !Array.isArray(v)
          ? prepared(f.node.fields, v as Record<string, unknown>)
          : v;
  }
  return out;
}

/** The face's name of a zod issue path (REST: `['input', 'firstName']` → `first_name`, nested `rules[0][field]`). */
function pathName(fields: Record<string, InputField> | undefined, path: readonly PropertyKey[], face: Face): string {
  let name = '';
  let current = fields;
  for (const key of path) {
    const f = typeof key === 'string' ? current?.[key] : undefined;
    if (f && flattened(f) && !name) {
      current = f.node.kind === 'object' ? f.node.fields : undefined;
      continue;
    }
    const part = f ? nameOn(face, f) : String(key);
    name = name ? `${name}[${part}]` : part;
    current =
      f?.node.kind === 'object'
        ? f.node.fields
        : f?.node.kind === 'list' && f.node.of.kind === 'object'
          ? f.node.of.fields
          : undefined;
  }
  return name || 'input';
}

// zod's own English messages ("Too small: expected string to have >=1 characters") say what WordPress says in its
// words; a message the declaration wrote itself is kept.
const ZOD_DEFAULT =
  /^(Too small|Too big|Invalid input|Invalid (string|number|option|element|key|value|email|url|UUID|ISO))/;

function wordpressIssue(name: string, issue: z.core.$ZodIssue): ArgIssue {
  if (!ZOD_DEFAULT.test(issue.message)) return { code: 'rest_invalid_param', message: issue.message };
  const i = issue as z.core.$ZodIssue & {
    origin?: string;
    minimum?: number | bigint;
    maximum?: number | bigint;
    expected?: string;
  };
  const chars = (n: number | bigint) => (Number(n) === 1 ? 'character' : 'characters');
  if (i.code === 'too_small' && i.origin === 'string')
    return { code: 'rest_too_short', message: `${name} must be at least ${i.minimum} ${chars(i.minimum!)} long.` };
  if (i.code === 'too_big' && i.origin === 'string')
    return { code: 'rest_too_long', message: `${name} must be at most ${i.maximum} ${chars(i.maximum!)} long.` };
  if (i.code === 'too_small' && i.origin === 'array')
    return { code: 'rest_too_few_items', message: `${name} must contain at least ${i.minimum} items.` };
  if (i.code === 'too_big' && i.origin === 'array')
    return { code: 'rest_too_many_items', message: `${name} must contain at most ${i.maximum} items.` };
  if (i.code === 'too_small' || i.code === 'too_big')
    return { code: 'rest_out_of_bounds', message: `${name} is out of range.` };
  if (i.code === 'invalid_type') return { code: 'rest_invalid_type', message: `${name} is not of type ${i.expected}.` };
  return { code: 'rest_invalid_param', message: `${name} is not valid.` };
}

export type Validated<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** WordPress' rules, then the declaration itself. Every argument with a problem is named once: by its rule when one
 *  is broken, else by the declaration (a refinement of one field is reported beside another field's broken rule). */
export function validateInput<T>(
  schema: z.ZodType,
  fields: Record<string, InputField>,
  input: unknown,
  face: Face = 'rest',
): Validated<T> {
  const value = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const issues = ruleIssues(fields, value, face);
  const parsed = schema.safeParse(prepared(fields, value));
  if (parsed.success && !issues.length) return { ok: true, value: parsed.data as T };
  const ruled = new Set(issues.map((i) => topName(i.name)));
  const seen = new Set<string>();
  for (const issue of parsed.error?.issues ?? []) {
    const name = pathName(fields, issue.path, face);
    if (ruled.has(topName(name)) || seen.has(name)) continue;
    seen.add(name);
    const found = wordpressIssue(name, issue);
    // A declaration's own message names its field as REST does ("source_timezone must be …"): named as this face does.
    const rest = face === 'rest' ? name : pathName(fields, issue.path, 'rest');
    if (found.message.startsWith(`${rest} `)) found.message = name + found.message.slice(rest.length);
    issues.push({ name, ...found });
  }
  return { ok: false, issues };
}

const topName = (name: string) => name.split('[')[0]!;

/** The error both faces answer for failed validation, as WordPress does: missing arguments first, else 400 with
 *  every invalid argument's message. */
export function validationError(issues: readonly Pick<Issue, 'name' | 'code' | 'message'>[]): AppError {
  const missing = issues.filter((i) => i.code === 'rest_missing_callback_param').map((i) => i.name);
  if (missing.length) {
    return new AppError('rest_missing_callback_param', `Missing parameter(s): ${missing.join(', ')}`, {
      data: { params: missing },
    });
  }
  return new ValidationError(
    Object.fromEntries(issues.map((i) => [i.name, i.message])),
    Object.fromEntries(issues.map((i) => [i.name, { code: i.code, message: i.message, data: null }])),
  );
}

/** A declaration's input as callers give it: an optional field may also be null (GraphQL clients send explicit nulls
 *  for unset variables; they mean "not given"). */
export type Input<S extends z.ZodType> = NullableOptionals<z.input<S>>;
type NullableOptionals<T> = { [K in keyof T]: undefined extends T[K] ? T[K] | null : T[K] };

/** Validates a service's input against its declaration (callers outside GraphQL: CLI, jobs, other modules). */
export function parseDeclared<S extends z.ZodObject>(schema: S, input: unknown): z.output<S> {
  const r = validateInput<z.output<S>>(schema, describeFields(schema.shape as Record<string, z.ZodType>), input);
  if (!r.ok) throw validationError(r.issues);
  return r.value;
}

/** A document held as data (a form definition, segment rules), not arguments: zod's own messages, each problem named
 *  by its path in the document as the document spells it (`fields.2.maxLength`). */
export function parseDocument<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const params: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.length ? issue.path.map(String).join('.') : 'input';
    params[name] ??= issue.message;
  }
  throw new ValidationError(params);
}
