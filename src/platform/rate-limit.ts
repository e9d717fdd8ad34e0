// Fixed-window rate limits counted in the database, so every instance shares them. One atomic upsert per hit.
import { tooMany } from './errors.ts';
import type { Platform } from './platform.ts';

export interface RateLimit {
  /** What is limited, e.g. `forms:submit`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Counts one hit for `key` and throws 429 rate_limited with Retry-After once the window's limit is passed. */
export async function hitRateLimit(platform: Pick<Platform, 'prisma' | 'clock'>, rule: RateLimit, key: string) {
  const now = platform.clock.now().getTime();
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const rows = await platform.prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_counters (key, window_start, count) VALUES (${`${rule.name}:${key}`}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1
    RETURNING count`;
  const count = Number(rows[0]?.count ?? 0);
  if (count > rule.limit) {
    throw tooMany(
      'rate_limited',
      'Too many requests. Please try again later.',
      (windowStart.getTime() + windowMs - now) / 1000,
    );
  }
  return { count, remaining: Math.max(0, rule.limit - count) };
}

/** Drops finished windows (run by the platform's cleanup job). */
export async function pruneRateCounters(platform: Pick<Platform, 'prisma' | 'clock'>, olderThanSeconds = 86400) {
  const cutoff = new Date(platform.clock.now().getTime() - olderThanSeconds * 1000);
  return platform.prisma.rateCounter.deleteMany({ where: { windowStart: { lt: cutoff } } });
}
