// A form definition as both faces take it (GraphQL's FormInput; over REST the body in the GET ?context=edit shape):
// its parts and closed sets. Every part may be left out (on update it then stays as it is; null resets or removes),
// so the rules that need the whole definition — defaults, lengths, cross-references — are the service's, applied
// once to the definition being written (schema.ts, parseDefinition).
import { z } from 'zod';
import { enumOf, inputObject } from '../../../input/vocabulary.ts';
import {
  CONDITION_OPERATORS,
  CONDITIONAL_ACTIONS,
  CONDITIONAL_MATCHES,
  CONFIRMATION_TYPES,
  ENTRY_LIMIT_PERIODS,
  FIELD_TYPES,
  FORM_STATUSES,
  SPAM_ACTIONS,
} from './types.ts';

export const FormStatus = enumOf(
  'FormStatus',
  FORM_STATUSES,
  'Inactive forms take no entries and exist for form managers only.',
  {
    active: 'Takes entries and is shown to everyone.',
    inactive: 'Takes no entries; visible to form managers only.',
  },
);
/** What each field type takes (FormFieldType; entries' FormEntryValueType too). */
export const FIELD_TYPE_DESCRIPTIONS = {
  text: 'One line of text.',
  textarea: 'Several lines of text.',
  email: 'An e-mail address.',
  number: 'A number (within min and max, when set).',
  select: 'One option from a drop-down list.',
  radio: 'One option from radio buttons.',
  checkbox: 'Any number of options from check boxes (a list of values).',
  date: 'A date, YYYY-MM-DD.',
  phone: 'A phone number (5 to 15 digits).',
  url: 'A web address starting with http:// or https://.',
  hidden: 'A value the page sets, not shown to the visitor.',
  consent: 'A box to tick (true or false), e.g. to accept terms.',
} as const;
export const FieldType = enumOf(
  'FormFieldType',
  FIELD_TYPES,
  'What a field takes: text types, number, date (YYYY-MM-DD), a choice (select, radio, checkbox: one or many options), hidden, or consent (a box to tick).',
  FIELD_TYPE_DESCRIPTIONS,
);
export const ConditionOperator = enumOf(
  'FormConditionOperator',
  CONDITION_OPERATORS,
  'How a rule compares the field value with its value: equality, substring, numeric order, or emptiness (is_empty, is_not_empty ignore the value).',
  {
    is: 'The value equals the rule value (case ignored; for a checkbox, one of its values).',
    is_not: 'The value differs from the rule value (case ignored).',
    contains: 'The value contains the rule value (case ignored).',
    not_contains: 'The value does not contain the rule value (case ignored).',
    greater_than: 'The value is a number greater than the rule value.',
    less_than: 'The value is a number less than the rule value.',
    is_empty: 'The field has no value (the rule value is ignored).',
    is_not_empty: 'The field has a value (the rule value is ignored).',
  },
);
export const ConditionalAction = enumOf(
  'FormConditionalAction',
  CONDITIONAL_ACTIONS,
  'show: the field appears only when the rules match; hide: it disappears when they match.',
  {
    show: 'The field appears only when the rules match.',
    hide: 'The field disappears when the rules match.',
  },
);
export const ConditionalMatch = enumOf(
  'FormConditionalMatch',
  CONDITIONAL_MATCHES,
  'Whether every rule (all) or at least one (any) must match.',
  {
    all: 'Every rule must match.',
    any: 'At least one rule must match.',
  },
);
export const ConfirmationType = enumOf(
  'FormConfirmationType',
  CONFIRMATION_TYPES,
  'After a submission: show a message, or send the submitter to a URL.',
  {
    message: 'Show the confirmation message.',
    redirect: 'Send the submitter to the redirect URL.',
  },
);
export const SpamAction = enumOf(
  'FormSpamAction',
  SPAM_ACTIONS,
  'reject (400 forms_spam_detected) or store (kept as spam).',
  {
    reject: 'Refuse a spam submission (400 forms_spam_detected).',
    store: 'Keep a spam submission as an entry with status spam.',
  },
);
export const EntryLimitPeriod = enumOf('FormEntryLimitPeriod', ENTRY_LIMIT_PERIODS, 'UTC; weeks start on Monday.', {
  total: 'Entries ever received.',
  day: 'Entries of the current day (UTC).',
  week: 'Entries of the current week (UTC, from Monday).',
  month: 'Entries of the current month (UTC).',
  year: 'Entries of the current year (UTC).',
});

const str = () => z.string().nullish();
const int = () => z.number().int().nullish();
const num = () => z.number().nullish();
const bool = () => z.boolean().nullish();

const FieldOptionInput = inputObject(
  'FormFieldOptionInput',
  {
    label: z.string().describe('Shown to people.'),
    value: z.string().describe('What an entry stores; unique within the field.'),
  },
  'A choice of a select, radio or checkbox field.',
);
const ConditionRuleInput = inputObject(
  'FormConditionRuleInput',
  {
    field: z.string().describe('Key of an earlier field of the form.'),
    operator: ConditionOperator,
    value: str().describe('Compared with the field value; default empty.'),
  },
  "One test on an earlier field's value.",
);
const ConditionalInput = inputObject(
  'FormConditionalInput',
  {
    action: ConditionalAction.nullish().describe('Default show.'),
    match: ConditionalMatch.nullish().describe('Default all.'),
    rules: z.array(ConditionRuleInput).describe('1 to 20 rules.'),
  },
  'Shows or hides the field depending on earlier fields; a hidden field is neither validated nor kept.',
);

const FieldInput = inputObject(
  'FormFieldInput',
  {
    key: z
      .string()
      .describe(
        '1 to 64 of a-z, 0-9 and _, starting with a letter; unique in the form: the submission key and merge tag {field:key}.',
      ),
    type: FieldType,
    label: str().describe('Shown to people; required except for hidden fields.'),
    description: str().describe('Help text under the field; default empty.'),
    required: bool().describe('Refuse a submission without a value; default false.'),
    placeholder: str().describe('Hint shown inside an empty input.'),
    defaultValue: z
      .unknown()
      .nullish()
      .describe(
        "Used when a submission omits the key: a string, a number, a list of option values or a boolean (consent); must pass the field's own rules.",
      ),
    options: z
      .array(FieldOptionInput)
      .nullish()
      .describe('Choices of a select, radio or checkbox field (at least one); none for other types.'),
    min: num().describe('number fields: smallest value allowed.'),
    max: num().describe('number fields: largest value allowed.'),
    step: num().describe('number fields: the value must be a multiple of this (greater than 0).'),
    minLength: int().describe('Text types: fewest characters allowed.'),
    maxLength: int().describe("Text types: most characters allowed (never above the type's own ceiling)."),
    pattern: str().describe(
      'Text types: a regular expression the whole value must match (JavaScript syntax, Unicode).',
    ),
    patternMessage: str().describe('Text types: message when the pattern does not match.'),
    minDate: str().describe('date fields: earliest date allowed, YYYY-MM-DD, inclusive.'),
    maxDate: str().describe('date fields: latest date allowed, YYYY-MM-DD, inclusive.'),
    requiredMessage: str().describe('Message for a missing required value (default "This field is required.").'),
    noDuplicates: bool().describe(
      'Refuse a value another kept entry of the form already has; not for checkbox or consent.',
    ),
    conditional: ConditionalInput.nullish().describe('null: the field is always shown.'),
  },
  'A field of the form, as a front end renders it and the server validates it.',
);

const ConfirmationInput = inputObject(
  'FormConfirmationInput',
  {
    type: ConfirmationType.nullish().describe('Default message.'),
    message: str().describe('HTML shown after a submission (type message), with merge tags; values are HTML-escaped.'),
    redirectUrl: str().describe(
      'http(s) URL to send the submitter to (type redirect), with merge tags; values are URL-encoded.',
    ),
  },
  'What a submitter sees after submitting.',
);
const EntryLimitInput = inputObject(
  'FormEntryLimitInput',
  {
    count: z.number().int().describe('Entries (unread and read) the form takes per period, 1 or more.'),
    period: EntryLimitPeriod.nullish().describe('Default total.'),
    message: str().describe('Shown instead of the form once the limit is reached.'),
  },
  'A cap on the entries a form takes.',
);
const ScheduleInput = inputObject(
  'FormScheduleInput',
  {
    opensAt: str().describe('ISO 8601 date-time with a time zone from which entries are taken; null: open already.'),
    closesAt: str().describe(
      'ISO 8601 date-time with a time zone from which entries are refused (after opensAt); null: never closes.',
    ),
    pendingMessage: str().describe('Shown instead of the form before opensAt.'),
    closedMessage: str().describe('Shown instead of the form from closesAt.'),
  },
  'When the form takes entries.',
);

const SettingsInput = inputObject(
  'FormSettingsInput',
  {
    submitLabel: str().describe('Text of the submit button (default Submit).'),
    honeypot: bool().describe('Add a trap input bots fill and people do not (default true).'),
    honeypotName: str().describe('Name of the trap input; must not be a field key (default website_url).'),
    spamAction: SpamAction.nullish(),
    requireLogin: bool().describe('Take entries from signed-in users only (default false).'),
    requireLoginMessage: str().describe('Shown to anonymous visitors when login is required.'),
    entryLimit: EntryLimitInput.nullish().describe('null removes the limit.'),
    schedule: ScheduleInput.nullish().describe('null removes the schedule.'),
    storeIp: bool().describe("Keep the submitter's IP address on the entry (personal data; default true)."),
    retentionDays: int().describe('null keeps entries for ever.'),
  },
  'Settings to change; those left out keep their value.',
);

const NotificationInput = inputObject(
  'FormNotificationInput',
  {
    name: str().describe('Unique within the form (default Notification).'),
    enabled: bool().describe('Disabled notifications are kept but not sent (default true).'),
    to: z.array(z.string()).describe('1 to 20 e-mail addresses or {field:key} of an email field.'),
    replyTo: str().describe('An e-mail address or {field:key} of an email field.'),
    subject: str().describe('With merge tags (default "New entry: {form_title}").'),
    message: str().describe('Plain text with merge tags (default {all_fields}); an HTML part is derived from it.'),
  },
  'An e-mail sent for every new entry.',
);

const MailingFeedInput = inputObject(
  'FormMailingFeedInput',
  {
    enabled: bool().describe('Default true.'),
    listId: int().describe('Mailing list id the submitter joins; null: none.'),
    tagSlugs: z.array(z.string()).nullish().describe('Slugs of mailer tags to give the subscriber (up to 20).'),
    emailField: z.string().describe('Key of the email field whose address is subscribed.'),
    firstNameField: str().describe('Key of a text or hidden field giving the first name.'),
    consentField: str().describe('Key of a consent field: only a ticked box subscribes; null subscribes unconfirmed.'),
  },
  'Subscribes each submitter to the mailer module.',
);

export const FormInput = inputObject(
  'FormInput',
  {
    title: str().describe('Required on create; up to 200 characters.'),
    description: str().describe('Shown above the form; default empty.'),
    status: FormStatus.nullish(),
    fields: z.array(FieldInput).nullish().describe('Up to 200 fields, in display order; replaces all fields.'),
    confirmation: ConfirmationInput.nullish().describe('null resets to the default message.'),
    settings: SettingsInput.nullish(),
    notifications: z.array(NotificationInput).nullish().describe('Up to 20; replaces all notifications.'),
    mailingFeed: MailingFeedInput.nullish().describe('null removes the feed.'),
  },
  'A form definition. On update, parts left out stay as they are; fields and notifications are replaced whole.',
);
