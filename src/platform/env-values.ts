// The rules environment values follow, shared by the platform's keys (src/platform/config.ts) and the keys each module
// declares (src/modules/<m>/config.ts). Every rule takes the raw string (or nothing) and names what it expects.
import { z } from 'zod';

export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

export const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    });

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
/** Bytes, as a plain integer or with a unit: 1048576, 512kb, 1mb. */
export const size = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const m = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(v.trim());
      if (!m || Number(m[1]) < 1) {
        ctx.addIssue({ code: 'custom', message: 'must be a size in bytes such as 1048576, 512kb or 1mb' });
        return z.NEVER;
      }
      return Number(m[1]) * SIZE_UNITS[(m[2] ?? 'b').toLowerCase()]!;
    });

/** A URL with one of the protocols, without trailing slashes; unset stays undefined. */
export const url = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      try {
        const u = new URL(v);
        if (!protocols.includes(u.protocol)) throw new Error();
        return v.replace(/\/+$/, '');
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be a URL starting with ${protocols.join(' or ')}//` });
        return z.NEVER;
      }
    });

/** Comma-separated values, trimmed, empty ones dropped. */
export const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const DURATION_UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** One duration with its unit (`30s`, `5m`, `2h`, `1d`) in milliseconds, or null. A bare number is refused: its unit
 *  would be a guess (Postfix defaults each setting's unit differently). */
const durationMs = (v: string): number | null => {
  const m = /^(\d+)(s|m|h|d)$/i.exec(v.trim());
  return m ? Number(m[1]) * DURATION_UNITS[m[2]!.toLowerCase()]! : null;
};

/**
 * Comma-separated durations in milliseconds, in order (`1m,5m,30m`); `none` is the empty list. Each between `min` and
 * `max`, at most `most` of them; the bounds and the fallback are written as the operator writes the value.
 */
export const durations = (fallback: string, { min, max, most }: { min: string; max: string; most: number }) => {
  const parse = (v: string) => (v.trim().toLowerCase() === 'none' ? [] : v.split(',').map(durationMs));
  const [low, high] = [durationMs(min)!, durationMs(max)!];
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = v === undefined || v === '' ? fallback : v;
      const values = parse(text);
      const bad = values.findIndex((n) => n === null || n < low || n > high);
      const problem =
        bad >= 0
          ? `entry ${bad + 1} (${JSON.stringify(text.split(',')[bad]!.trim())}) is not a duration from ${min} to ${max}`
          : values.length > most
            ? `${values.length} entries, at most ${most}`
            : null;
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: `must be durations such as ${fallback} (a whole number with s, m, h or d each) or none: ${problem}`,
        });
        return z.NEVER;
      }
      return values as number[];
    });
};
