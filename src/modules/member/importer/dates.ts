// Dates of the source files. A date with an offset (or Z) is that instant; one without is wall time in the source's
// time zone (--source-timezone, default UTC): WooCommerce Memberships exports in the site's zone, and so may others.
// Intl gives the zone's offsets; they are cached per quarter hour, because an export holds few distinct days.
import { isStorableDate } from '../../../input/rules.ts';

/** What a cell holding "no date" looks like in the four exports (PMPro N/A, RCP none, MemberPress' zero date). */
const NO_DATE = /^(|n\/a|none|never|null|-|lifetime|unlimited|0000-00-00( 00:00:00)?)$/i;
const DATE =
  /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const QUARTER_HOUR = 15 * 60_000;

/** UTC offsets (ms) of one IANA zone, by instant. */
export class Zone {
  readonly utc: boolean;
  readonly #fmt: Intl.DateTimeFormat | null;
  readonly #cache = new Map<number, number>();

  constructor(readonly name = 'UTC') {
    if (!isTimeZone(name)) throw new RangeError(`Unknown time zone "${name}" (use an IANA name such as Europe/Paris).`);
    this.utc = /^(utc|etc\/utc|gmt|etc\/gmt|z)$/i.test(name);
    this.#fmt = this.utc
      ? null
      : new Intl.DateTimeFormat('en-US', {
          timeZone: name,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        });
  }

  /** Offset at an instant: the zone's wall time read as UTC, minus the instant. */
  offsetAt(t: number): number {
    if (!this.#fmt) return 0;
    const bucket = Math.floor(t / QUARTER_HOUR);
    let offset = this.#cache.get(bucket);
    if (offset === undefined) {
      const at = bucket * QUARTER_HOUR;
      const p: Record<string, number> = {};
      for (const part of this.#fmt.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
      offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - at;
      if (this.#cache.size > 10_000) this.#cache.clear();
      this.#cache.set(bucket, offset);
    }
    return offset;
  }

  /** The instant of a wall time, as Temporal's "compatible": the earlier of a repeated hour, and a time skipped by
   *  a spring-forward moved on by the gap. */
  instant(wall: number): number {
    if (this.utc) return wall;
    const before = wall - this.offsetAt(wall - 86_400_000);
    const after = wall - this.offsetAt(wall + 86_400_000);
    const fits = (t: number) => t + this.offsetAt(t) === wall;
    if (fits(before)) return before;
    if (fits(after)) return after;
    return before; // in a gap: the offset before it carries the wall time past the gap
  }
}

/** null: no date; undefined: not a date. */
export function parseDate(text: string | undefined, zone: Zone): Date | null | undefined {
  const s = (text ?? '').trim();
  if (NO_DATE.test(s)) return null;
  const m = DATE.exec(s);
  if (!m) return undefined;
  const [y, mo, d, h = 0, mi = 0, sec = 0] = m
    .slice(1, 7)
    .map((v) => (v === undefined ? undefined : Number(v))) as number[];
  const ms = m[7] ? Number(m[7].padEnd(3, '0').slice(0, 3)) : 0;
  if (y! < 1000 || mo! < 1 || mo! > 12 || d! < 1 || h > 23 || mi > 59 || sec > 59) return undefined;
  const wall = Date.UTC(y!, mo! - 1, d!, h, mi, sec, ms);
  if (new Date(wall).getUTCDate() !== d) return undefined; // 2024-02-30
  const offset = m[8];
  const sign = offset?.[0] === '-' ? -1 : 1;
  const digits = offset?.slice(1).replace(':', '') ?? '';
  const instant = new Date(
    !offset
      ? zone.instant(wall)
      : /^z$/i.test(offset)
        ? wall
        : wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000,
  );
  return isStorableDate(instant) ? instant : undefined; // 9999-12-31 23:00 -02:00 is in year 10000
}

/** A `timestamp(3)` literal of an instant (columns hold UTC wall time, as Prisma writes them). */
export const sqlTime = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 23) : null);
