// What admits one field definition: per-type rules (options for choices, bounds for numbers and dates, lengths and
// patterns for text), and a default value that passes the field's own validation.
import { z } from 'zod';
import { normalizeValue, isIsoDate, patternOf } from '../submission/values.ts';
import {
  CHOICE_TYPES,
  CONDITION_OPERATORS,
  CONDITIONAL_ACTIONS,
  CONDITIONAL_MATCHES,
  FIELD_TYPES,
  MAX_LENGTH,
  TEXT_TYPES,
  type FieldDefinition,
} from './types.ts';

/** A schema whose null or missing value takes the default (GraphQL sends explicit nulls for unset input fields). */
export const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((v) => v ?? undefined, schema.default(fallback as never));
export const optional = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);

const KEY = /^[a-z][a-z0-9_]{0,63}$/;
export const keySchema = z.string().regex(KEY, 'Use 1 to 64 lower-case letters, digits and _, starting with a letter.');

const isoDate = z.string().refine(isIsoDate, 'Use a date as YYYY-MM-DD.');
const finite = z.number().refine(Number.isFinite, 'Use a finite number.');

const conditionalSchema = z.strictObject({
  action: withDefault(z.enum(CONDITIONAL_ACTIONS), 'show'),
  match: withDefault(z.enum(CONDITIONAL_MATCHES), 'all'),
  rules: z
    .array(
      z.strictObject({
        field: keySchema,
        operator: z.enum(CONDITION_OPERATORS, { error: `Use one of ${CONDITION_OPERATORS.join(', ')}.` }),
        value: withDefault(z.string().max(500), ''),
      }),
    )
    .min(1, 'Give at least one rule.')
    .max(20, 'Give at most 20 rules.'),
});

const fieldObject = z.strictObject({
  key: keySchema,
  type: z.enum(FIELD_TYPES, { error: `Use one of ${FIELD_TYPES.join(', ')}.` }),
  label: withDefault(z.string().trim().max(1000), ''),
  description: withDefault(z.string().max(5000), ''),
  required: withDefault(z.boolean(), false),
  placeholder: optional(z.string().max(500)),
  defaultValue: optional(z.union([z.string().max(50_000), finite, z.boolean(), z.array(z.string().max(500)).max(500)])),
  options: withDefault(
    z.array(z.strictObject({ label: z.string().trim().min(1).max(500), value: z.string().min(1).max(500) })).max(500),
    [],
  ),
  min: optional(finite),
  max: optional(finite),
  step: optional(finite.refine((n) => n > 0, 'Use a step greater than 0.')),
  minLength: optional(z.int().min(0).max(MAX_LENGTH.textarea)),
  maxLength: optional(z.int().min(1).max(MAX_LENGTH.textarea)),
  pattern: optional(z.string().min(1).max(500)),
  patternMessage: optional(z.string().max(500)),
  minDate: optional(isoDate),
  maxDate: optional(isoDate),
  requiredMessage: optional(z.string().max(500)),
  noDuplicates: withDefault(z.boolean(), false),
  conditional: optional(conditionalSchema),
});

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

function onlyFor(ctx: Ctx, f: FieldDefinition, types: readonly string[], props: (keyof FieldDefinition)[]) {
  if (types.includes(f.type)) return;
  for (const p of props)
    if (f[p] !== null && f[p] !== false) issue(ctx, p, `${p} does not apply to a ${f.type} field.`);
}

function checkField(f: FieldDefinition, ctx: Ctx) {
  if (f.type !== 'hidden' && !f.label) issue(ctx, 'label', 'Give the field a label.');
  const choice = CHOICE_TYPES.includes(f.type);
  if (choice && f.options.length === 0) issue(ctx, 'options', `A ${f.type} field needs at least one option.`);
  if (!choice && f.options.length) issue(ctx, 'options', `options do not apply to a ${f.type} field.`);
  if (new Set(f.options.map((o) => o.value)).size !== f.options.length)
    issue(ctx, 'options', 'Option values must be unique.');

  onlyFor(ctx, f, ['number'], ['min', 'max', 'step']);
  onlyFor(ctx, f, TEXT_TYPES, ['minLength', 'maxLength', 'pattern', 'patternMessage']);
  onlyFor(ctx, f, ['date'], ['minDate', 'maxDate']);
  if (f.type === 'checkbox' || f.type === 'consent') onlyFor(ctx, f, [], ['noDuplicates']);
  if (f.min !== null && f.max !== null && f.min > f.max) issue(ctx, 'max', 'max must not be less than min.');
  if (f.minDate && f.maxDate && f.minDate > f.maxDate) issue(ctx, 'maxDate', 'maxDate must not be before minDate.');
  if (f.minLength !== null && f.maxLength !== null && f.minLength > f.maxLength) {
    issue(ctx, 'maxLength', 'maxLength must not be less than minLength.');
  }
  if (TEXT_TYPES.includes(f.type) && f.maxLength !== null && f.maxLength > MAX_LENGTH[f.type]) {
    issue(ctx, 'maxLength', `A ${f.type} field holds at most ${MAX_LENGTH[f.type]} characters.`);
  }
  let patternOk = true;
  if (f.pattern) {
    try {
      patternOf(f.pattern);
    } catch {
      patternOk = false;
      issue(ctx, 'pattern', 'The pattern is not a valid regular expression.');
    }
  }
  if (f.defaultValue !== null && patternOk) {
    const checked = normalizeValue(f, f.defaultValue);
    if ('error' in checked) issue(ctx, 'defaultValue', `The default value is not valid: ${checked.error}`);
  }
}

export const fieldSchema = fieldObject.superRefine((f, ctx) => checkField(f as FieldDefinition, ctx));
