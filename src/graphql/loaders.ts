// Per-request batching: fields that each need a row the parent's query did not bring (access of a lesson, a
// learner's progress on it) ask a DataLoader that lives as long as the request's context, so a page of a hundred
// items costs one query, not a hundred.
import DataLoader from 'dataloader';
import type { Context } from './context.ts';

const byContext = new WeakMap<Context, Map<string, DataLoader<unknown, unknown>>>();

/** The request's loader named `name` (created on first use with `batch`, which answers one value per key). */
export function loaderOf<K, V>(ctx: Context, name: string, batch: (keys: readonly K[]) => Promise<readonly V[]>): DataLoader<K, V> {
  let loaders = byContext.get(ctx);
  if (!loaders) byContext.set(ctx, (loaders = new Map()));
  let loader = loaders.get(name) as DataLoader<K, V> | undefined;
  if (!loader) loaders.set(name, (loader = new DataLoader<K, V>(batch) as DataLoader<K, V>) as DataLoader<unknown, unknown>);
  return loader;
}
