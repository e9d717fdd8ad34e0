// The one clock. Every rule with a duration reads it, so tests move time instead of sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const ZERO = 48;
const tens = (n: number) => ZERO + ((n / 10) | 0);
const ones = (n: number) => ZERO + (n % 10);

/** How a moment is written everywhere (both faces, CSV, CLI): ISO 8601 UTC to the second, with Z (DECISIONS.md).
 *  Written from the date's UTC parts for four-digit years (every answer's), as the 20 characters at once: toISOString
 *  and cutting its milliseconds took 2.5 times as long, and a template of padded parts made a string for each part
 *  (6 kB of a forms list's 140 kB per request; a list writes two per row, docs/performance.md). */
export const toIsoSeconds = (d: Date): string => {
  const year = d.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return d.toISOString().replace(/\.\d{3}Z$/, 'Z'); // padded, signed or invalid
  const century = (year / 100) | 0;
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const hours = d.getUTCHours();
  const minutes = d.getUTCMinutes();
  const seconds = d.getUTCSeconds();
  // prettier-ignore
  return String.fromCharCode(
    tens(century), ones(century), tens(year % 100), ones(year % 100), 45 /* - */, tens(month), ones(month), 45,
    tens(day), ones(day), 84 /* T */, tens(hours), ones(hours), 58 /* : */, tens(minutes), ones(minutes), 58,
    tens(seconds), ones(seconds), 90 /* Z */,
  );
};

/** A clock that only moves when told to (tests, replays). */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string = '2026-01-01T00:00:00Z') {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(at: Date | string): void {
    this.#ms = new Date(at).getTime();
  }
  advance(by: { ms?: number; seconds?: number; minutes?: number; hours?: number; days?: number }): Date {
    this.#ms +=
      (by.ms ?? 0) +
      (by.seconds ?? 0) * 1e3 +
      (by.minutes ?? 0) * 6e4 +
      (by.hours ?? 0) * 36e5 +
      (by.days ?? 0) * 864e5;
    return this.now();
  }
}
