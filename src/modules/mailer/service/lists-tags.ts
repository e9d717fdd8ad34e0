// Lists and tags. Deleting a list removes its memberships only (members stay, with their other lists); deleting a
// tag removes it from every subscriber. Tag slugs come from the name (as WordPress terms) and are unique.
import type { Platform } from '../../../platform/platform.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import { inputObject, text } from '../../../input/vocabulary.ts';
import { isUniqueViolation } from '../../../platform/database-errors.ts';
import { invalid } from '../../../platform/errors.ts';
import { listNotFound, tagExists, tagNotFound } from '../errors.ts';

export const ListCreate = inputObject(
  'MailerListInput',
  {
    name: text(200, 1).describe('Name shown to administrators.'),
    description: text(2000).optional().describe('Free text for administrators.'),
  },
  'A new mailing list.',
);
export const TagCreate = inputObject(
  'MailerTagInput',
  {
    name: text(100, 1).describe('Name shown to administrators.'),
    slug: text(100).optional().describe('Default: from the name.'),
  },
  'A new tag.',
);
export const ListUpdate = inputObject(
  'MailerListUpdateInput',
  {
    name: text(200, 1).optional().describe('Name shown to administrators.'),
    description: text(2000).optional().describe('Free text for administrators.'),
  },
  'Changes to a list; fields left out stay as they are.',
);
export const TagUpdate = inputObject(
  'MailerTagUpdateInput',
  {
    name: text(100, 1).optional().describe('Name shown to administrators; the slug stays unless given.'),
    slug: text(100, 1).optional().describe('New slug (unique; folded as on creation).'),
  },
  'Changes to a tag; fields left out stay as they are.',
);

/** "Black Friday 2026!" -> "black-friday-2026" (accents folded, as sanitize_title does). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** Members of each list who receive campaigns (status subscribed), in one grouped count. */
export async function subscribedCounts(platform: Platform, listIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await platform.prisma.mailerListMember.groupBy({
    by: ['listId'],
    where: { listId: { in: [...listIds] }, subscriber: { status: 'subscribed' } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.listId, r._count._all]));
}

export async function createList(platform: Platform, input: Input<typeof ListCreate>) {
  const data = parseDeclared(ListCreate, input);
  return platform.prisma.mailerList.create({
    data: { name: data.name, description: data.description ?? '', createdAt: platform.clock.now() },
  });
}

export async function updateList(platform: Platform, id: number, input: Input<typeof ListUpdate>) {
  const data = parseDeclared(ListUpdate, input);
  const { count } = await platform.prisma.mailerList.updateMany({
    where: { id },
    data: { name: data.name, description: data.description },
  });
  if (!count) throw listNotFound();
}

export async function deleteList(platform: Platform, id: number) {
  const deleted = await platform.prisma.mailerList.deleteMany({ where: { id } });
  if (!deleted.count) throw listNotFound();
}

export async function createTag(platform: Platform, input: Input<typeof TagCreate>) {
  const data = parseDeclared(TagCreate, input);
  const slug = slugify(data.slug || data.name);
  if (!slug) throw invalid('name', 'name must contain a letter or a digit.');
  try {
    return await platform.prisma.mailerTag.create({ data: { name: data.name, slug, createdAt: platform.clock.now() } });
  } catch (err) {
    if (isUniqueViolation(err)) throw tagExists();
    throw err;
  }
}

/** Tags by slug, created when missing (inbound subscription requests name tags by slug). Race-safe upsert. */
export async function ensureTags(platform: Platform, slugs: readonly string[]) {
  const now = platform.clock.now();
  const clean = [...new Set(slugs.map(slugify).filter(Boolean))];
  if (!clean.length) return [];
  await platform.prisma.mailerTag.createMany({
    data: clean.map((slug) => ({ slug, name: slug, createdAt: now })),
    skipDuplicates: true,
  });
  return platform.prisma.mailerTag.findMany({ where: { slug: { in: clean } } });
}

/** Renames a tag; its slug changes only when one is given (links and inbound requests name tags by slug). */
export async function updateTag(platform: Platform, id: number, input: Input<typeof TagUpdate>) {
  const data = parseDeclared(TagUpdate, input);
  const slug = data.slug === undefined ? undefined : slugify(data.slug);
  if (slug === '') throw invalid('slug', 'slug must contain a letter or a digit.');
  try {
    const { count } = await platform.prisma.mailerTag.updateMany({ where: { id }, data: { name: data.name, slug } });
    if (!count) throw tagNotFound();
  } catch (err) {
    if (isUniqueViolation(err)) throw tagExists();
    throw err;
  }
}

export async function deleteTag(platform: Platform, id: number) {
  const deleted = await platform.prisma.mailerTag.deleteMany({ where: { id } });
  if (!deleted.count) throw tagNotFound();
}
