// What admits a whole form definition: its fields (fields.ts) plus the rules that tie parts together — unique keys,
// conditions that look back at earlier fields, notification recipients and the mailing feed naming fields of the
// right type, a honeypot that is not a field.
import { z } from 'zod';
import { parseDocument } from '../../../platform/validation.ts';
import { fieldSchema, keySchema, optional, withDefault } from './fields.ts';
import {
  CONFIRMATION_TYPES,
  DEFAULT_CONFIRMATION,
  DEFAULT_SETTINGS,
  ENTRY_LIMIT_PERIODS,
  FORM_STATUSES,
  SPAM_ACTIONS,
  type FieldDefinition,
  type FieldType,
  type FormDefinition,
} from './types.ts';
import { FIELD_TAG } from '../notify/merge-tags.ts';
import { isWebUrl } from '../submission/values.ts';

const message = (max: number) => z.string().max(max);
const dateTime = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date-time with a time zone.' });
/** An address, or {field:key} naming an email field (checked against the fields below). */
const recipient = z
  .string()
  .trim()
  .refine((s) => FIELD_TAG.test(s) || z.email().safeParse(s).success, 'Use an e-mail address or {field:key}.');

const confirmationSchema = z.strictObject({
  type: withDefault(z.enum(CONFIRMATION_TYPES), DEFAULT_CONFIRMATION.type),
  message: withDefault(message(50_000), DEFAULT_CONFIRMATION.message),
  redirectUrl: optional(z.string().trim().max(2048)),
});

const settingsSchema = z.strictObject({
  submitLabel: withDefault(z.string().trim().min(1).max(100), DEFAULT_SETTINGS.submitLabel),
  honeypot: withDefault(z.boolean(), DEFAULT_SETTINGS.honeypot),
  honeypotName: withDefault(keySchema, DEFAULT_SETTINGS.honeypotName),
  spamAction: withDefault(z.enum(SPAM_ACTIONS), DEFAULT_SETTINGS.spamAction),
  requireLogin: withDefault(z.boolean(), DEFAULT_SETTINGS.requireLogin),
  requireLoginMessage: withDefault(message(1000), DEFAULT_SETTINGS.requireLoginMessage),
  entryLimit: optional(
    z.strictObject({
      count: z.int().min(1).max(1_000_000_000),
      period: withDefault(z.enum(ENTRY_LIMIT_PERIODS), 'total'),
      message: withDefault(message(1000), 'Sorry, this form has reached its limit of entries.'),
    }),
  ),
  schedule: optional(
    z.strictObject({
      opensAt: optional(dateTime),
      closesAt: optional(dateTime),
      pendingMessage: withDefault(message(1000), 'This form is not open yet.'),
      closedMessage: withDefault(message(1000), 'This form is closed.'),
    }),
  ),
  storeIp: withDefault(z.boolean(), DEFAULT_SETTINGS.storeIp),
  retentionDays: optional(z.int().min(1).max(36_500)),
});

const notificationSchema = z.strictObject({
  name: withDefault(z.string().trim().min(1).max(200), 'Notification'),
  enabled: withDefault(z.boolean(), true),
  to: z.array(recipient).min(1, 'Give at least one recipient.').max(20),
  replyTo: optional(recipient),
  subject: withDefault(z.string().trim().min(1).max(500), 'New entry: {form_title}'),
  message: withDefault(message(50_000), '{all_fields}'),
});

const mailingFeedSchema = z.strictObject({
  enabled: withDefault(z.boolean(), true),
  listId: optional(z.int().min(1)),
  tagSlugs: withDefault(
    z.array(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,99}$/, 'Use a tag slug (a-z, 0-9, - and _).')).max(20),
    [],
  ),
  emailField: keySchema,
  firstNameField: optional(keySchema),
  consentField: optional(keySchema),
});

const definitionSchema = z
  .object({
    title: z.string().trim().min(1, 'Give the form a title.').max(200),
    description: withDefault(message(10_000), ''),
    status: withDefault(z.enum(FORM_STATUSES), 'active'),
    fields: withDefault(z.array(fieldSchema).max(200, 'A form has at most 200 fields.'), []),
    confirmation: withDefault(confirmationSchema, {}),
    settings: withDefault(settingsSchema, {}),
    notifications: withDefault(z.array(notificationSchema).max(20), []),
    mailingFeed: optional(mailingFeedSchema),
  })
  .superRefine((form, ctx) => checkForm(form as FormDefinition, ctx));

function checkForm(form: FormDefinition, ctx: z.RefinementCtx) {
  const at = (path: (string | number)[], msg: string) => ctx.addIssue({ code: 'custom', path, message: msg });
  const seen = new Map<string, FieldDefinition>();
  form.fields.forEach((f, i) => {
    if (seen.has(f.key)) at(['fields', i, 'key'], `Another field already has the key ${f.key}.`);
    f.conditional?.rules.forEach((r, j) => {
      if (!seen.has(r.field))
        at(['fields', i, 'conditional', 'rules', j, 'field'], 'A rule looks at an earlier field of this form.');
    });
    seen.set(f.key, f);
  });
  const ofType = (key: string | null, types: FieldType[]) =>
    key === null || types.includes(seen.get(key)?.type as FieldType);

  const { settings, confirmation, notifications, mailingFeed } = form;
  if (settings.honeypot && seen.has(settings.honeypotName))
    at(['settings', 'honeypotName'], 'The honeypot must not be a field of the form.');
  const { schedule } = settings;
  if (schedule?.opensAt && schedule.closesAt && Date.parse(schedule.closesAt) <= Date.parse(schedule.opensAt)) {
    at(['settings', 'schedule', 'closesAt'], 'closesAt must be after opensAt.');
  }
  if (
    confirmation.type === 'redirect' &&
    !(confirmation.redirectUrl && isWebUrl(confirmation.redirectUrl.replace(/\{[^}]*\}/g, 'x')))
  ) {
    at(['confirmation', 'redirectUrl'], 'A redirect needs an http:// or https:// URL.');
  }
  notifications.forEach((n, i) => {
    if (notifications.findIndex((o) => o.name === n.name) !== i)
      at(['notifications', i, 'name'], 'Another notification has this name.');
    [...n.to, ...(n.replyTo ? [n.replyTo] : [])].forEach((r) => {
      const m = FIELD_TAG.exec(r);
      if (m && !ofType(m[1]!, ['email']))
        at(['notifications', i, 'to'], `{field:${m[1]}} is not an email field of this form.`);
    });
  });
  if (mailingFeed) {
    if (!ofType(mailingFeed.emailField, ['email']))
      at(['mailingFeed', 'emailField'], 'Name an email field of this form.');
    if (!ofType(mailingFeed.firstNameField, ['text', 'hidden']))
      at(['mailingFeed', 'firstNameField'], 'Name a text field of this form.');
    if (!ofType(mailingFeed.consentField, ['consent']))
      at(['mailingFeed', 'consentField'], 'Name a consent field of this form.');
  }
}

/** A complete, valid definition from any input (missing parts take their defaults); 400 with every problem otherwise. */
export function parseDefinition(input: unknown): FormDefinition {
  return parseDocument(definitionSchema, input) as FormDefinition;
}
