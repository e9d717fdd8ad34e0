// Per-request batching. A count or lookup of one field is a `t.loadable` field (@pothos/plugin-dataloader). A loader
// that several fields share (a lesson's access decides locked, availableAt and content) is the plugin's
// `dataloaderGetter`, typed here with our context: one DataLoader per request, so a page of a hundred items costs
// one query, not a hundred, and every field asks the same one.
import { dataloaderGetter } from '@pothos/plugin-dataloader';
import type DataLoader from 'dataloader';
import type { Context } from './context.ts';

/** The request's loader for `load` (one value per key, in key order). */
export function sharedLoader<K, V, C = K>(
  load: (keys: K[], ctx: Context) => Promise<readonly V[]>,
  options?: DataLoader.Options<K, V, C>,
): (ctx: Context) => DataLoader<K, V, C> {
  return dataloaderGetter<K, V, C>(options, (keys, ctx) => load(keys, ctx as Context), undefined, undefined);
}
