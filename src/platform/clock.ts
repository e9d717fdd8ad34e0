// The one clock. Every rule with a duration reads it, so tests move time instead of sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** How a moment is written everywhere (both faces, CSV, CLI): ISO 8601 UTC to the second, with Z (DECISIONS.md). */
export const toIsoSeconds = (d: Date): string => {
  const iso = d.toISOString();
  // 'YYYY-MM-DDTHH:mm:ss.sssZ' for years 0 to 9999 (every answer's): cut the milliseconds without a regular expression.
  return iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace(/\.\d{3}Z$/, 'Z');
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
