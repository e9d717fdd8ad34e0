// GraphQL: entries, for those who may read them (forms_view_entries) and triage them (forms_edit_entries): one
// entry, offset pages and Relay cursors with filters and search, CSV export, status, deletion, resending.
import { builder } from '../../../graphql/builder.ts';
import { requiresCapability } from '../../../graphql/access.ts';
import { offsetPage, pageFieldArgs, prismaPage } from '../../../graphql/pagination.ts';
import { invalid } from '../../../platform/errors.ts';
import { FORMS_EDIT_ENTRIES, FORMS_VIEW_ENTRIES } from '../capabilities.ts';
import { fieldsOf } from '../definition/stored.ts';
import { displayValue } from '../notify/merge-tags.ts';
import { resendNotifications } from '../notify/retry.ts';
import type { NotificationResult } from '../notify/send.ts';
import { deleteEntries, entryNotFound, entryWhere, setEntryStatus, type EntryQuery } from '../service/entries.ts';
import { exportEntries, type EntryExport } from '../service/export.ts';
import type { FieldValue } from '../submission/values.ts';

const view = requiresCapability(FORMS_VIEW_ENTRIES);
const edit = requiresCapability(FORMS_EDIT_ENTRIES);

interface LabelledValue {
  key: string;
  label: string;
  type: string;
  value: FieldValue;
  display: string;
}

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

interface Consent {
  field: string;
  label: string;
  description: string;
}
const ConsentRef = builder.objectRef<Consent>('FormEntryConsent').implement({
  description: 'What the person agreed to: the consent field as it read when they ticked it.',
  fields: (t) => ({ field: t.exposeString('field'), label: t.exposeString('label'), description: t.exposeString('description') }),
});

export const FormEntryRef = builder.prismaObject('FormEntry', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    formId: t.exposeInt('formId'),
    formVersion: t.exposeInt('formVersion'),
    status: t.exposeString('status', { description: 'unread, read, spam or trash.' }),
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

const FormEntryPage = prismaPage('FormEntry');

const ExportRef = builder.objectRef<EntryExport>('FormEntryExport').implement({
  fields: (t) => ({
    filename: t.exposeString('filename'),
    contentType: t.exposeString('contentType'),
    rows: t.exposeInt('rows'),
    truncated: t.exposeBoolean('truncated', { description: 'More entries matched than one export holds (20,000); narrow with since/until.' }),
    csv: t.exposeString('csv'),
  }),
});

const filterArgs = builder.args((t) => ({
  status: t.string({ description: 'unread, read, spam, trash or any; default unread and read.' }),
  search: t.string({ description: 'Text in any value, or an entry id.' }),
  since: t.field({ type: 'DateTime', description: 'Submitted at or after.' }),
  until: t.field({ type: 'DateTime', description: 'Submitted before.' }),
}));

const direction = (order: string | null | undefined) => {
  if (order !== 'asc' && order !== 'desc') throw invalid('order', 'order is one of asc and desc.');
  return order;
};

builder.queryFields((t) => ({
  formEntry: t.prismaField({
    type: 'FormEntry',
    ...view,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id }, ctx) => {
      const entry = await ctx.platform.prisma.formEntry.findUnique({ ...query, where: { id } });
      if (!entry) throw entryNotFound();
      return entry;
    },
  }),
  formEntries: t.field({
    type: FormEntryPage,
    ...view,
    args: { ...pageFieldArgs, ...filterArgs, formId: t.arg.int(), order: t.arg.string({ defaultValue: 'desc', description: 'asc or desc (by submission).' }) },
    resolve: (_r, args, ctx) => {
      const where = entryWhere(args as EntryQuery);
      const order = direction(args.order);
      return offsetPage(args, {
        count: () => ctx.platform.prisma.formEntry.count({ where }),
        findMany: (w, query) => ctx.platform.prisma.formEntry.findMany({ ...query, ...w, where, orderBy: { id: order } }),
      });
    },
  }),
  formEntryConnection: t.prismaConnection({
    type: 'FormEntry',
    cursor: 'id',
    ...view,
    description: 'Entries newest first, with cursors (for tables that page through many entries).',
    maxSize: 100,
    args: { ...filterArgs, formId: t.arg.int() },
    totalCount: (_p, args, ctx) => ctx.platform.prisma.formEntry.count({ where: entryWhere(args as EntryQuery) }),
    resolve: (query, _p, args, ctx) => ctx.platform.prisma.formEntry.findMany({ ...query, where: entryWhere(args as EntryQuery), orderBy: { id: 'desc' } }),
  }),
  formEntriesCsv: t.field({
    type: ExportRef,
    ...view,
    description: 'The entries of one form as CSV (UTF-8, one column per field).',
    args: { ...filterArgs, formId: t.arg.int({ required: true }) },
    resolve: (_r, { formId, ...q }, ctx) => exportEntries(ctx.platform, formId, q),
  }),
}));

const idsArg = builder.args((t) => ({ ids: t.intList({ required: true, description: '1 to 100 entry ids.' }) }));

builder.mutationFields((t) => ({
  setFormEntryStatus: t.prismaField({
    type: ['FormEntry'],
    ...edit,
    description: 'Marks entries read, unread, spam or trash (all or none).',
    args: { ...idsArg, status: t.arg.string({ required: true }) },
    resolve: async (query, _r, { ids, status }, ctx) => {
      const changed = await setEntryStatus(ctx.platform, ids, status);
      return ctx.platform.prisma.formEntry.findMany({ ...query, where: { id: { in: changed } }, orderBy: { id: 'asc' } });
    },
  }),
  deleteFormEntries: t.prismaField({
    type: ['FormEntry'],
    ...edit,
    description: 'Deletes entries for good (all or none); answers them as they were.',
    args: idsArg,
    resolve: (query, _r, { ids }, ctx) => deleteEntries(ctx.platform, ids, query),
  }),
  resendFormEntryNotifications: t.prismaField({
    type: 'FormEntry',
    ...edit,
    description: 'Sends the enabled notifications of an entry again and answers with the outcome.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _r, { id }, ctx) => {
      await resendNotifications(ctx.platform, id);
      return ctx.platform.prisma.formEntry.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
}));
