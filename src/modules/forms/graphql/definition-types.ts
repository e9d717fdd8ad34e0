// GraphQL output types of a form definition's parts (the JSON documents of definition/types.ts).
import { schemaPart } from '../../../graphql/builder.ts';
import { enumType } from '../../../graphql/zod-args.ts';
import {
  ConditionalAction,
  ConditionalMatch,
  ConditionOperator,
  ConfirmationType,
  EntryLimitPeriod,
  FieldType,
  SpamAction,
} from '../definition/input.ts';
import type {
  ConditionRule,
  Conditional,
  Confirmation,
  FieldDefinition,
  FieldOption,
  FormSettings,
  MailingFeed,
  Notification,
} from '../definition/types.ts';

type EntryLimit = NonNullable<FormSettings['entryLimit']>;
type Schedule = NonNullable<FormSettings['schedule']>;

export const definitionTypesSchema = schemaPart((builder) => {
  const FieldOptionRef = builder.objectRef<FieldOption>('FormFieldOption').implement({
    description: 'A choice of a select, radio or checkbox field.',
    fields: (t) => ({
      label: t.exposeString('label', { description: 'Shown to people.' }),
      value: t.exposeString('value', {
        description: 'What an entry stores when the choice is picked; unique within the field.',
      }),
    }),
  });

  const ConditionRuleRef = builder.objectRef<ConditionRule>('FormConditionRule').implement({
    description: "One test on an earlier field's value.",
    fields: (t) => ({
      field: t.exposeString('field', { description: 'Key of an earlier field.' }),
      operator: t.expose('operator', {
        type: enumType(builder, ConditionOperator),
        description: 'How the field value is compared with value.',
      }),
      value: t.exposeString('value', {
        description: 'Compared with the field value; empty for is_empty and is_not_empty.',
      }),
    }),
  });

  const ConditionalRef = builder.objectRef<Conditional>('FormConditional').implement({
    description: 'Shows (action show) or hides the field when all (match all) or any of the rules match.',
    fields: (t) => ({
      action: t.expose('action', {
        type: enumType(builder, ConditionalAction),
        description: 'Whether matching rules show or hide the field.',
      }),
      match: t.expose('match', {
        type: enumType(builder, ConditionalMatch),
        description: 'Whether all rules or any one must match.',
      }),
      rules: t.expose('rules', { type: [ConditionRuleRef], description: '1 to 20 tests on earlier fields.' }),
    }),
  });

  const FormFieldRef = builder.objectRef<FieldDefinition>('FormField').implement({
    description: 'A field of a form, with everything a front end needs to render it and the rules the server applies.',
    fields: (t) => ({
      key: t.exposeString('key', { description: 'Submission key, entry value key and merge tag {field:key}.' }),
      type: t.expose('type', {
        type: enumType(builder, FieldType),
        description: 'Which input to render and how the value is checked.',
      }),
      label: t.exposeString('label', { description: 'Shown to people; may be empty for hidden fields.' }),
      description: t.exposeString('description', { description: 'Help text to show with the field; empty when none.' }),
      required: t.exposeBoolean('required', { description: 'A submission without a value is refused.' }),
      placeholder: t.exposeString('placeholder', {
        nullable: true,
        description: 'Hint inside an empty input; null when none.',
      }),
      defaultValue: t.expose('defaultValue', {
        type: 'JSON',
        nullable: true,
        description:
          'Pre-filled value, also stored when a submission omits the key: string, number, list of option values or boolean; null when none.',
      }),
      options: t.expose('options', {
        type: [FieldOptionRef],
        description: 'Choices of a select, radio or checkbox field, in order; empty for other types.',
      }),
      min: t.exposeFloat('min', {
        nullable: true,
        description: 'number fields: smallest value allowed; null when unbounded.',
      }),
      max: t.exposeFloat('max', {
        nullable: true,
        description: 'number fields: largest value allowed; null when unbounded.',
      }),
      step: t.exposeFloat('step', {
        nullable: true,
        description: 'number fields: the value must be a multiple of it; null for any number.',
      }),
      minLength: t.exposeInt('minLength', {
        nullable: true,
        description: 'Text types: fewest characters; null when none.',
      }),
      maxLength: t.exposeInt('maxLength', {
        nullable: true,
        description: "Text types: most characters; null means the type's own ceiling.",
      }),
      pattern: t.exposeString('pattern', {
        nullable: true,
        description: 'The whole value must match (JavaScript syntax, Unicode).',
      }),
      patternMessage: t.exposeString('patternMessage', {
        nullable: true,
        description: 'Message when the pattern does not match; null for the default.',
      }),
      minDate: t.exposeString('minDate', {
        nullable: true,
        description: 'date fields: earliest date, YYYY-MM-DD, inclusive; null when unbounded.',
      }),
      maxDate: t.exposeString('maxDate', {
        nullable: true,
        description: 'date fields: latest date, YYYY-MM-DD, inclusive; null when unbounded.',
      }),
      requiredMessage: t.exposeString('requiredMessage', {
        nullable: true,
        description: 'Message for a missing required value; null for "This field is required.".',
      }),
      noDuplicates: t.exposeBoolean('noDuplicates', {
        description: 'A value another kept entry of the form already has is refused.',
      }),
      conditional: t.expose('conditional', {
        type: ConditionalRef,
        nullable: true,
        description: 'null: the field is always shown.',
      }),
    }),
  });

  const FormConfirmationRef = builder.objectRef<Confirmation>('FormConfirmation').implement({
    description: 'What a submitter sees after submitting, as configured (merge tags not yet replaced).',
    fields: (t) => ({
      type: t.expose('type', {
        type: enumType(builder, ConfirmationType),
        description: 'Show message, or redirect to redirectUrl.',
      }),
      message: t.exposeString('message', { description: 'HTML with merge tags, shown for type message.' }),
      redirectUrl: t.exposeString('redirectUrl', {
        nullable: true,
        description: 'http(s) URL with merge tags for type redirect; null when unset.',
      }),
    }),
  });

  const EntryLimitRef = builder.objectRef<EntryLimit>('FormEntryLimit').implement({
    description: 'A cap on the entries a form takes.',
    fields: (t) => ({
      count: t.exposeInt('count', { description: 'Entries (unread and read) taken per period.' }),
      period: t.expose('period', {
        type: enumType(builder, EntryLimitPeriod),
        description: 'The window the count applies to (UTC).',
      }),
      message: t.exposeString('message', { description: 'Shown instead of the form once the limit is reached.' }),
    }),
  });

  const ScheduleRef = builder.objectRef<Schedule>('FormSchedule').implement({
    description: 'When the form takes entries.',
    fields: (t) => ({
      opensAt: t.exposeString('opensAt', {
        nullable: true,
        description: 'ISO 8601 date-time with time zone, as written, from which entries are taken; null: already open.',
      }),
      closesAt: t.exposeString('closesAt', {
        nullable: true,
        description:
          'ISO 8601 date-time with time zone, as written, from which entries are refused; null: never closes.',
      }),
      pendingMessage: t.exposeString('pendingMessage', { description: 'Shown instead of the form before opensAt.' }),
      closedMessage: t.exposeString('closedMessage', { description: 'Shown instead of the form from closesAt.' }),
    }),
  });

  const FormSettingsRef = builder.objectRef<FormSettings>('FormSettings').implement({
    description: 'How a form takes entries: spam trap, login, limits, schedule, data kept (form managers only).',
    fields: (t) => ({
      submitLabel: t.exposeString('submitLabel', { description: 'Text of the submit button.' }),
      honeypot: t.exposeBoolean('honeypot', {
        description: 'Whether a trap input (invisible; bots fill it) guards the form.',
      }),
      honeypotName: t.exposeString('honeypotName', {
        description: 'Name of the trap input; used only when honeypot is true.',
      }),
      spamAction: t.expose('spamAction', {
        type: enumType(builder, SpamAction),
        description: 'What a filled trap does to the submission.',
      }),
      requireLogin: t.exposeBoolean('requireLogin', { description: 'Only signed-in users may submit.' }),
      requireLoginMessage: t.exposeString('requireLoginMessage', {
        description: 'Shown to anonymous visitors when login is required.',
      }),
      entryLimit: t.field({
        type: EntryLimitRef,
        nullable: true,
        description: 'null: no limit.',
        resolve: (s) => s.entryLimit,
      }),
      schedule: t.field({
        type: ScheduleRef,
        nullable: true,
        description: 'null: open whenever the form is active.',
        resolve: (s) => s.schedule,
      }),
      storeIp: t.exposeBoolean('storeIp', {
        description: "Whether entries keep the submitter's IP address (personal data).",
      }),
      retentionDays: t.exposeInt('retentionDays', {
        nullable: true,
        description: 'Entries older than this many days are deleted daily; null keeps them for ever.',
      }),
    }),
  });

  const FormNotificationRef = builder.objectRef<Notification>('FormNotification').implement({
    description: 'An e-mail sent for every new entry (form managers only).',
    fields: (t) => ({
      name: t.exposeString('name', { description: 'Unique within the form; entries log outcomes under it.' }),
      enabled: t.exposeBoolean('enabled', { description: 'Disabled notifications are not sent.' }),
      to: t.exposeStringList('to', { description: 'Addresses or {field:key} of an email field.' }),
      replyTo: t.exposeString('replyTo', {
        nullable: true,
        description: 'An address or {field:key} of an email field; null when none.',
      }),
      subject: t.exposeString('subject', { description: 'Subject line with merge tags.' }),
      message: t.exposeString('message', {
        description: 'Plain text with merge tags; {all_fields} lists every value.',
      }),
    }),
  });

  const FormMailingFeedRef = builder.objectRef<MailingFeed>('FormMailingFeed').implement({
    description: 'Subscribes each submitter to the mailer module (form managers only).',
    fields: (t) => ({
      enabled: t.exposeBoolean('enabled', { description: 'Whether new entries subscribe their submitter.' }),
      listId: t.exposeInt('listId', { nullable: true, description: 'Mailing list the submitter joins; null: none.' }),
      tagSlugs: t.exposeStringList('tagSlugs', { description: 'Slugs of the mailer tags the subscriber gets.' }),
      emailField: t.exposeString('emailField', { description: 'Key of the email field whose address is subscribed.' }),
      firstNameField: t.exposeString('firstNameField', {
        nullable: true,
        description: 'Key of the field giving the first name; null when none.',
      }),
      consentField: t.exposeString('consentField', {
        nullable: true,
        description: 'Key of the consent field that must be ticked; null subscribes unconfirmed.',
      }),
    }),
  });
  return { FormFieldRef, FormConfirmationRef, FormSettingsRef, FormNotificationRef, FormMailingFeedRef };
});
