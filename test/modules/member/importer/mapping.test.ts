// The pure parts: membership.md's status mapping, word for word; source dates with and without offsets in a source
// time zone (DST included: a repeated hour takes the earlier instant, a skipped one moves on by the gap); and the CSV
// reader's lines (quoted newlines, CRLF, blank lines, BOM) and delimiter.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsv, sniffDelimiter } from '../../../../src/modules/member/importer/csv.ts';
import { parseDate, Zone } from '../../../../src/modules/member/importer/dates.ts';
import { SeenKeys } from '../../../../src/modules/member/importer/seen.ts';
import { mapStatus } from '../../../../src/modules/member/importer/statuses.ts';

const NOW = new Date('2026-11-22T00:00:00Z');
const FUTURE = new Date('2027-01-01T00:00:00Z');
const PAST = new Date('2026-01-01T00:00:00Z');

describe('status mapping (membership.md, Importer)', () => {
  it.each([
    ['active', 'active'],
    ['complete', 'active'],
    ['confirmed', 'active'],
    ['complimentary', 'active'],
    ['trial', 'trialing'],
    ['free_trial', 'trialing'],
    ['pending', 'pending'],
    ['delayed', 'pending'],
    ['suspended', 'paused'],
    ['paused', 'paused'],
    ['expired', 'expired'],
    ['inactive', 'expired'],
    ['cancelled', 'cancelled'],
    ['admin_cancelled', 'cancelled'],
    ['changed', 'cancelled'],
    ['admin_changed', 'cancelled'],
  ])('%s → %s', (source, status) => {
    expect(mapStatus('pmpro', source, PAST, NOW)).toEqual({ status, cancelAtPeriodEnd: false });
  });

  it('a cancelled MemberPress or RCP membership whose end is still ahead is active until then', () => {
    for (const system of ['memberpress', 'rcp'] as const) {
      expect(mapStatus(system, 'cancelled', FUTURE, NOW)).toEqual({ status: 'active', cancelAtPeriodEnd: true });
      expect(mapStatus(system, 'cancelled', PAST, NOW)).toEqual({ status: 'cancelled', cancelAtPeriodEnd: false });
      expect(mapStatus(system, 'cancelled', null, NOW)).toEqual({ status: 'cancelled', cancelAtPeriodEnd: false });
    }
    expect(mapStatus('pmpro', 'cancelled', FUTURE, NOW)).toEqual({ status: 'cancelled', cancelAtPeriodEnd: false });
    expect(mapStatus('wcm', 'cancelled', FUTURE, NOW)).toEqual({ status: 'cancelled', cancelAtPeriodEnd: false });
  });

  it("WooCommerce's pending is pending cancellation: active until the end; its labels and post statuses are read too", () => {
    expect(mapStatus('wcm', 'pending', FUTURE, NOW)).toEqual({ status: 'active', cancelAtPeriodEnd: true });
    expect(mapStatus('rcp', 'pending', FUTURE, NOW)).toEqual({ status: 'pending', cancelAtPeriodEnd: false });
    expect(mapStatus('wcm', 'wcm-free_trial', null, NOW)?.status).toBe('trialing');
    expect(mapStatus('wcm', 'Free Trial', null, NOW)?.status).toBe('trialing');
  });

  it('anything else is unknown', () => {
    for (const s of ['frozen', 'refunded', 'failed', 'None', ''])
      expect(mapStatus('memberpress', s, null, NOW)).toBeNull();
  });
});

describe('source dates', () => {
  const utc = new Zone();
  const iso = (text: string, zone = utc) => parseDate(text, zone)?.toISOString() ?? parseDate(text, zone);

  it('reads the exports\' forms; "no date" cells are null; anything else is not a date', () => {
    expect(iso('2024-03-10')).toBe('2024-03-10T00:00:00.000Z');
    expect(iso('2024-03-10 14:05')).toBe('2024-03-10T14:05:00.000Z');
    expect(iso('2024-03-10 14:05:09')).toBe('2024-03-10T14:05:09.000Z');
    expect(iso('2024/03/10')).toBe('2024-03-10T00:00:00.000Z');
    expect(iso('2024-03-10T14:05:09.25Z')).toBe('2024-03-10T14:05:09.250Z');
    expect(iso('2024-03-10T14:05:09+02:00')).toBe('2024-03-10T12:05:09.000Z');
    expect(iso('2024-03-10 14:05:09 -0530')).toBe('2024-03-10T19:35:09.000Z');
    for (const none of ['', 'N/A', 'none', 'Never', '0000-00-00 00:00:00', '0000-00-00', 'lifetime'])
      expect(parseDate(none, utc)).toBeNull();
    for (const bad of [
      '2024-13-01',
      '2024-02-30',
      '2024-01-01 24:00',
      '10/03/2024',
      'March 10, 2024',
      '2024-1-1',
      '0999-01-01',
    ])
      expect(parseDate(bad, utc)).toBeUndefined();
  });

  it('reads dates without an offset in the source time zone; an offset wins over it', () => {
    const ny = new Zone('America/New_York');
    expect(iso('2024-01-15 09:00:00', ny)).toBe('2024-01-15T14:00:00.000Z'); // EST
    expect(iso('2024-07-15 09:00:00', ny)).toBe('2024-07-15T13:00:00.000Z'); // EDT
    expect(iso('2024-07-15T09:00:00Z', ny)).toBe('2024-07-15T09:00:00.000Z');
    expect(iso('2024-07-15', new Zone('Asia/Kolkata'))).toBe('2024-07-14T18:30:00.000Z');
  });

  it('DST: the repeated hour is its earlier instant, the skipped hour moves on by the gap', () => {
    const ny = new Zone('America/New_York');
    expect(iso('2024-11-03 01:30:00', ny)).toBe('2024-11-03T05:30:00.000Z'); // 01:30 EDT, not EST
    expect(iso('2024-03-10 02:30:00', ny)).toBe('2024-03-10T07:30:00.000Z'); // = 03:30 EDT
    expect(iso('2024-03-10 03:00:00', ny)).toBe('2024-03-10T07:00:00.000Z');
    const paris = new Zone('Europe/Paris');
    expect(iso('2024-10-27 02:30:00', paris)).toBe('2024-10-27T00:30:00.000Z');
    expect(iso('2024-03-31 02:30:00', paris)).toBe('2024-03-31T01:30:00.000Z');
  });

  it('refuses an unknown zone', () => {
    expect(() => new Zone('Mars/Olympus')).toThrow(/Unknown time zone/);
  });
});

describe('CSV reading', () => {
  const read = async (...chunks: string[]) => {
    const out: unknown[] = [];
    for await (const r of readCsv(Readable.from(chunks.map((c) => Buffer.from(c)))))
      out.push('cells' in r ? [r.line, ...r.cells] : [r.line, 'malformed']);
    return out;
  };

  it('answers each record with the line it starts on (quoted newlines, CRLF, blank lines, a BOM, any chunking)', async () => {
    const text = '\uFEFFa,b\r\n1,"two\r\nlines"\r\n\r\n3,"x, y"\r\n4,""""\r\n';
    const expected = [
      [1, 'a', 'b'],
      [2, '1', 'two\r\nlines'],
      [5, '3', 'x, y'],
      [6, '4', '"'],
    ];
    expect(await read(text)).toEqual(expected);
    expect(await read(...text.split(''))).toEqual(expected);
  });

  it('a record it cannot read is a bad record at its line, in order', async () => {
    expect(await read('a,b\n1,2\n"3,4\n')).toEqual([
      [1, 'a', 'b'],
      [2, '1', '2'],
      [3, 'malformed'],
    ]);
  });

  it("the delimiter is the header line's: comma, or tab", () => {
    expect(sniffDelimiter('a,b,c')).toBe(',');
    expect(sniffDelimiter('a\tb\t"c, d"')).toBe('\t');
    expect(sniffDelimiter('"a\tb",c')).toBe(',');
  });
});

describe('keys seen in a run', () => {
  it('answers the first line of a key seen before, across growth of the table', () => {
    const seen = new SeenKeys();
    for (let i = 1; i <= 50_000; i++) expect(seen.firstLine(`pmpro:${i}:3`, i + 1)).toBeNull();
    for (let i = 1; i <= 50_000; i += 997) expect(seen.firstLine(`pmpro:${i}:3`, 60_000)).toBe(i + 1);
    expect(seen.firstLine('pmpro:50001:3', 60_001)).toBeNull();
    expect(seen.firstLine('rcp:1', 60_002)).toBeNull();
  });
});
