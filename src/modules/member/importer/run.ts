// A run: the file streamed through its format, each row prepared, batches written, skipped rows reported with their
// line as soon as their batch is done, a summary at the end. Resumable by idempotency: every committed batch stays,
// and a second run of the same file finds those rows unchanged. The same run serves the CLI and the GraphQL upload.
import { z } from 'zod';
import { textProblem } from '../../../input/policy.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { enumOf } from '../../../input/vocabulary.ts';
import type { Platform } from '../../../platform/platform.ts';
import './import-events.ts';
import { readCsv } from './csv.ts';
import { isTimeZone, Zone } from './dates.ts';
import { invalidFile, type SourceRow } from './format.ts';
import { FORMATS, SOURCE_SYSTEMS } from './formats/index.ts';
import { prepare, type ImportRow } from './prepare.ts';
import { SeenKeys } from './seen.ts';
import { writeBatch, type RowError } from './writer.ts';

export const ImportSource = enumOf(
  'MemberImportSource',
  SOURCE_SYSTEMS,
  'pmpro: Paid Memberships Pro; memberpress; rcp: Restrict Content Pro; wcm: WooCommerce Memberships.',
  {
    pmpro: 'Paid Memberships Pro export.',
    memberpress: 'MemberPress export.',
    rcp: 'Restrict Content Pro export.',
    wcm: 'WooCommerce Memberships export.',
  },
);
export const ImportOptions = {
  from: ImportSource,
  dryRun: z.boolean().default(false).describe('Check and count everything, write nothing.'),
  sourceTimezone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, 'source_timezone must be an IANA time zone such as Europe/Paris.')
    .default('UTC')
    .describe('Time zone of dates written without an offset (WooCommerce Memberships exports in the site time zone).'),
  batchSize: z.number().int().min(1).max(5000).default(1000).describe('Rows per transaction.'),
};

/** The summary keeps this many row errors; callers that want all of them listen to onError. */
export const MAX_REPORTED_ERRORS = 1000;

export interface ImportProgress {
  bytes: number;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** The last line of the committed batch. */
  line: number;
}

export interface ImportSummary extends Omit<ImportProgress, 'bytes' | 'line'> {
  source: string;
  dryRun: boolean;
  sourceTimezone: string;
  usersCreated: number;
  plansCreated: number;
  errors: RowError[];
  errorsTruncated: boolean;
}

export interface ImportHooks {
  onBatch?: (progress: ImportProgress) => void;
  onError?: (error: RowError) => void;
}

export async function runImport(
  platform: Platform,
  input: AsyncIterable<Uint8Array | string>,
  options: Input<z.ZodObject<typeof ImportOptions>>,
  hooks: ImportHooks = {},
): Promise<ImportSummary> {
  const opts = parseDeclared(z.object(ImportOptions), options);
  const format = FORMATS[opts.from];
  const zone = new Zone(opts.sourceTimezone);
  const now = platform.clock.now();
  const knownPlans = new Map<string, number>();
  // A dry run rolls each batch back, so a user or plan a later batch needs is "created" again: counted once.
  const dryCreated = new Set<string>();
  const newOnes = (keys: string[]) =>
    opts.dryRun ? keys.filter((k) => !dryCreated.has(k) && dryCreated.add(k)).length : keys.length;
  const seen = new SeenKeys(); // a key twice in one file is refused the second time
  const s: ImportSummary = {
    source: opts.from,
    dryRun: opts.dryRun,
    sourceTimezone: zone.name,
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    usersCreated: 0,
    plansCreated: 0,
    errors: [],
    errorsTruncated: false,
  };
  let read: ((cells: string[]) => SourceRow) | null = null;
  let header: string[] = [];
  let batch: ImportRow[] = [];
  let pending: RowError[] = [];
  let bytes = 0;
  let line = 0;

  const report = (errors: RowError[]) => {
    for (const e of errors.sort((a, b) => a.line - b.line)) {
      s.skipped++;
      if (s.errors.length < MAX_REPORTED_ERRORS) s.errors.push(e);
      else s.errorsTruncated = true;
      hooks.onError?.(e);
    }
  };
  // One batch is written while the next is read and prepared: parsing hides behind the database's work. Writes stay
  // in order (each waits for the one before), so plans resolved by a batch are known to the next.
  let writing: Promise<void> = Promise.resolve();
  const write = async (rows: ImportRow[], errors: RowError[], progress: { bytes: number; line: number }) => {
    if (rows.length) {
      const r = await writeBatch(platform, rows, {
        now,
        currency: platform.config.member.currency,
        dryRun: opts.dryRun,
        knownPlans,
      });
      s.created += r.created;
      s.updated += r.updated;
      s.unchanged += r.unchanged;
      s.usersCreated += newOnes(r.usersCreated.map((e) => `user:${e}`));
      s.plansCreated += newOnes(r.plansCreated.map((k) => `plan:${k}`));
      if (!opts.dryRun) for (const [k, id] of r.plans) knownPlans.set(k, id);
      errors.push(...r.errors);
    }
    report(errors);
    hooks.onBatch?.({
      ...progress,
      rows: s.created + s.updated + s.unchanged + s.skipped,
      created: s.created,
      updated: s.updated,
      unchanged: s.unchanged,
      skipped: s.skipped,
    });
  };
  const flush = async () => {
    await writing;
    const next = write(batch, pending, { bytes, line });
    batch = [];
    pending = [];
    writing = next;
    next.catch(() => {}); // awaited by the next flush or at the end
  };

  try {
    for await (const record of readCsv(input)) {
      bytes = record.bytes || bytes;
      line = record.line;
      if ('malformed' in record) {
        if (!read) throw invalidFile(`The header row cannot be read: ${record.malformed}`);
        s.rows++;
        pending.push({ line: record.line, reason: record.malformed });
        continue;
      }
      if (!read) {
        read = format.bind(record.cells);
        header = record.cells;
        continue;
      }
      if (record.cells.every((c) => !c.trim())) continue; // a spreadsheet's trailing ",,,," line
      s.rows++;
      // Cells pass the input policy of both faces (no NUL, no lone surrogate): PostgreSQL would refuse the batch.
      const bad = record.cells.findIndex((c) => textProblem(c) !== null);
      if (bad !== -1) {
        pending.push({
          line: record.line,
          reason: `${header[bad] || `Column ${bad + 1}`} ${textProblem(record.cells[bad]!)}`,
        });
        continue;
      }
      const prepared = prepare(opts.from, read(record.cells), record.line, zone, now);
      if ('reason' in prepared) {
        pending.push({ line: record.line, reason: prepared.reason });
        continue;
      }
      const first = seen.firstLine(prepared.row.sourceRef, record.line);
      if (first !== null) {
        pending.push({ line: record.line, reason: `duplicate key ${prepared.row.sourceRef} (first on line ${first})` });
        continue;
      }
      batch.push(prepared.row);
      if (batch.length >= opts.batchSize) await flush();
    }
  } catch (err) {
    await writing.catch(() => {}); // the batch in flight ends (commits or rolls back) before the run answers
    throw err;
  }
  if (!read) throw invalidFile('The file is empty: a header row is needed.');
  await flush();
  await writing;
  if (!opts.dryRun) {
    const payload = {
      source: s.source,
      rows: s.rows,
      created: s.created,
      updated: s.updated,
      unchanged: s.unchanged,
      skipped: s.skipped,
      users_created: s.usersCreated,
      plans_created: s.plansCreated,
    };
    await platform.events
      .emit('member/import/completed', payload)
      .catch((err: unknown) => platform.logger.error({ err }, 'member/import/completed listener failed'));
  }
  return s;
}
