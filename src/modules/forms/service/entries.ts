// Entries for those who may read them: filters, status changes (read, unread, spam, trash) and deletion.
// Bulk commands take up to 100 ids and change all of them or none.
import { z } from 'zod';
import type { FormEntry, Prisma } from '../../../generated/prisma/client.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { transaction } from '../../../platform/transaction.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf, id, search, SortOrder } from '../../../input/vocabulary.ts';
import { COUNTED_STATUSES } from '../submission/restrictions.ts';

export const ENTRY_STATUSES = ['unread', 'read', 'spam', 'trash'] as const;
export const EntryStatus = enumOf(
  'FormEntryStatus',
  ENTRY_STATUSES,
  'unread and read are kept in the inbox; spam and trash are purged after 30 days.',
  {
    unread: 'New: not yet opened by a form manager.',
    read: 'Opened by a form manager.',
    spam: 'Judged spam; purged after 30 days.',
    trash: 'Deleted; purged after 30 days.',
  },
);
const EntryStatusFilter = enumOf('FormEntryStatusFilter', [...ENTRY_STATUSES, 'any'], 'An entry status, or any.', {
  unread: 'New: not yet opened by a form manager.',
  read: 'Opened by a form manager.',
  spam: 'Judged spam; purged after 30 days.',
  trash: 'Deleted; purged after 30 days.',
  any: 'Entries of every status.',
});

export const entryNotFound = (ids?: number[]) =>
  notFound(
    'forms_entry_not_found',
    ids && ids.length > 1 ? `No entry has the id(s) ${ids.join(', ')}.` : 'No entry has that id.',
  );

/** One entry, read with `query` (the GraphQL selection); 404 forms_entry_not_found when there is none. */
export async function getEntry(platform: Platform, id: number, query: object = {}): Promise<FormEntry> {
  const entry = await platform.prisma.formEntry.findUnique({ ...query, where: { id } });
  if (!entry) throw entryNotFound();
  return entry;
}

/** Which entries a list, a connection or an export covers. */
export const EntryFilter = {
  status: EntryStatusFilter.optional().describe('unread, read, spam, trash or any; default unread and read.'),
  search: search().describe('Text in any value, or an entry id.'),
  since: z.date().optional().describe('Submitted at or after.').meta({ rest: 'after' }),
  until: z.date().optional().describe('Submitted before.').meta({ rest: 'before' }),
};
/** How a page of entries is sorted (both follow submission order; `date` is Gravity Forms' name for it). */
export const EntryOrder = {
  orderBy: enumOf('FormEntryOrderBy', ['date', 'id'], 'Sort by submission time or by id.', {
    date: 'By submission time.',
    id: 'By entry id.',
  })
    .default('date')
    .meta({ rest: 'orderby' }),
  order: SortOrder.default('desc').describe('By submission.'),
};
export const entryOrder = (
  orderBy: 'date' | 'id',
  order: 'asc' | 'desc',
): Prisma.FormEntryOrderByWithRelationInput[] =>
  orderBy === 'date' ? [{ createdAt: order }, { id: order }] : [{ id: order }];
const EntryQuerySchema = z.object({ formId: id().optional(), ...EntryFilter });
/** As callers hold it (the CLI's option, the connection's argument); entryWhere validates it against the declaration. */
export type EntryQuery = Omit<Input<typeof EntryQuerySchema>, 'status'> & { status?: string | null };

/** 1 to 100 entry ids (bulk commands change all of them or none). */
export const EntryIds = { ids: z.array(id()).min(1).max(100).describe('1 to 100 entry ids.') };
export const EntryStatusChange = { ...EntryIds, status: EntryStatus };
export const EntryDelete = {
  id: id(),
  force: z.boolean().default(false).describe('Delete for good instead of moving to the trash.'),
};

export function entryWhere(q: EntryQuery): Prisma.FormEntryWhereInput {
  const { formId, status, search, since, until } = parseDeclared(EntryQuerySchema, q);
  const term = search?.trim().toLowerCase();
  return {
    ...(formId ? { formId } : {}),
    ...(status === 'any' ? {} : status ? { status } : { status: { in: COUNTED_STATUSES } }),
    ...(since || until ? { createdAt: { ...(since ? { gte: since } : {}), ...(until ? { lt: until } : {}) } } : {}),
    ...(term
      ? { OR: [{ searchText: { contains: term } }, ...(/^\d{1,9}$/.test(term) ? [{ id: Number(term) }] : [])] }
      : {}),
  };
}

const IdsSchema = z.object(EntryIds);
const StatusChangeSchema = z.object(EntryStatusChange);

/** Entries by (validated) id, all of them or 404 naming the missing ones. */
async function allEntries(tx: Prisma.TransactionClient, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx.formEntry.findMany({
    where: { id: { in: unique } },
    select: { id: true, formId: true, status: true },
  });
  if (rows.length !== unique.length) throw entryNotFound(unique.filter((id) => !rows.some((r) => r.id === id)));
  return { unique, rows };
}

export async function setEntryStatus(platform: Platform, ids: number[], status: string): Promise<number[]> {
  const { ids: valid, status: next } = parseDeclared(StatusChangeSchema, { ids, status });
  return transaction(platform, async (tx, after) => {
    const { unique, rows } = await allEntries(tx, valid);
    const changing = rows.filter((r) => r.status !== next);
    if (changing.length) {
      await tx.formEntry.updateMany({
        where: { id: { in: changing.map((r) => r.id) } },
        data: { status: next, updatedAt: platform.clock.now() },
      });
    }
    for (const r of changing)
      after.emit('forms/entry/status_changed', { entryId: r.id, formId: r.formId, status: next, previous: r.status });
    return unique;
  });
}

/** Deletes entries; answers them as they were, read with `query` (the GraphQL selection) before they go. */
export async function deleteEntries(platform: Platform, ids: number[], query: object = {}): Promise<FormEntry[]> {
  const valid = parseDeclared(IdsSchema, { ids }).ids;
  return transaction(platform, async (tx, after) => {
    const { unique } = await allEntries(tx, valid);
    const previous = await tx.formEntry.findMany({ ...query, where: { id: { in: unique } }, orderBy: { id: 'asc' } });
    await tx.formEntry.deleteMany({ where: { id: { in: unique } } });
    for (const e of previous) after.emit('forms/entry/deleted', { entryId: e.id, formId: e.formId });
    return previous;
  });
}

/** One entry to the trash, or deleted for good with `force` (WordPress: a trashed item cannot be trashed again, 410).
 *  Answers the entry as it is after the trash, or as it was before the delete. */
export async function trashOrDeleteEntry(
  platform: Platform,
  id: number,
  force: boolean,
  query: object = {},
): Promise<FormEntry> {
  if (force) return (await deleteEntries(platform, [id], query))[0]!;
  return transaction(platform, async (tx, after) => {
    const [row] = await tx.$queryRaw<
      { status: string; form_id: number }[]
    >`SELECT status, form_id FROM form_entries WHERE id = ${id} FOR UPDATE`;
    if (!row) throw entryNotFound();
    if (row.status === 'trash')
      throw new AppError(
        'forms_entry_already_trashed',
        'The entry is already in the trash; delete it with force=true.',
        { status: 410 },
      );
    const entry = await tx.formEntry.update({
      ...query,
      where: { id },
      data: { status: 'trash', updatedAt: platform.clock.now() },
    });
    after.emit('forms/entry/status_changed', {
      entryId: id,
      formId: row.form_id,
      status: 'trash',
      previous: row.status,
    });
    return entry;
  });
}

/** Entries past their form's retention, and spam and trash older than 30 days (as core empties its trash). */
export async function purgeEntries(platform: Platform): Promise<number> {
  const now = platform.clock.now().getTime();
  const day = 86_400_000;
  const forms = await platform.prisma.form.findMany({ select: { id: true, settings: true } });
  const conditions: Prisma.FormEntryWhereInput[] = [
    { status: { in: ['spam', 'trash'] }, updatedAt: { lt: new Date(now - 30 * day) } },
  ];
  for (const f of forms) {
    const days = (f.settings as { retentionDays?: number | null }).retentionDays;
    if (days) conditions.push({ formId: f.id, createdAt: { lt: new Date(now - days * day) } });
  }
  let purged = 0;
  for (;;) {
    const doomed = await platform.prisma.formEntry.findMany({
      where: { OR: conditions },
      select: { id: true, formId: true },
      take: 1000,
    });
    if (!doomed.length) return purged;
    await platform.prisma.formEntry.deleteMany({ where: { id: { in: doomed.map((d) => d.id) } } });
    for (const d of doomed) await platform.events.emit('forms/entry/deleted', { entryId: d.id, formId: d.formId });
    purged += doomed.length;
  }
}
