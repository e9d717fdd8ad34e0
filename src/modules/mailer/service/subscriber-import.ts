// Subscribers from a CSV file (the CLI's `mailer subscribers import`): a header row naming `email` and optionally
// `first_name` and `status`, one subscriber a row. Each row goes through createSubscriber, so it is checked and its
// events fire exactly as for one added by hand; an address already subscribed is counted and left as it is, a row
// that fails its checks is reported by its line and skipped. Nothing is written for a file without an email column.
import { parse } from 'csv-parse/sync';
import { AppError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { createSubscriber, type SubscriberStatus } from './subscribers.ts';

export interface ImportRow {
  line: number;
  email: string;
  firstName?: string;
  status?: string;
}

export interface ImportOutcome {
  created: number;
  existing: number;
  rejected: { line: number; email: string; error: string }[];
}

/** The rows of a subscriber CSV (header names case- and space-insensitive; a BOM and blank lines are skipped). */
export function readSubscriberCsv(text: string): ImportRow[] {
  let header: string[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    const columns = (names: string[]) => (header = names.map((c) => c.trim().toLowerCase().replace(/\s+/g, '_')));
    records = parse(text, { bom: true, columns, skip_empty_lines: true, trim: true, info: true });
  } catch (err) {
    throw new AppError(
      'mailer_import_unreadable',
      `The file is not CSV this import can read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!header.includes('email'))
    throw new AppError(
      'mailer_import_unreadable',
      'The first row must name the columns, one of them email (first_name and status are optional).',
    );
  return records.map(({ record, info }) => ({
    line: info.lines,
    email: record.email ?? '',
    firstName: record.first_name || undefined,
    status: record.status || undefined,
  }));
}

/** What was wrong with a row: each invalid field's message, or the error's. */
function reason(err: AppError): string {
  const params = err.data.params;
  return params && typeof params === 'object' && !Array.isArray(params)
    ? Object.values(params).map(String).join(' ')
    : err.message;
}

export async function importSubscribers(
  platform: Platform,
  rows: readonly ImportRow[],
  options: { listId?: number; status?: SubscriberStatus },
  progress: (done: number) => void = () => {},
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { created: 0, existing: 0, rejected: [] };
  for (const [i, row] of rows.entries()) {
    try {
      const status = (row.status ?? options.status) as SubscriberStatus | undefined;
      await createSubscriber(
        platform,
        { email: row.email, firstName: row.firstName, listId: options.listId, status },
        'import',
      );
      outcome.created++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'mailer_subscriber_exists') outcome.existing++;
      else if (err.code === 'mailer_list_not_found')
        throw err; // every row would fail the same way
      else outcome.rejected.push({ line: row.line, email: row.email, error: reason(err) });
    }
    progress(i + 1);
  }
  return outcome;
}
