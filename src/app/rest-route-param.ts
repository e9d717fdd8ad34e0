// `/?rest_route=/ns/v1/things`: how WordPress serves its API on sites without pretty permalinks, and so what clients
// given such a site's address call. The request continues as `/wp-json/ns/v1/things` with the other parameters kept
// (paging links and logs then show the /wp-json form, which every WordPress site also answers).
import type { NextFunction, Request, Response } from 'express';

export function restRouteParam(req: Request, _res: Response, next: NextFunction) {
  if (req.path !== '/' || !req.url.includes('rest_route=')) return next();
  const url = new URL(req.url, 'http://localhost');
  const route = url.searchParams.get('rest_route');
  if (route === null) return next();
  url.searchParams.delete('rest_route');
  req.url = req.originalUrl = `/wp-json${route.startsWith('/') ? route : `/${route}`}${url.search}`;
  next();
}
