// The rows of a file, one by one: the header binds the format, and each later record becomes a prepared row or a
// row error (unreadable, a cell the input policy refuses, a row the format cannot prepare, a key seen before). Blank
// lines are neither. Apart from the writes, so the reading is one loop that can be read (and tested) on its own;
// `position` is where the file has been read to, what a batch's progress reports.
import { textProblem } from '../../../input/policy.ts';
import { readCsv } from './csv.ts';
import type { Zone } from './dates.ts';
import { invalidFile, type SourceRow } from './format.ts';
import { FORMATS } from './formats/index.ts';
import { prepare, type ImportRow } from './prepare.ts';
import { SeenKeys } from './seen.ts';
import type { SourceSystem } from './statuses.ts';
import type { RowError } from './writer.ts';

export type ReadRow = { row: ImportRow } | { error: RowError };

export interface ReadPosition {
  /** Bytes of the file read so far. */
  bytes: number;
  /** The line of the last record read. */
  line: number;
}

export class RowReader {
  readonly position: ReadPosition = { bytes: 0, line: 0 };
  readonly #seen = new SeenKeys(); // a key twice in one file is refused the second time

  constructor(
    private readonly from: SourceSystem,
    private readonly zone: Zone,
    private readonly now: Date,
  ) {}

  async *rows(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<ReadRow> {
    let read: ((cells: string[]) => SourceRow) | null = null;
    let header: string[] = [];
    for await (const record of readCsv(input)) {
      this.position.bytes = record.bytes || this.position.bytes;
      this.position.line = record.line;
      const error = (reason: string): ReadRow => ({ error: { line: record.line, reason } });
      if ('malformed' in record) {
        if (!read) throw invalidFile(`The header row cannot be read: ${record.malformed}`);
        yield error(record.malformed);
        continue;
      }
      if (!read) {
        read = FORMATS[this.from].bind(record.cells);
        header = record.cells;
        continue;
      }
      if (record.cells.every((c) => !c.trim())) continue; // a spreadsheet's trailing ",,,," line
      // Cells pass the input policy of both faces (no NUL, no lone surrogate): PostgreSQL would refuse the batch.
      const bad = record.cells.findIndex((c) => textProblem(c) !== null);
      if (bad !== -1) {
        yield error(`${header[bad] || `Column ${bad + 1}`} ${textProblem(record.cells[bad]!)}`);
        continue;
      }
      const prepared = prepare(this.from, read(record.cells), record.line, this.zone, this.now);
      if ('reason' in prepared) {
        yield error(prepared.reason);
        continue;
      }
      const first = this.#seen.firstLine(prepared.row.sourceRef, record.line);
      if (first !== null) yield error(`duplicate key ${prepared.row.sourceRef} (first on line ${first})`);
      else yield { row: prepared.row };
    }
    if (!read) throw invalidFile('The file is empty: a header row is needed.');
  }
}
