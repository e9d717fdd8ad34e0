// GraphQL: the FormEntry type (personal data: reachable only through fields that need forms_view_entries).
import { schemaPart } from '../../../graphql/builder.ts';
import { enumType } from '../../../graphql/zod-args.ts';
import { EntryStatus } from '../service/entries.ts';
import { fieldsOf } from '../definition/stored.ts';
import { displayValue } from '../notify/merge-tags.ts';
import type { NotificationResult } from '../notify/send.ts';
import { EntryNotificationStatusEnum, NotificationOutcomeEnum } from '../notify/statuses.ts';
import { enumOf } from '../../../input/vocabulary.ts';
import { FIELD_TYPE_DESCRIPTIONS } from '../definition/input.ts';
import { FIELD_TYPES, type FieldType } from '../definition/types.ts';
import type { FieldValue } from '../submission/values.ts';

/** A value's field type: the field's type, or removed for a key the form no longer has. */
const ValueType = enumOf(
  'FormEntryValueType',
  [...FIELD_TYPES, 'removed'],
  'The type of the field a value was given for, as the form defines it now; removed when the form no longer has it.',
  { ...FIELD_TYPE_DESCRIPTIONS, removed: 'The field is no longer in the form: the value is kept as it was given.' },
);

interface LabelledValue {
  key: string;
  label: string;
  type: FieldType | 'removed';
  value: FieldValue;
  display: string;
}

interface Consent {
  field: string;
  label: string;
  description: string;
}

export const entryTypeSchema = schemaPart((builder) => {
  const LabelledValueRef = builder.objectRef<LabelledValue>('FormEntryValue').implement({
    description: 'A value with its field as the form defines it now (keys of removed fields keep their key as label).',
    fields: (t) => ({
      key: t.exposeString('key', { description: 'The field key.' }),
      label: t.exposeString('label', {
        description: 'The field label, or the key when the field has none or was removed.',
      }),
      type: t.expose('type', {
        type: enumType(builder, ValueType),
        description: 'The field type (as FormFieldType), or removed for a field no longer in the form.',
      }),
      value: t.expose('value', {
        type: 'JSON',
        nullable: true,
        description: 'As stored: string, number, list of option values or boolean.',
      }),
      display: t.exposeString('display', { description: 'As people read it: option labels, Yes/No.' }),
    }),
  });

  const NotificationResultRef = builder.objectRef<NotificationResult>('FormEntryNotification').implement({
    description: 'The outcome of one notification of the entry at its last attempt.',
    fields: (t) => ({
      name: t.exposeString('name', { description: 'Name of the form notification.' }),
      to: t.exposeStringList('to', { description: 'The addresses it went to, field tags replaced.' }),
      status: t.expose('status', { type: enumType(builder, NotificationOutcomeEnum), description: 'How it went.' }),
      error: t.exposeString('error', {
        nullable: true,
        description: 'Why sending failed or was skipped; null when sent.',
      }),
      sentAt: t.exposeString('sentAt', {
        nullable: true,
        description: 'When it was sent, ISO 8601 UTC; null unless sent.',
      }),
    }),
  });

  const ConsentRef = builder.objectRef<Consent>('FormEntryConsent').implement({
    description: 'What the person agreed to: the consent field as it read when they ticked it.',
    fields: (t) => ({
      field: t.exposeString('field', { description: 'Key of the consent field.' }),
      label: t.exposeString('label', { description: 'Its label when ticked.' }),
      description: t.exposeString('description', { description: 'Its description when ticked; empty when none.' }),
    }),
  });

  builder.prismaObject('FormEntry', {
    description:
      'A submission to a form, with who sent it and how its notifications went (personal data: forms_view_entries).',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Entry id.' }),
      formId: t.exposeInt('formId', { description: 'Id of the form submitted to.' }),
      formVersion: t.exposeInt('formVersion', { description: 'The form version the submission answered.' }),
      status: t.expose('status', {
        type: enumType(builder, EntryStatus),
        description: 'Where the entry is in triage.',
      }),
      values: t.expose('values', { type: 'JSON', description: 'Field key -> value.' }),
      fields: t.field({
        type: [LabelledValueRef],
        description: 'The values with their fields, in form order, then values of removed fields.',
        select: { form: { select: { fields: true } } },
        resolve: (e) => {
          const values = e.values as Record<string, FieldValue>;
          const fields = fieldsOf(e.form);
          const known = fields
            .filter((f) => f.key in values)
            .map((f) => ({
              key: f.key,
              label: f.label || f.key,
              type: f.type,
              value: values[f.key]!,
              display: displayValue(f, values[f.key]),
            }));
          const removed = Object.keys(values).filter((k) => !fields.some((f) => f.key === k));
          return [
            ...known,
            ...removed.map((k) => ({
              key: k,
              label: k,
              type: 'removed' as const,
              value: values[k]!,
              display: displayValue(undefined, values[k]),
            })),
          ];
        },
      }),
      consents: t.field({
        type: [ConsentRef],
        description: 'Consent boxes ticked, as worded then; empty when none.',
        resolve: (e) => (e.meta as { consents?: Consent[] }).consents ?? [],
      }),
      form: t.relation('form', { description: 'The form submitted to.' }),
      userId: t.exposeInt('userId', {
        nullable: true,
        description: 'Id of the signed-in submitter; null when anonymous.',
      }),
      user: t.relation('user', { nullable: true, description: 'The signed-in submitter; null when anonymous.' }),
      ip: t.exposeString('ip', {
        nullable: true,
        description: "The submitter's IP address; null when the form does not store it.",
      }),
      userAgent: t.exposeString('userAgent', {
        nullable: true,
        description: "The submitter's browser (User-Agent, up to 1000 characters); null when not sent.",
      }),
      sourceUrl: t.exposeString('sourceUrl', {
        nullable: true,
        description: 'The page the submission came from (Referer).',
      }),
      notificationStatus: t.expose('notificationStatus', {
        type: enumType(builder, EntryNotificationStatusEnum),
        description: 'Where its notifications stand.',
      }),
      notifications: t.field({
        type: [NotificationResultRef],
        description: 'Outcome per notification of the last attempt; empty before any.',
        resolve: (e) => e.notificationLog as unknown as NotificationResult[],
      }),
      notifiedAt: t.expose('notifiedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When notifications were last all sent (UTC); null until then.',
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was submitted (UTC).' }),
      updatedAt: t.expose('updatedAt', {
        type: 'DateTime',
        description: 'When its status or notifications last changed (UTC).',
      }),
    }),
  });
});
