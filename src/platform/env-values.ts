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
