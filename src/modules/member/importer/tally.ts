// The run's counts: rows read, and per committed batch its created, updated, unchanged and skipped rows, the users
// and plans it created, and its row errors (reported in line order, to the caller's hooks as they come and, up to a
// cap, in the summary). Kept apart from the reading and the writing, which only hand it what they found.
import type { ReadPosition } from './row-reader.ts';
import type { BatchResult, RowError } from './writer.ts';

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

export class ImportTally {
  readonly summary: ImportSummary;
  // A dry run rolls each batch back, so a user or plan a later batch needs is "created" again: counted once.
  readonly #dryCreated = new Set<string>();

  constructor(
    run: { source: string; dryRun: boolean; sourceTimezone: string },
    private readonly hooks: ImportHooks,
  ) {
    this.summary = {
      ...run,
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
  }

  /** One more row read (written or skipped later). */
  read(): void {
    this.summary.rows++;
  }

  /** A batch done: what its write did (null: it had no rows to write), its row errors, where the file was read to. */
  batch(result: BatchResult | null, errors: RowError[], at: ReadPosition): void {
    const s = this.summary;
    if (result) {
      s.created += result.created;
      s.updated += result.updated;
      s.unchanged += result.unchanged;
      s.usersCreated += this.#newOnes(result.usersCreated.map((e) => `user:${e}`));
      s.plansCreated += this.#newOnes(result.plansCreated.map((k) => `plan:${k}`));
    }
    for (const e of errors.sort((a, b) => a.line - b.line)) {
      s.skipped++;
      if (s.errors.length < MAX_REPORTED_ERRORS) s.errors.push(e);
      else s.errorsTruncated = true;
      this.hooks.onError?.(e);
    }
    this.hooks.onBatch?.({
      ...at,
      rows: s.created + s.updated + s.unchanged + s.skipped,
      created: s.created,
      updated: s.updated,
      unchanged: s.unchanged,
      skipped: s.skipped,
    });
  }

  #newOnes(keys: string[]): number {
    if (!this.summary.dryRun) return keys.length;
    return keys.filter((k) => !this.#dryCreated.has(k) && this.#dryCreated.add(k)).length;
  }
}
