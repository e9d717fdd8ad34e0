// The file, streamed: csv-parse reads it record by record (a BOM dropped, quoted fields may hold newlines and
// delimiters), so memory stays flat whatever its size. The delimiter is the header line's: WooCommerce Memberships
// may export tab-separated. Each record comes with the line it starts on (what a spreadsheet shows) and the bytes
// read so far; a record csv-parse cannot read is answered as a bad record at its line.
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { parse, type Info } from 'csv-parse';

export type CsvRecord =
  { line: number; bytes: number; cells: string[] } | { line: number; bytes: number; malformed: string };

/** Comma, or tab when the first line has more tabs than commas outside quotes. */
export function sniffDelimiter(firstLine: string): ',' | '\t' {
  let quoted = false;
  let tabs = 0;
  let commas = 0;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\t') tabs++;
    else if (!quoted && ch === ',') commas++;
  }
  return tabs > commas ? '\t' : ',';
}

/** The input with its first line peeked at (up to 64 KB). */
async function peekFirstLine(input: AsyncIterable<Uint8Array | string>) {
  const iterator = input[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.from(next.value);
    head.push(chunk);
    size += chunk.length;
    if (chunk.includes(10) || size > 65_536) break;
  }
  const buffered = Buffer.concat(head);
  const firstLine = buffered.toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  async function* rest() {
    if (buffered.length) yield buffered;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield Buffer.from(next.value);
    }
  }
  return { firstLine, stream: Readable.from(rest()) };
}

type SkipError = Error & { empty_lines?: number; bytes?: number; records?: number };

/** Newline positions of the bytes flowing to the parser, so a record's line is counted from its byte offset
 *  (csv-parse's own line count takes a CRLF inside quotes for two lines). */
class LineIndex extends Transform {
  #seen = 0;
  #positions: number[] = [];
  #head = 0;
  #before = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.#positions.push(this.#seen + i);
    this.#seen += chunk.length;
    done(null, chunk);
  }

  /** Newlines before a byte offset (offsets asked in increasing order). */
  newlinesBefore(offset: number): number {
    while (this.#head < this.#positions.length && this.#positions[this.#head]! < offset) {
      this.#head++;
      this.#before++;
    }
    if (this.#head > 4096) {
      this.#positions = this.#positions.slice(this.#head);
      this.#head = 0;
    }
    return this.#before;
  }
}

export async function* readCsv(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<CsvRecord> {
  const { firstLine, stream } = await peekFirstLine(input);
  const lines = new LineIndex();
  // The parser may run ahead of this reader: a record it skips is placed by the count of records read before it.
  const skipped: SkipError[] = [];
  let end = 0; // byte offset after the previous record (its delimiter included)
  let empty = 0;
  // A record starts after the newlines before the previous record's end and the blank lines skipped since.
  const startOf = (bytes: number, emptyLines: number) => {
    const line = 1 + lines.newlinesBefore(end) + (emptyLines - empty);
    end = bytes;
    empty = emptyLines;
    return line;
  };
  const bad = (err: SkipError): CsvRecord => ({
    line: startOf(err.bytes ?? end, err.empty_lines ?? empty),
    bytes: err.bytes ?? end,
    malformed: `malformed CSV: ${err.message}`,
  });
  const parser = parse({
    bom: true,
    delimiter: sniffDelimiter(firstLine.replace(/^\uFEFF/, '')),
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
  });
  parser.on('skip', (err: SkipError) => void skipped.push(err));
  stream.on('error', (err) => parser.destroy(err));
  lines.on('error', (err) => parser.destroy(err));
  stream.pipe(lines).pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
    while (skipped.length && (skipped[0]!.records ?? 0) < info.records) yield bad(skipped.shift()!);
    yield { line: startOf(info.bytes, info.empty_lines), bytes: info.bytes, cells: record };
  }
  while (skipped.length) yield bad(skipped.shift()!);
}
