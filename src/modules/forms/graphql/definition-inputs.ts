// GraphQL input types of a form definition. They only carry shapes; the rules (and defaults) are the service's
// (definition/schema.ts), so GraphQL, the CLI import and any future face admit the same definitions.
import { schemaPart } from '../../../graphql/builder.ts';

export const definitionInputsSchema = schemaPart((builder) => {
  const FieldOptionInput = builder.inputType('FormFieldOptionInput', {
    fields: (t) => ({ label: t.string({ required: true }), value: t.string({ required: true }) }),
  });

  const ConditionRuleInput = builder.inputType('FormConditionRuleInput', {
    fields: (t) => ({ field: t.string({ required: true }), operator: t.string({ required: true }), value: t.string() }),
  });

  const ConditionalInput = builder.inputType('FormConditionalInput', {
    fields: (t) => ({ action: t.string(), match: t.string(), rules: t.field({ type: [ConditionRuleInput], required: true }) }),
  });

  const FieldInput = builder.inputType('FormFieldInput', {
    fields: (t) => ({
      key: t.string({ required: true }),
      type: t.string({ required: true }),
      label: t.string(),
      description: t.string(),
      required: t.boolean(),
      placeholder: t.string(),
      defaultValue: t.field({ type: 'JSON' }),
      options: t.field({ type: [FieldOptionInput] }),
      min: t.float(),
      max: t.float(),
      step: t.float(),
      minLength: t.int(),
      maxLength: t.int(),
      pattern: t.string(),
      patternMessage: t.string(),
      minDate: t.string(),
      maxDate: t.string(),
      requiredMessage: t.string(),
      noDuplicates: t.boolean(),
      conditional: t.field({ type: ConditionalInput }),
    }),
  });

  const ConfirmationInput = builder.inputType('FormConfirmationInput', {
    fields: (t) => ({ type: t.string(), message: t.string(), redirectUrl: t.string() }),
  });

  const EntryLimitInput = builder.inputType('FormEntryLimitInput', {
    fields: (t) => ({ count: t.int({ required: true }), period: t.string(), message: t.string() }),
  });

  const ScheduleInput = builder.inputType('FormScheduleInput', {
    fields: (t) => ({ opensAt: t.string(), closesAt: t.string(), pendingMessage: t.string(), closedMessage: t.string() }),
  });

  const SettingsInput = builder.inputType('FormSettingsInput', {
    description: 'Settings to change; those left out keep their value.',
    fields: (t) => ({
      submitLabel: t.string(),
      honeypot: t.boolean(),
      honeypotName: t.string(),
      spamAction: t.string(),
      requireLogin: t.boolean(),
      requireLoginMessage: t.string(),
      entryLimit: t.field({ type: EntryLimitInput, description: 'null removes the limit.' }),
      schedule: t.field({ type: ScheduleInput, description: 'null removes the schedule.' }),
      storeIp: t.boolean(),
      retentionDays: t.int({ description: 'null keeps entries for ever.' }),
    }),
  });

  const NotificationInput = builder.inputType('FormNotificationInput', {
    fields: (t) => ({
      name: t.string(),
      enabled: t.boolean(),
      to: t.stringList({ required: true }),
      replyTo: t.string(),
      subject: t.string(),
      message: t.string(),
    }),
  });

  const MailingFeedInput = builder.inputType('FormMailingFeedInput', {
    fields: (t) => ({
      enabled: t.boolean(),
      listId: t.int(),
      tagSlugs: t.stringList(),
      emailField: t.string({ required: true }),
      firstNameField: t.string(),
      consentField: t.string(),
    }),
  });

  const FormInput = builder.inputType('FormInput', {
    description: 'A form definition. On update, parts left out stay as they are; fields and notifications are replaced whole.',
    fields: (t) => ({
      title: t.string(),
      description: t.string(),
      status: t.string({ description: 'active or inactive.' }),
      fields: t.field({ type: [FieldInput] }),
      confirmation: t.field({ type: ConfirmationInput }),
      settings: t.field({ type: SettingsInput }),
      notifications: t.field({ type: [NotificationInput] }),
      mailingFeed: t.field({ type: MailingFeedInput, description: 'null removes the feed.' }),
    }),
  });
  return { FormInput };
});
