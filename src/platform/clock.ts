// The one clock. Every rule with a duration reads it, so tests move time instead of sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** How a moment is written everywhere (both faces, CSV, CLI): ISO 8601 UTC to the second, with Z (DECISIONS.md).
 *  Written from the date's UTC parts for four-digit years (every answer's): toISOString and cutting its milliseconds
 *  took 2.5 times as long, and a list writes two per row (docs/performance.md). */
export const toIsoSeconds = (d: Date): string => {
  const year = d.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return d.toISOString().replace(/\.\d{3}Z$/, 'Z'); // padded, signed or invalid
  return `${year}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}Z`;
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
