// Rows gathered into batches and written in order. One batch is written while the next is read and prepared:
// parsing hides behind the database's work, and memory holds two batches at the most. Writes stay in order (each
// waits for the one before), so plans a batch resolved are known to the next. A failed write surfaces at the next
// batch or at finish(); the caller then settle()s, so the batch in flight ends (commits or rolls back) first.
import type { Platform } from '../../../platform/platform.ts';
import type { ReadPosition } from './row-reader.ts';
import type { ImportRow } from './prepare.ts';
import { writeBatch, type BatchResult, type RowError } from './writer.ts';

export interface BatchOptions {
  now: Date;
  dryRun: boolean;
  batchSize: number;
}

/** What to do with a written batch: its result (null when it had no rows), its row errors, where the file was read
 *  to when it closed. */
export type BatchDone = (result: BatchResult | null, errors: RowError[], at: ReadPosition) => void;

export class InOrderBatches {
  #rows: ImportRow[] = [];
  #errors: RowError[] = [];
  #writing: Promise<void> = Promise.resolve();
  readonly #knownPlans = new Map<string, number>(); // plan ids of committed batches

  constructor(
    private readonly platform: Platform,
    private readonly options: BatchOptions,
    private readonly done: BatchDone,
  ) {}

  /** A row to write; the batch is handed to the writer when full. */
  async add(row: ImportRow, at: ReadPosition): Promise<void> {
    this.#rows.push(row);
    if (this.#rows.length >= this.options.batchSize) await this.flush(at);
  }

  /** A row that will not be written: reported with the batch it falls in. */
  skip(error: RowError): void {
    this.#errors.push(error);
  }

  /** Waits for the batch in flight, then starts writing the gathered one without waiting for it. */
  async flush(at: ReadPosition): Promise<void> {
    await this.#writing;
    const next = this.#write(this.#rows, this.#errors, { ...at });
    this.#rows = [];
    this.#errors = [];
    this.#writing = next;
    next.catch(() => {}); // awaited by the next flush or by finish()
  }

  /** The last batch written (a failed write rejects here). */
  finish(): Promise<void> {
    return this.#writing;
  }

  /** The batch in flight ended, however it ended (before a failed run answers). */
  settle(): Promise<void> {
    return this.#writing.catch(() => {});
  }

  async #write(rows: ImportRow[], errors: RowError[], at: ReadPosition): Promise<void> {
    let result: BatchResult | null = null;
    if (rows.length) {
      result = await writeBatch(this.platform, rows, {
        now: this.options.now,
        currency: this.platform.config.member.currency,
        dryRun: this.options.dryRun,
        knownPlans: this.#knownPlans,
      });
      if (!this.options.dryRun) for (const [k, id] of result.plans) this.#knownPlans.set(k, id);
      errors.push(...result.errors);
    }
    this.done(result, errors, at);
  }
}
