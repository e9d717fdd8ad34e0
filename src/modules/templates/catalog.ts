// The merged catalog: bundled templates first in authority (a cloud entry never shadows a bundled key), then the
// cloud cache unless the site opted out. Filters, ordering and pages work on the merged list in memory: a catalog
// holds hundreds of entries at most (MAX_CLOUD_ENTRIES caps the cloud side).
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { offsetPage, type OffsetPage } from '../../graphql/pagination.ts';
import { parseDeclared, type Input } from '../../platform/validation.ts';
import { enumOf, pageArgs, search, SortOrder } from '../../input/vocabulary.ts';
import { KEY_PATTERN, SOURCES, type Template, type TemplateSource } from './entry.ts';
import { templatesOf } from './runtime.ts';

const ORDERBY = ['title', 'key', 'category', 'source'] as const;
export const TemplateSourceEnum = enumOf(
  'TemplateSource',
  SOURCES,
  'bundled: shipped with Atrium (or an extra folder); cloud: from the cloud catalog.',
  {
    bundled: 'Shipped with Atrium, or read from an extra templates folder.',
    cloud: 'From the cloud catalog (cached).',
  },
);
const OrderBy = enumOf('TemplateCatalogOrderBy', ORDERBY, 'Sort the catalog by title, key, category or source.', {
  title: 'By title, then key.',
  key: 'By template key.',
  category: 'By category, then key.',
  source: 'By source, then key.',
});

/** A template key, as entries declare them (a 404 answers keys that are well formed but unknown). */
export const templateKey = () => z.string().regex(new RegExp(KEY_PATTERN)).describe('Template key.');
export const TemplateKeyArgs = { key: templateKey() };

export const CatalogFilter = z.object({
  ...pageArgs,
  search: search().describe('Matches key, title, description, category and tags.'),
  category: z.string().max(40).optional().describe('Only this category.'),
  source: TemplateSourceEnum.optional().describe('Only bundled or only cloud templates.'),
  orderby: OrderBy.default('title'),
  order: SortOrder.default('asc'),
});
export type CatalogQuery = Input<typeof CatalogFilter>;

export async function allTemplates(platform: Platform, source?: TemplateSource | null): Promise<Template[]> {
  const rt = templatesOf(platform);
  const bundled = (await rt.bundled()).templates;
  const cloud = source === 'bundled' ? [] : (await rt.cloud.entries()).filter((t) => !bundled.has(t.key));
  return [...(source === 'cloud' ? [] : bundled.values()), ...cloud];
}

export async function findTemplate(platform: Platform, key: string): Promise<Template> {
  const rt = templatesOf(platform);
  const template = (await rt.bundled()).templates.get(key) ?? (await rt.cloud.entries()).find((t) => t.key === key);
  if (!template) throw notFound('templates_template_not_found', `No template has the key "${key}".`);
  return template;
}

function matches(t: Template, q: { category?: string | null; search?: string | null }): boolean {
  if (q.category && t.category !== q.category.toLowerCase()) return false;
  const needle = q.search?.trim().toLowerCase();
  if (!needle) return true;
  return [t.key, t.title, t.description, t.category, ...t.tags].some((s) => s.toLowerCase().includes(needle));
}

export async function listCatalog(platform: Platform, query: CatalogQuery): Promise<OffsetPage<Template>> {
  const q = parseDeclared(CatalogFilter, query); // a bad page is refused before any work
  const field = q.orderby;
  const dir = q.order === 'desc' ? -1 : 1;
  const list = (await allTemplates(platform, q.source))
    .filter((t) => matches(t, q))
    .sort((a, b) => dir * (a[field].localeCompare(b[field]) || a.key.localeCompare(b.key)));
  return offsetPage(q, {
    count: async () => list.length,
    findMany: async ({ skip, take }) => list.slice(skip, skip + take),
  });
}
