// GraphQL: entry queries and mutations, for those who may read entries (forms_view_entries) and triage them
// (forms_edit_entries): one entry, offset pages and Relay cursors with filters and search, CSV export, status,
// deletion, resending notifications.
import './entry-type.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import { requiresCapability } from '../../../graphql/access.ts';
import { offsetPage, pageFieldArgs, prismaPage } from '../../../graphql/pagination.ts';
import { invalid } from '../../../platform/errors.ts';
import { FORMS_EDIT_ENTRIES, FORMS_VIEW_ENTRIES } from '../capabilities.ts';
import { resendNotifications } from '../notify/retry.ts';
import { deleteEntries, entryNotFound, entryWhere, setEntryStatus, type EntryQuery } from '../service/entries.ts';
import { exportEntries, type EntryExport } from '../service/export.ts';

const view = requiresCapability(FORMS_VIEW_ENTRIES);
const edit = requiresCapability(FORMS_EDIT_ENTRIES);

export const entrySchema = schemaPart((builder) => {
  const FormEntryPage = prismaPage(builder, 'FormEntry');

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
      args: { ...pageFieldArgs(t), ...filterArgs, formId: t.arg.int(), order: t.arg.string({ defaultValue: 'desc', description: 'asc or desc (by submission).' }) },
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
});
