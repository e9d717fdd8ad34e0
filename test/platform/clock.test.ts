// toIsoSeconds writes four-digit years from the date's parts: the same text as toISOString without milliseconds, for
// every part's range, and toISOString's own padded or signed form outside four digits.
import { describe, expect, it } from 'vitest';
import { toIsoSeconds } from '../../src/platform/clock.ts';

const reference = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('toIsoSeconds', () => {
  it('writes a moment to the second in UTC, as toISOString does without its milliseconds', () => {
    expect(toIsoSeconds(new Date('2026-11-27T08:04:05.999Z'))).toBe('2026-11-27T08:04:05Z');
    expect(toIsoSeconds(new Date('2026-01-09T23:59:59.001+02:00'))).toBe('2026-01-09T21:59:59Z');
    // Every month, day, hour, minute and second boundary across a leap year, one step of 1 h 1 min 1.5 s at a time.
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 2); t += 3_661_500) {
      const d = new Date(t);
      expect(toIsoSeconds(d)).toBe(reference(d));
    }
  });

  it('keeps toISOString’s form for years outside 1000–9999', () => {
    for (const iso of [
      '0999-12-31T23:59:59.500Z',
      '0001-01-01T00:00:00Z',
      '+010000-01-01T00:00:00Z',
      '-000001-06-01T12:00:00Z',
    ])
      expect(toIsoSeconds(new Date(iso))).toBe(reference(new Date(iso)));
    expect(toIsoSeconds(new Date('1000-01-01T00:00:00Z'))).toBe('1000-01-01T00:00:00Z');
    expect(toIsoSeconds(new Date('9999-12-31T23:59:59.999Z'))).toBe('9999-12-31T23:59:59Z');
  });

  it('throws on an invalid date, as toISOString does', () => {
    expect(() => toIsoSeconds(new Date('nope'))).toThrow(RangeError);
  });
});
