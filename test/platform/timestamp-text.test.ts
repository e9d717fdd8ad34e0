// pg's timestamp text read by position (src/db/timestamp-text.ts): the same instant as Date's own parser of the ISO
// form, for every fraction PostgreSQL writes, and Date's own answer for the texts outside the fast form.
import { describe, expect, it } from 'vitest';
import { parseTimestamp } from '../../src/db/timestamp-text.ts';

const reference = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

describe('parseTimestamp', () => {
  it('reads the ISO text of a timestamp as its UTC instant, to the millisecond', () => {
    expect(parseTimestamp('2026-11-27 08:04:05')).toEqual(new Date('2026-11-27T08:04:05.000Z'));
    expect(parseTimestamp('2026-11-27 08:04:05.1')).toEqual(new Date('2026-11-27T08:04:05.100Z'));
    expect(parseTimestamp('2026-11-27 08:04:05.12')).toEqual(new Date('2026-11-27T08:04:05.120Z'));
    expect(parseTimestamp('2026-11-27 08:04:05.123')).toEqual(new Date('2026-11-27T08:04:05.123Z'));
    // PostgreSQL keeps microseconds; Prisma and Date keep milliseconds, cut (not rounded).
    expect(parseTimestamp('2026-11-27 08:04:05.123999')).toEqual(new Date('2026-11-27T08:04:05.123Z'));
    // Every month, day, hour, minute and second boundary across a leap year, one step of 1 h 1 min 1.5 s at a time.
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 2); t += 3_661_500) {
      const text = new Date(t)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.?0*Z$/, '');
      expect(parseTimestamp(text), text).toEqual(reference(text));
    }
  });

  it("answers as Date's parser outside four-digit years of 100 and later", () => {
    for (const text of [
      '0099-12-31 23:59:59',
      '0100-01-01 00:00:00.5',
      '0001-01-01 00:00:00',
      '9999-12-31 23:59:59.999',
    ])
      expect(parseTimestamp(text), text).toEqual(reference(text));
    for (const text of [
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00 BC',
      '27/11/2026 08:04:05',
      '2026-11-27 08:04:05.',
    ])
      expect(parseTimestamp(text).getTime(), text).toEqual(reference(text).getTime());
  });
});
