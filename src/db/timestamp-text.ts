// PostgreSQL's text of a `timestamp` (without time zone), read as the UTC instant Prisma wrote. A hot list reads two
// per row: V8's date-string parser took 300 ns for one, the digits read by position 110 ns (bench/instructions.ts).

const digits2 = (t: string, i: number) => (t.charCodeAt(i) - 48) * 10 + t.charCodeAt(i + 1) - 48;

/** `YYYY-MM-DD HH:MM:SS[.ffffff]` (PostgreSQL's ISO output) as a Date in UTC, to the millisecond as Prisma keeps it.
 *  Any other text — a year outside 100–9999, BC, ±infinity, another DateStyle — goes through Date's own parser. */
export function parseTimestamp(text: string): Date {
  const n = text.length;
  if (
    n >= 19 &&
    n <= 26 &&
    n !== 20 &&
    text.charCodeAt(4) === 45 && // -
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 && // space
    text.charCodeAt(13) === 58 && // :
    text.charCodeAt(16) === 58 &&
    (n === 19 || text.charCodeAt(19) === 46) // .
  ) {
    const year = digits2(text, 0) * 100 + digits2(text, 2);
    // Date.UTC reads the years 0–99 as 1900–1999.
    if (year >= 100) {
      // The fraction's first three digits (PostgreSQL writes 1 to 6, without trailing zeros); the rest is cut.
      let ms = 0;
      for (let i = 20, scale = 100; i < n && i < 23; i++, scale /= 10) ms += (text.charCodeAt(i) - 48) * scale;
      const t = Date.UTC(
        year,
        digits2(text, 5) - 1,
        digits2(text, 8),
        digits2(text, 11),
        digits2(text, 14),
        digits2(text, 17),
        ms,
      );
      return new Date(t);
    }
  }
  return new Date(`${text.replace(' ', 'T')}Z`);
}
