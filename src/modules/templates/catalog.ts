// The merged catalog: bundled templates first in authority (a cloud entry never shadows a bundled key), then the
// cloud cache unless the site opted out. Filters, ordering and pages work on the merged list in memory: a catalog
// holds hundreds of entries at most (MAX_CLOUD_ENTRIES caps the cloud side).
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { offsetPage, pageArgs, type OffsetPage } from '../../graphql/pagination.ts';
import { parseInput } from '../../platform/validate.ts';
import { SOURCES, type Template, type TemplateSource } from './entry.ts';
import { templatesOf } from './runtime.ts';

export const ORDERBY = ['title', 'key', 'category', 'source'] as const;

export interface CatalogQuery {
  category?: string | null;
  search?: string | null;
  source?: string | null;
  orderby?: string | null;
  order?: string | null;
  page?: number | null;
  perPage?: number | null;
}

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

const QuerySchema = z.object({
  category: z.string().max(40).nullish(),
  search: z.string().max(200).nullish(),
  source: z.enum(SOURCES, { error: `Source is one of ${SOURCES.join(', ')}.` }).nullish(),
  orderby: z.enum(ORDERBY, { error: `Orderby is one of ${ORDERBY.join(', ')}.` }).nullish(),
  order: z.enum(['asc', 'desc'], { error: 'Order is asc or desc.' }).nullish(),
});

export async function listCatalog(platform: Platform, query: CatalogQuery): Promise<OffsetPage<Template>> {
  pageArgs(query); // a bad page is refused before any work
  const q = parseInput(QuerySchema, query);
  const field = q.orderby ?? 'title';
  const dir = q.order === 'desc' ? -1 : 1;
  const list = (await allTemplates(platform, q.source))
    .filter((t) => matches(t, q))
    .sort((a, b) => dir * (a[field].localeCompare(b[field]) || a.key.localeCompare(b.key)));
  return offsetPage(query, {
    count: async () => list.length,
    findMany: async ({ skip, take }) => list.slice(skip, skip + take),
  });
}
