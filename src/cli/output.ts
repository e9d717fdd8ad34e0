// wp-cli style output: --format=table|json|csv.
import { toCsv } from '../platform/csv.ts';

export type Format = 'table' | 'json' | 'csv';

const cell = (v: unknown): string =>
  v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Numbers stay numbers for the CSV writer (a negative one is no formula); the rest as the table shows them. */
const csvCell = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? v : cell(v));

export function render(rows: Record<string, unknown>[], format: Format, columns?: string[]): string {
  // bigint columns (money in minor units) are JSON numbers while they fit 53 bits, else strings: never rounded.
  const json = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? (Number.isSafeInteger(Number(v)) ? Number(v) : String(v)) : v);
  if (format === 'json') return JSON.stringify(rows, (_k, v) => json(v), 2);
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (format === 'csv') return toCsv([cols, ...rows.map((r) => cols.map((c) => csvCell(r[c])))], { eol: '\n', finalEol: false });
  if (!rows.length) return cols.length ? cols.join('  ') : '(none)';
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(cols), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(cols.map((c) => cell(r[c]))))].join('\n');
}
