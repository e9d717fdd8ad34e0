// The one CSV writer: RFC 4180 quoting that a CSV reader reads back, and formula injection defused (OWASP).
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/platform/csv.ts';

describe('toCsv', () => {
  it('quotes what needs quoting and reads back as written', () => {
    const rows = [
      ['a,b', 'say "hi"', 'two\nlines', 'cr\rhere', 'plain', ''],
      [1, null, undefined, 'é ✓', 0, 'x'],
    ];
    const csv = toCsv(rows);
    expect(csv).toBe('"a,b","say ""hi""","two\nlines","cr\rhere",plain,\r\n1,,,é ✓,0,x\r\n');
    expect(parse(csv)).toEqual([
      ['a,b', 'say "hi"', 'two\nlines', 'cr\rhere', 'plain', ''],
      ['1', '', '', 'é ✓', '0', 'x'],
    ]);
  });

  it("prefixes a ' to text a spreadsheet would run as a formula, and leaves numbers alone", () => {
    const risky = ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '\uFF1D1', '\uFF0B1', '\uFF0D1', '\uFF201'];
    const [read] = parse(toCsv([risky])) as string[][];
    expect(read).toEqual(risky.map((s) => `'${s}`));
    expect(toCsv([[-5, 'a=1', ' =1', 'x-y']])).toBe('-5,a=1, =1,x-y\r\n');
  });

  it('takes the record separator and final line ending of its caller', () => {
    expect(toCsv([['h'], ['v']], { eol: '\n', finalEol: false })).toBe('h\nv');
    expect(toCsv([['h'], ['v']])).toBe('h\r\nv\r\n');
  });
});
