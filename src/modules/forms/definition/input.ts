// A form definition as both faces take it (GraphQL's FormInput; over REST the body in the GET ?context=edit shape):
// its parts and closed sets. Every part may be left out (on update it then stays as it is; null resets or removes),
// so the rules that need the whole definition — defaults, lengths, cross-references — are the service's, applied
// once to the definition being written (schema.ts, parseDefinition).
import { z } from 'zod';
import { enumOf, inputObject } from '../../../input/vocabulary.ts';
import { CONDITION_OPERATORS, ENTRY_LIMIT_PERIODS, FIELD_TYPES } from './types.ts';

export const FORM_STATUSES = ['active', 'inactive'] as const;
export const FormStatus = enumOf('FormStatus', FORM_STATUSES, 'Inactive forms take no entries and exist for form managers only.');
export const FieldType = enumOf('FormFieldType', FIELD_TYPES);
export const ConditionOperator = enumOf('FormConditionOperator', CONDITION_OPERATORS);
export const ConditionalAction = enumOf('FormConditionalAction', ['show', 'hide']);
export const ConditionalMatch = enumOf('FormConditionalMatch', ['all', 'any']);
export const ConfirmationType = enumOf('FormConfirmationType', ['message', 'redirect']);
export const SpamAction = enumOf('FormSpamAction', ['reject', 'store'], 'reject (400 forms_spam_detected) or store (kept as spam).');
export const EntryLimitPeriod = enumOf('FormEntryLimitPeriod', ENTRY_LIMIT_PERIODS, 'UTC; weeks start on Monday.');

const str = () => z.string().nullish();
const int = () => z.number().int().nullish();
const num = () => z.number().nullish();
const bool = () => z.boolean().nullish();

const FieldOptionInput = inputObject('FormFieldOptionInput', { label: z.string(), value: z.string() });
const ConditionRuleInput = inputObject('FormConditionRuleInput', { field: z.string(), operator: ConditionOperator, value: str() });
const ConditionalInput = inputObject('FormConditionalInput', {
  action: ConditionalAction.nullish(),
  match: ConditionalMatch.nullish(),
  rules: z.array(ConditionRuleInput),
});

const FieldInput = inputObject('FormFieldInput', {
  key: z.string(),
  type: FieldType,
  label: str(),
  description: str(),
  required: bool(),
  placeholder: str(),
  defaultValue: z.unknown().nullish(),
  options: z.array(FieldOptionInput).nullish(),
  min: num(),
  max: num(),
  step: num(),
  minLength: int(),
  maxLength: int(),
  pattern: str(),
  patternMessage: str(),
  minDate: str(),
  maxDate: str(),
  requiredMessage: str(),
  noDuplicates: bool(),
  conditional: ConditionalInput.nullish(),
});

const ConfirmationInput = inputObject('FormConfirmationInput', { type: ConfirmationType.nullish(), message: str(), redirectUrl: str() });
const EntryLimitInput = inputObject('FormEntryLimitInput', { count: z.number().int(), period: EntryLimitPeriod.nullish(), message: str() });
const ScheduleInput = inputObject('FormScheduleInput', { opensAt: str(), closesAt: str(), pendingMessage: str(), closedMessage: str() });

const SettingsInput = inputObject(
  'FormSettingsInput',
  {
    submitLabel: str(),
    honeypot: bool(),
    honeypotName: str(),
    spamAction: SpamAction.nullish(),
    requireLogin: bool(),
    requireLoginMessage: str(),
    entryLimit: EntryLimitInput.nullish().describe('null removes the limit.'),
    schedule: ScheduleInput.nullish().describe('null removes the schedule.'),
    storeIp: bool(),
    retentionDays: int().describe('null keeps entries for ever.'),
  },
  'Settings to change; those left out keep their value.',
);

const NotificationInput = inputObject('FormNotificationInput', {
  name: str(),
  enabled: bool(),
  to: z.array(z.string()),
  replyTo: str(),
  subject: str(),
  message: str(),
});

const MailingFeedInput = inputObject('FormMailingFeedInput', {
  enabled: bool(),
  listId: int(),
  tagSlugs: z.array(z.string()).nullish(),
  emailField: z.string(),
  firstNameField: str(),
  consentField: str(),
});

export const FormInput = inputObject(
  'FormInput',
  {
    title: str(),
    description: str(),
    status: FormStatus.nullish(),
    fields: z.array(FieldInput).nullish(),
    confirmation: ConfirmationInput.nullish(),
    settings: SettingsInput.nullish(),
    notifications: z.array(NotificationInput).nullish(),
    mailingFeed: MailingFeedInput.nullish().describe('null removes the feed.'),
  },
  'A form definition. On update, parts left out stay as they are; fields and notifications are replaced whole.',
);
