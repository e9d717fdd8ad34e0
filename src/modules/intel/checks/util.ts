// Small helpers shared by the platform checks.
import type { Platform } from '../../../platform/platform.ts';

/** Credentials and administrators idle this long are reported. */
export const STALE_DAYS = 90;
const DAY = 86_400_000;

export const ago = (platform: Platform, days: number): Date => new Date(platform.clock.now().getTime() - days * DAY);

export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? ' is' : 's are'}`;

/** A readable list that stays short in a result's detail. */
export function list(items: readonly string[], max = 10): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

export const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
