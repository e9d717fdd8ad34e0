// GraphQL: the FormEntry type (personal data: reachable only through fields that need forms_view_entries).
import { schemaPart } from '../../../graphql/builder.ts';
import { enumType } from '../../../graphql/zod-args.ts';
import { EntryStatus } from '../service/entries.ts';
import { fieldsOf } from '../definition/stored.ts';
import { displayValue } from '../notify/merge-tags.ts';
import type { NotificationResult } from '../notify/send.ts';
import type { FieldValue } from '../submission/values.ts';

interface LabelledValue {
  key: string;
  label: string;
  type: string;
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
      key: t.exposeString('key'),
      label: t.exposeString('label'),
      type: t.exposeString('type'),
      value: t.expose('value', { type: 'JSON', nullable: true }),
      display: t.exposeString('display', { description: 'As people read it: option labels, Yes/No.' }),
    }),
  });

  const NotificationResultRef = builder.objectRef<NotificationResult>('FormEntryNotification').implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      to: t.exposeStringList('to'),
      status: t.exposeString('status', { description: 'sent, failed or skipped.' }),
      error: t.exposeString('error', { nullable: true }),
      sentAt: t.exposeString('sentAt', { nullable: true }),
    }),
  });

  const ConsentRef = builder.objectRef<Consent>('FormEntryConsent').implement({
    description: 'What the person agreed to: the consent field as it read when they ticked it.',
    fields: (t) => ({ field: t.exposeString('field'), label: t.exposeString('label'), description: t.exposeString('description') }),
  });

  builder.prismaObject('FormEntry', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      formId: t.exposeInt('formId'),
      formVersion: t.exposeInt('formVersion'),
      status: t.expose('status', { type: enumType(builder, EntryStatus) }),
      values: t.expose('values', { type: 'JSON', description: 'Field key -> value.' }),
      fields: t.field({
        type: [LabelledValueRef],
        select: { form: { select: { fields: true } } },
        resolve: (e) => {
          const values = e.values as Record<string, FieldValue>;
          const fields = fieldsOf(e.form);
          const known = fields.filter((f) => f.key in values).map((f) => ({ key: f.key, label: f.label || f.key, type: f.type, value: values[f.key]!, display: displayValue(f, values[f.key]) }));
          const removed = Object.keys(values).filter((k) => !fields.some((f) => f.key === k));
          return [...known, ...removed.map((k) => ({ key: k, label: k, type: 'removed', value: values[k]!, display: displayValue(undefined, values[k]) }))];
        },
      }),
      consents: t.field({ type: [ConsentRef], resolve: (e) => ((e.meta as { consents?: Consent[] }).consents ?? []) }),
      form: t.relation('form'),
      userId: t.exposeInt('userId', { nullable: true }),
      user: t.relation('user', { nullable: true }),
      ip: t.exposeString('ip', { nullable: true }),
      userAgent: t.exposeString('userAgent', { nullable: true }),
      sourceUrl: t.exposeString('sourceUrl', { nullable: true, description: 'The page the submission came from (Referer).' }),
      notificationStatus: t.exposeString('notificationStatus', { description: 'none, sending, sent, failed or skipped.' }),
      notifications: t.field({ type: [NotificationResultRef], resolve: (e) => e.notificationLog as unknown as NotificationResult[] }),
      notifiedAt: t.expose('notifiedAt', { type: 'DateTime', nullable: true }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });
});
