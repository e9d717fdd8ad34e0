// A post's slug: its title made URL-safe at creation, suffixed -2, -3… to be unique within its content type.
import type { Platform } from '../platform.ts';

export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 190) || 'untitled'
  );
}

/** `base`, or `base-N` after the highest N taken: one aggregate row however many posts share the title. */
export async function uniqueSlug(platform: Platform, type: string, base: string): Promise<string> {
  // slugify() leaves only [a-z0-9-], so `base` is safe inside the pattern.
  const [row] = await platform.prisma.$queryRaw<{ taken: boolean; highest: number | null }[]>`
    SELECT bool_or(slug = ${base}) AS taken,
           max(CASE WHEN slug ~ ${`^${base}-[0-9]{1,9}$`} THEN substring(slug FROM ${base.length + 2}::int)::int END) AS highest
    FROM posts WHERE type = ${type} AND slug LIKE ${`${base}%`}`;
  if (!row?.taken) return base;
  return `${base}-${Math.max(row.highest ?? 1, 1) + 1}`;
}
