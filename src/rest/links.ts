// `_links` on items, as WordPress answers them: `self` (the item's route) and `collection` (the list it belongs to),
// so clients (node-wpapi, Backbone's client, hypermedia walkers) follow them instead of building URLs. A route's
// answer gets links when the table has GET routes for both its items and their list (`/ns/v1/things/:id` and
// `/ns/v1/things`): the item route's answer, the list's, a create's and an update's. A DELETE's `previous` has none,
// as in WordPress.
import type { HttpMethod } from './route.ts';

export interface ItemLinks {
  /** The item route's path, its one parameter as `:name`. */
  item: string;
  /** The answer's field that fills the parameter (the parameter's name: `id`). */
  key: string;
  /** The list route's path. */
  collection: string;
}

/** What links are read from: a compiled route's method, path and parameters. */
interface LinkedRoute {
  method: HttpMethod;
  path: string;
  params: readonly string[];
}

const parent = (path: string) => path.slice(0, path.lastIndexOf('/'));

/** The links each route's answer carries, from the table's GET routes. */
export function itemLinks<R extends LinkedRoute>(routes: readonly R[]): Map<R, ItemLinks> {
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.path));
  // An item route is one whose parent path lists its kind (`/certificates/verify/:token` is a lookup, not an item).
  const items = routes.filter(
    (r) =>
      r.method === 'GET' && r.params.length === 1 && r.path.endsWith(`/:${r.params[0]}`) && gets.has(parent(r.path)),
  );
  const out = new Map<R, ItemLinks>();
  for (const route of routes) {
    if (route.method === 'DELETE') continue;
    const item = items.find((i) => i.path === route.path || parent(i.path) === route.path);
    if (item) out.set(route, { item: item.path, key: item.params[0]!, collection: parent(item.path) });
  }
  return out;
}

type Item = Record<string, unknown>;
const isItem = (v: unknown): v is Item => !!v && typeof v === 'object' && !Array.isArray(v);

/** The answer with `_links` added to each item that carries its key. The items are the operation's result, made for
 *  this answer alone, so the links are added to them in place (a copy of each item cost as much as the rest). */
export function withLinks(payload: unknown, links: ItemLinks, base: string): unknown {
  const param = `:${links.key}`;
  const at = links.item.indexOf(param);
  const before = `${base}${links.item.slice(0, at)}`;
  const after = links.item.slice(at + param.length);
  const collection = `${base}${links.collection}`;
  const link = (item: Item) => {
    const value = item[links.key];
    if (value === undefined || value === null || '_links' in item) return;
    const self = `${before}${encodeURIComponent(String(value))}${after}`;
    item._links = { self: [{ href: self }], collection: [{ href: collection }] };
  };
  if (Array.isArray(payload)) {
    for (const p of payload) if (isItem(p)) link(p);
  } else if (isItem(payload)) link(payload);
  return payload;
}
