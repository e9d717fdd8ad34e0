// GraphQL: entry queries and mutations, for those who may read entries (forms_view_entries) and triage them
// (forms_edit_entries): one entry, offset pages with filters and search, CSV export, status, deletion, resending
// notifications.
import './entry-type.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import { requiresCapability } from '../../../graphql/access.ts';
import { offsetPage, prismaPage } from '../../../graphql/pagination.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { id, pageArgs } from '../../../input/vocabulary.ts';
import { rest, trashedOrDeleted } from '../../../rest/binding.ts';
import { FORMS_EDIT_ENTRIES, FORMS_VIEW_ENTRIES } from '../capabilities.ts';
import { resendNotifications } from '../notify/retry.ts';
import {
  deleteEntries,
  EntryDelete,
  EntryFilter,
  EntryIds,
  EntryOrder,
  entryOrder,
  EntryStatus,
  EntryStatusChange,
  entryWhere,
  getEntry,
  setEntryStatus,
  trashOrDeleteEntry,
} from '../service/entries.ts';
import { formNotFound } from '../service/forms.ts';
import { exportEntries, type EntryExport } from '../service/export.ts';
import { ENTRY_FIELDS } from './selections.ts';

const view = requiresCapability(FORMS_VIEW_ENTRIES);
const edit = requiresCapability(FORMS_EDIT_ENTRIES);

export const entrySchema = schemaPart((builder) => {
  const FormEntryPage = prismaPage(builder, 'FormEntry');

  const ExportRef = builder.objectRef<EntryExport>('FormEntryExport').implement({
    description: 'A CSV file of entries, ready to download.',
    fields: (t) => ({
      filename: t.exposeString('filename', { description: 'Suggested file name.' }),
      contentType: t.exposeString('contentType', { description: 'MIME type to save it with.' }),
      rows: t.exposeInt('rows', { description: 'Entries in the file (header row not counted).' }),
      truncated: t.exposeBoolean('truncated', {
        description: 'More entries matched than one export holds (20,000); narrow with since/until.',
      }),
      csv: t.exposeString('csv', {
        description: 'The file: a header of field labels and entry facts, then a row per entry.',
      }),
    }),
  });

  builder.queryFields((t) => ({
    formEntry: t.prismaField({
      type: 'FormEntry',
      description: 'One entry (forms_view_entries: entries hold personal data).',
      ...view,
      args: zodArgs(t, { id: id() }),
      ...rest('GET /forms/v1/entries/:id', {
        summary: 'One entry (forms_view_entries: entries hold personal data)',
        select: ENTRY_FIELDS,
      }),
      resolve: (query, _r, { id }, ctx) => getEntry(ctx.platform, id, query),
    }),
    formEntries: t.field({
      type: FormEntryPage,
      description: 'Entries with filters and search, newest first by default; a form that does not exist is 404.',
      ...view,
      args: zodArgs(t, {
        ...pageArgs,
        ...EntryFilter,
        formId: id().optional().describe('Only entries of this form.'),
        ...EntryOrder,
      }),
      ...rest(
        'GET /forms/v1/entries',
        {
          summary:
            'Entries of every form (forms_view_entries), filtered; Gravity Forms REST v2 routes in WordPress pages',
          select: ENTRY_FIELDS,
          paginated: true,
        },
        [
          'GET /forms/v1/forms/:form_id/entries',
          { summary: "One form's entries (forms_view_entries), filtered", select: ENTRY_FIELDS, paginated: true },
        ],
      ),
      resolve: (_r, args, ctx) => {
        const where = entryWhere(args);
        const orderBy = entryOrder(args.orderBy, args.order);
        return offsetPage(args, {
          count: () => ctx.platform.prisma.formEntry.count({ where }),
          findMany: async (w, query) => {
            const rows = await ctx.platform.prisma.formEntry.findMany({ ...query, ...w, where, orderBy });
            // Only an empty page asks whether the form exists, so a filtered list costs nothing more.
            if (!rows.length && args.formId && !(await ctx.platform.prisma.form.count({ where: { id: args.formId } })))
              throw formNotFound();
            return rows;
          },
        });
      },
    }),
    formEntriesCsv: t.field({
      type: ExportRef,
      ...view,
      description: 'The entries of one form as CSV (UTF-8, one column per field).',
      args: zodArgs(t, { ...EntryFilter, formId: id() }),
      resolve: (_r, { formId, ...q }, ctx) => exportEntries(ctx.platform, formId, q),
    }),
  }));

  builder.mutationFields((t) => ({
    setFormEntryStatus: t.prismaField({
      type: ['FormEntry'],
      ...edit,
      description: 'Marks entries read, unread, spam or trash (all or none).',
      args: zodArgs(t, EntryStatusChange),
      resolve: async (query, _r, { ids, status }, ctx) => {
        const changed = await setEntryStatus(ctx.platform, ids, status);
        return ctx.platform.prisma.formEntry.findMany({
          ...query,
          where: { id: { in: changed } },
          orderBy: { id: 'asc' },
        });
      },
    }),
    updateFormEntry: t.prismaField({
      type: 'FormEntry',
      ...edit,
      description: 'Marks one entry read, unread, spam or trash.',
      args: zodArgs(t, { id: id(), status: EntryStatus }),
      ...rest('PUT /forms/v1/entries/:id', {
        summary: 'Change the status of an entry (forms_edit_entries)',
        select: ENTRY_FIELDS,
      }),
      resolve: async (query, _r, { id, status }, ctx) => {
        await setEntryStatus(ctx.platform, [id], status);
        return ctx.platform.prisma.formEntry.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    deleteFormEntry: t.prismaField({
      type: 'FormEntry',
      ...edit,
      description:
        'Moves an entry to the trash (410 forms_entry_already_trashed when it is there), or deletes it for good with force.',
      args: zodArgs(t, EntryDelete),
      ...rest('DELETE /forms/v1/entries/:id', {
        summary: 'Trash an entry, or delete it with force=true (forms_edit_entries)',
        select: ENTRY_FIELDS,
        result: trashedOrDeleted,
        errors: [410],
      }),
      resolve: (query, _r, { id, force }, ctx) => trashOrDeleteEntry(ctx.platform, id, force, query),
    }),
    deleteFormEntries: t.prismaField({
      type: ['FormEntry'],
      ...edit,
      description: 'Deletes entries for good (all or none); answers them as they were.',
      args: zodArgs(t, EntryIds),
      resolve: (query, _r, { ids }, ctx) => deleteEntries(ctx.platform, ids, query),
    }),
    resendFormEntryNotifications: t.prismaField({
      type: 'FormEntry',
      ...edit,
      description: 'Sends the enabled notifications of an entry again and answers with the outcome.',
      args: zodArgs(t, { id: id() }),
      resolve: async (query, _r, { id }, ctx) => {
        await resendNotifications(ctx.platform, id);
        return ctx.platform.prisma.formEntry.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
  }));
});
