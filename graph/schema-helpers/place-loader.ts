// Per-request batch loaders keyed by their place in the query (docs/decisions/009-relation-loading.md):
// every row that resolves the same field at the same place (list indices left out) joins one
// batch, so a link costs one read for a whole page rather than one per row.
import DataLoader from 'dataloader';
import { responsePathAsArray, type GraphQLResolveInfo } from 'graphql';
import type { Context } from '../context.ts';

const loaders = new WeakMap<Context, Map<string, DataLoader<unknown, unknown>>>();

/**
 * The loader of the field `info` resolves at its place in the query, for this request; `batch`
 * answers the values of the keys in their order. `variant` tells apart loaders of one place
 * that read differently (a page size).
 */
export function loaderAt<K, V>(ctx: Context, info: GraphQLResolveInfo, variant: string, batch: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  const place = `${responsePathAsArray(info.path).filter((p) => typeof p === 'string').join('.')}:${variant}`;
  let byPlace = loaders.get(ctx);
  if (!byPlace) loaders.set(ctx, (byPlace = new Map()));
  let loader = byPlace.get(place);
  if (!loader) {
    loader = new DataLoader(batch as (keys: readonly unknown[]) => Promise<unknown[]>);
    byPlace.set(place, loader);
  }
  return loader as DataLoader<K, V>;
}
