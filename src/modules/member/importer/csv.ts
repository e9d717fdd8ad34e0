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

export async function* readCsv(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<CsvRecord> {
  const { firstLine, stream } = await peekFirstLine(input);
  const skipped: CsvRecord[] = [];
  let lastLine = 0;
  let lastEmpty = 0;
  // The line a record starts on: after the previous record's last line and the empty lines skipped since.
  const startOf = (info: Pick<Info, 'lines' | 'empty_lines'>) => {
    const start = lastLine + 1 + (info.empty_lines - lastEmpty);
    lastLine = info.lines;
    lastEmpty = info.empty_lines;
    return start;
  };
  const parser = parse({
    bom: true,
    delimiter: sniffDelimiter(firstLine.replace(/^\uFEFF/, '')),
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
  });
  parser.on('skip', (err: Error & { lines?: number; empty_lines?: number; bytes?: number }) => {
    const line = startOf({ lines: err.lines ?? lastLine + 1, empty_lines: err.empty_lines ?? lastEmpty });
    skipped.push({ line, bytes: err.bytes ?? 0, malformed: `malformed CSV: ${err.message}` });
  });
  stream.on('error', (err) => parser.destroy(err));
  stream.pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
    while (skipped.length) yield skipped.shift()!;
    yield { line: startOf(info), bytes: info.bytes, cells: record };
  }
  while (skipped.length) yield skipped.shift()!;
}
