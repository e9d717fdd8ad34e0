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

export function totalPages(p: PageResult): number {
  return Math.ceil(p.total / p.perPage);
}

export function writePaginationHeaders(res: Response, p: PageResult, url: URL): void {
  const pages = totalPages(p);
  res.setHeader('X-WP-Total', String(p.total));
  res.setHeader('X-WP-TotalPages', String(pages));
  const link = (page: number, rel: string) => {
    const u = new URL(url);
    u.searchParams.set('page', String(page));
    return `<${u.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (p.page > 1) links.push(link(Math.min(p.page - 1, Math.max(pages, 1)), 'prev'));
  if (pages > p.page) links.push(link(p.page + 1, 'next'));
  if (links.length) res.append('Link', links.join(', '));
}
