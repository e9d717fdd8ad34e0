// wp-cli style output: --format=table|json|csv. Dates are ISO 8601 (UTC) in every format; table columns are measured
// in terminal cells (string-width), so wide characters (山田太郎, emoji) keep the columns aligned.
import stringWidth from 'string-width';
import { toCsv } from '../platform/csv.ts';

export type Format = 'table' | 'json' | 'csv';

const cell = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : v instanceof Date
      ? v.toISOString()
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** Numbers stay numbers for the CSV writer (a negative one is no formula); the rest as the table shows them. */
const csvCell = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? v : cell(v));

const pad = (v: string, width: number) => v + ' '.repeat(Math.max(0, width - stringWidth(v)));

export function render(rows: Record<string, unknown>[], format: Format, columns?: string[]): string {
  // bigint columns (money in minor units) are JSON numbers while they fit 53 bits, else strings: never rounded.
  const json = (v: unknown) =>
    v instanceof Date
      ? v.toISOString()
      : typeof v === 'bigint'
        ? Number.isSafeInteger(Number(v))
          ? Number(v)
          : String(v)
        : v;
  if (format === 'json') return JSON.stringify(rows, (_k, v) => json(v), 2);
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (format === 'csv')
    return toCsv([cols, ...rows.map((r) => cols.map((c) => csvCell(r[c])))], { eol: '\n', finalEol: false });
  if (!rows.length) return cols.length ? cols.join('  ') : '(none)';
  const cells = rows.map((r) => cols.map((c) => cell(r[c])));
  const widths = cols.map((c, i) => Math.max(stringWidth(c), ...cells.map((r) => stringWidth(r[i]!))));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => pad(v, widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(cols), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}
