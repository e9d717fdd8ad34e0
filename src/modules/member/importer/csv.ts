// The file, streamed: csv-parse reads it record by record (a BOM dropped, quoted fields may hold newlines and
// delimiters), so memory stays flat whatever its size. The delimiter is the header line's: WooCommerce Memberships
// may export tab-separated. Each record comes with the line it starts on (what a spreadsheet shows) and the bytes
// read so far; a record csv-parse cannot read is answered as a bad record at its line.
import { Readable } from 'node:stream';
import { parse, type Info } from 'csv-parse';

export type CsvRecord = { line: number; bytes: number; cells: string[] } | { line: number; bytes: number; malformed: string };

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

type SkipError = Error & { lines?: number; empty_lines?: number; bytes?: number; records?: number };

export async function* readCsv(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<CsvRecord> {
  const { firstLine, stream } = await peekFirstLine(input);
  // The parser may run ahead of this reader: a record it skips is placed by the count of records read before it.
  const skipped: SkipError[] = [];
  let lastLine = 0;
  let lastEmpty = 0;
  // The line a record starts on: after the previous record's last line and the empty lines skipped since.
  const startOf = (lines: number, empty: number) => {
    const start = lastLine + 1 + (empty - lastEmpty);
    lastLine = lines;
    lastEmpty = empty;
    return start;
  };
  const bad = (err: SkipError): CsvRecord => ({
    line: startOf(err.lines ?? lastLine + 1, err.empty_lines ?? lastEmpty),
    bytes: err.bytes ?? 0,
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
  stream.pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
    while (skipped.length && (skipped[0]!.records ?? 0) < info.records) yield bad(skipped.shift()!);
    yield { line: startOf(info.lines, info.empty_lines), bytes: info.bytes, cells: record };
  }
  while (skipped.length) yield bad(skipped.shift()!);
}
