// GraphQL output types of a form definition's parts (the JSON documents of definition/types.ts).
import { schemaPart } from '../../../graphql/builder.ts';
import { enumType } from '../../../graphql/zod-args.ts';
import { ConditionalAction, ConditionalMatch, ConditionOperator, ConfirmationType, EntryLimitPeriod, FieldType, SpamAction } from '../definition/input.ts';
import type {
  ConditionRule, Conditional, Confirmation, FieldDefinition, FieldOption, FormSettings, MailingFeed, Notification,
} from '../definition/types.ts';

type EntryLimit = NonNullable<FormSettings['entryLimit']>;
type Schedule = NonNullable<FormSettings['schedule']>;

export const definitionTypesSchema = schemaPart((builder) => {
  const FieldOptionRef = builder.objectRef<FieldOption>('FormFieldOption').implement({
    fields: (t) => ({ label: t.exposeString('label'), value: t.exposeString('value') }),
  });

  const ConditionRuleRef = builder.objectRef<ConditionRule>('FormConditionRule').implement({
    fields: (t) => ({
      field: t.exposeString('field', { description: 'Key of an earlier field.' }),
      operator: t.expose('operator', { type: enumType(builder, ConditionOperator) }),
      value: t.exposeString('value'),
    }),
  });

  const ConditionalRef = builder.objectRef<Conditional>('FormConditional').implement({
    description: 'Shows (action show) or hides the field when all (match all) or any of the rules match.',
    fields: (t) => ({
      action: t.expose('action', { type: enumType(builder, ConditionalAction) }),
      match: t.expose('match', { type: enumType(builder, ConditionalMatch) }),
      rules: t.field({ type: [ConditionRuleRef], resolve: (c) => c.rules }),
    }),
  });

  const FormFieldRef = builder.objectRef<FieldDefinition>('FormField').implement({
    description: 'A field of a form, with everything a front end needs to render it and the rules the server applies.',
    fields: (t) => ({
      key: t.exposeString('key', { description: 'Submission key, entry value key and merge tag {field:key}.' }),
      type: t.expose('type', { type: enumType(builder, FieldType) }),
      label: t.exposeString('label'),
      description: t.exposeString('description'),
      required: t.exposeBoolean('required'),
      placeholder: t.exposeString('placeholder', { nullable: true }),
      defaultValue: t.expose('defaultValue', { type: 'JSON', nullable: true }),
      options: t.field({ type: [FieldOptionRef], resolve: (f) => f.options }),
      min: t.exposeFloat('min', { nullable: true }),
      max: t.exposeFloat('max', { nullable: true }),
      step: t.exposeFloat('step', { nullable: true }),
      minLength: t.exposeInt('minLength', { nullable: true }),
      maxLength: t.exposeInt('maxLength', { nullable: true }),
      pattern: t.exposeString('pattern', { nullable: true, description: 'The whole value must match (JavaScript syntax, Unicode).' }),
      patternMessage: t.exposeString('patternMessage', { nullable: true }),
      minDate: t.exposeString('minDate', { nullable: true }),
      maxDate: t.exposeString('maxDate', { nullable: true }),
      requiredMessage: t.exposeString('requiredMessage', { nullable: true }),
      noDuplicates: t.exposeBoolean('noDuplicates'),
      conditional: t.field({ type: ConditionalRef, nullable: true, resolve: (f) => f.conditional }),
    }),
  });

  const FormConfirmationRef = builder.objectRef<Confirmation>('FormConfirmation').implement({
    fields: (t) => ({
      type: t.expose('type', { type: enumType(builder, ConfirmationType) }),
      message: t.exposeString('message'),
      redirectUrl: t.exposeString('redirectUrl', { nullable: true }),
    }),
  });


  const EntryLimitRef = builder.objectRef<EntryLimit>('FormEntryLimit').implement({
    fields: (t) => ({
      count: t.exposeInt('count'),
      period: t.expose('period', { type: enumType(builder, EntryLimitPeriod) }),
      message: t.exposeString('message'),
    }),
  });

  const ScheduleRef = builder.objectRef<Schedule>('FormSchedule').implement({
    fields: (t) => ({
      opensAt: t.exposeString('opensAt', { nullable: true }),
      closesAt: t.exposeString('closesAt', { nullable: true }),
      pendingMessage: t.exposeString('pendingMessage'),
      closedMessage: t.exposeString('closedMessage'),
    }),
  });

  const FormSettingsRef = builder.objectRef<FormSettings>('FormSettings').implement({
    fields: (t) => ({
      submitLabel: t.exposeString('submitLabel'),
      honeypot: t.exposeBoolean('honeypot'),
      honeypotName: t.exposeString('honeypotName'),
      spamAction: t.expose('spamAction', { type: enumType(builder, SpamAction) }),
      requireLogin: t.exposeBoolean('requireLogin'),
      requireLoginMessage: t.exposeString('requireLoginMessage'),
      entryLimit: t.field({ type: EntryLimitRef, nullable: true, resolve: (s) => s.entryLimit }),
      schedule: t.field({ type: ScheduleRef, nullable: true, resolve: (s) => s.schedule }),
      storeIp: t.exposeBoolean('storeIp'),
      retentionDays: t.exposeInt('retentionDays', { nullable: true }),
    }),
  });

  const FormNotificationRef = builder.objectRef<Notification>('FormNotification').implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      enabled: t.exposeBoolean('enabled'),
      to: t.exposeStringList('to', { description: 'Addresses or {field:key} of an email field.' }),
      replyTo: t.exposeString('replyTo', { nullable: true }),
      subject: t.exposeString('subject'),
      message: t.exposeString('message', { description: 'Plain text with merge tags; {all_fields} lists every value.' }),
    }),
  });

  const FormMailingFeedRef = builder.objectRef<MailingFeed>('FormMailingFeed').implement({
    fields: (t) => ({
      enabled: t.exposeBoolean('enabled'),
      listId: t.exposeInt('listId', { nullable: true }),
      tagSlugs: t.exposeStringList('tagSlugs'),
      emailField: t.exposeString('emailField'),
      firstNameField: t.exposeString('firstNameField', { nullable: true }),
      consentField: t.exposeString('consentField', { nullable: true }),
    }),
  });
  return { FormFieldRef, FormConfirmationRef, FormSettingsRef, FormNotificationRef, FormMailingFeedRef };
});
