// X-WP-Total, X-WP-TotalPages and one Link header with rel="prev"/"next" that keeps the original query (core's shape).
import type { Response } from 'express';

export interface PageResult {
  items: unknown[];
  total: number;
  page: number;
  perPage: number;
}

export function isPageResult(value: unknown): value is PageResult {
  const v = value as PageResult;
  return (
    !!v &&
    Array.isArray(v.items) &&
    typeof v.total === 'number' &&
    typeof v.page === 'number' &&
    typeof v.perPage === 'number'
  );
}

/** Page size at which a route that answers a whole list (`everyPage`) reads it. */
export const EVERY_PAGE_SIZE = 100;

interface ReadPage {
  items: unknown[];
  page: number;
  perPage: number;
}

/** Every item of a list read in pages from the first one (`next` reads a page): a page shorter than its size is the
 *  last. Each page is a read of its own, so a row added or removed meanwhile may shift one across pages' edges, as
 *  when a client pages. */
export async function everyItem(first: unknown, next: (page: number) => Promise<unknown>): Promise<unknown[]> {
  let page = first as ReadPage;
  const items = [...page.items];
  while (page.items.length === page.perPage) {
    page = (await next(page.page + 1)) as ReadPage;
    items.push(...page.items);
  }
  return items;
}

export function totalPages(p: PageResult): number {
  return Math.ceil(p.total / p.perPage);
}

/** `url`: the request's own, read only when a prev or next link is written. */
export function writePaginationHeaders(res: Response, p: PageResult, url: () => URL): void {
  const pages = totalPages(p);
  res.setHeader('X-WP-Total', String(p.total));
  res.setHeader('X-WP-TotalPages', String(pages));
  const link = (page: number, rel: string) => {
    const u = url();
    u.searchParams.set('page', String(page));
    return `<${u.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (p.page > 1) links.push(link(Math.min(p.page - 1, Math.max(pages, 1)), 'prev'));
  if (pages > p.page) links.push(link(p.page + 1, 'next'));
  if (links.length) res.append('Link', links.join(', '));
}
