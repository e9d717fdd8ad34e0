// The one CSV writer (forms' entry export, the CLI's --format=csv): csv-stringify's RFC 4180 quoting, and formula
// injection defused as OWASP recommends — a text cell starting with = + - @ TAB or CR (or the full-width = + - @
// some spreadsheets also read as formulas) gets a leading ', so a spreadsheet shows it instead of running it.
// A number stays a number: -5 is no formula.
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | bigint | null | undefined;

export interface CsvOptions {
  /** Between records: RFC 4180's CRLF by default; the CLI prints \n. */
  eol?: '\r\n' | '\n';
  /** The last record ends with `eol` too (a file); off for terminal output. */
  finalEol?: boolean;
}

export function toCsv(
  rows: readonly (readonly CsvCell[])[],
  { eol = '\r\n', finalEol = true }: CsvOptions = {},
): string {
  // quote_record_delimiter: a lone \n or \r in a cell is quoted too (csv-stringify stops doing so by default once a
  // record_delimiter is given, and a reader would split the record there).
  return stringify(rows as CsvCell[][], {
    record_delimiter: eol,
    quote_record_delimiter: true,
    eof: finalEol,
    escape_formulas: true,
  });
}
