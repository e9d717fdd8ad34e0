// CSV export of a form's entries: one column per field (its label, in form order, then keys of removed fields
// still present in entries), plus the entry's facts. Read in id-ordered batches so memory stays flat per batch;
// cells that a spreadsheet would run as a formula are defused (OWASP CSV injection, src/platform/csv.ts).
import { toIsoSeconds } from '../../../platform/clock.ts';
import { toCsv, type CsvCell } from '../../../platform/csv.ts';
import type { Platform } from '../../../platform/platform.ts';
import { fieldsOf } from '../definition/stored.ts';
import { displayValue } from '../notify/merge-tags.ts';
import type { FieldValue } from '../submission/values.ts';
import { entryWhere, type EntryQuery } from './entries.ts';
import { formNotFound } from './forms.ts';

const EXPORT_MAX_ROWS = 20_000;
const BATCH = 500;

export interface EntryExport {
  filename: string;
  contentType: string;
  rows: number;
  /** More entries matched than one export holds; narrow it with since/until. */
  truncated: boolean;
  csv: string;
}

/** `onRead(n)`: entries read so far, after each batch (the CLI's progress bar). */
export async function exportEntries(
  platform: Platform,
  formId: number,
  q: Omit<EntryQuery, 'formId'>,
  onRead: (n: number) => void = () => {},
): Promise<EntryExport> {
  const form = await platform.prisma.form.findUnique({ where: { id: formId }, select: { id: true, fields: true } });
  if (!form) throw formNotFound();
  const fields = fieldsOf(form);
  const where = entryWhere({ ...q, formId });
  const entries: {
    id: number;
    status: string;
    values: Record<string, FieldValue>;
    createdAt: Date;
    userId: number | null;
    ip: string | null;
    sourceUrl: string | null;
  }[] = [];
  let cursor = 0;
  while (entries.length <= EXPORT_MAX_ROWS) {
    const batch = await platform.prisma.formEntry.findMany({
      where: { AND: [where, { id: { gt: cursor } }] },
      select: { id: true, status: true, values: true, createdAt: true, userId: true, ip: true, sourceUrl: true },
      orderBy: { id: 'asc' },
      take: BATCH,
    });
    for (const e of batch) entries.push({ ...e, values: e.values as Record<string, FieldValue> });
    onRead(entries.length);
    if (batch.length < BATCH) break;
    cursor = batch[batch.length - 1]!.id;
  }
  const truncated = entries.length > EXPORT_MAX_ROWS;
  if (truncated) entries.length = EXPORT_MAX_ROWS;

  const known = new Set(fields.map((f) => f.key));
  const removed = [...new Set(entries.flatMap((e) => Object.keys(e.values)).filter((k) => !known.has(k)))];
  const header = [
    'Entry ID',
    'Date',
    'Status',
    ...fields.map((f) => f.label || f.key),
    ...removed,
    'User ID',
    'IP',
    'Source URL',
  ];
  const rows: CsvCell[][] = [header];
  for (const e of entries) {
    rows.push([
      e.id,
      toIsoSeconds(e.createdAt),
      e.status,
      ...fields.map((f) => displayValue(f, e.values[f.key])),
      ...removed.map((k) => displayValue(undefined, e.values[k])),
      e.userId,
      e.ip,
      e.sourceUrl,
    ]);
  }
  return {
    filename: `form-${formId}-entries-${platform.clock.now().toISOString().slice(0, 10)}.csv`,
    contentType: 'text/csv; charset=utf-8',
    rows: entries.length,
    truncated,
    csv: toCsv(rows),
  };
}
