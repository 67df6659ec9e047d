/**
 * Product supplier links (buy prices, supplier codes: what raising a PO offline needs). The API lists them
 * per product only, and has no list of products: the products the cache knows are the ones PO lines named
 * (pulled with their orders). So the links are refreshed by a sweep over the cached products in id order,
 * at most `batch` products (one request each, a few in flight: ./pool.ts) per pull run:
 *  - the batch's links are committed in one transaction with the sweep's position (cursor
 *    `productSuppliers`: `id` is the last product done, 0 between sweeps), so a crash or stop resumes
 *    after the last batch stored (the one under way is read again);
 *  - when the sweep passes the last product, it records when it finished (`modifiedOn`) and the next one
 *    starts once that is older than the refresh TTL;
 *  - links the server no longer lists are deleted locally, unless a queued op touches them (the store
 *    rebases or keeps those rows, and a queued delete's tombstone keeps them deleted).
 * Products first seen behind the sweep's position wait for the next sweep: bounded requests over freshness.
 */
import type { CacheKey } from '../../../../src/db/cacheWrites';
import type { StorePort } from '../../../../src/db/storePort';
import { ApiCallError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import { inPool } from './pool';

export const PRODUCT_SUPPLIERS = 'productSuppliers';
const EPOCH = '1970-01-01T00:00:00.000Z';

export interface SweepDeps {
  store: StorePort;
  client: ApiClient;
  now(): Date;
  signal: AbortSignal;
  refreshTtlMs: number;
  /** Products (one request each) per run. */
  batch: number;
}

async function linksOf(deps: SweepDeps, productId: number): Promise<{ supplier_code: string }[]> {
  deps.signal.throwIfAborted();
  try {
    return await deps.client.call(
      'listProductSuppliers',
      { params: { product_id: productId } },
      { signal: deps.signal },
    );
  } catch (error) {
    // The product is gone: so are its links.
    if (!(error instanceof ApiCallError) || error.kind !== 'not-found') throw error;
    return [];
  }
}

/** One run's share of the sweep; returns how many products' links were read. */
export async function sweepProductSuppliers(deps: SweepDeps): Promise<number> {
  const { cursor } = await deps.store.getCursor({ resource: PRODUCT_SUPPLIERS });
  const lastSweep = cursor?.modifiedOn ?? EPOCH;
  const position = cursor?.id ?? 0;
  if (position === 0 && Date.parse(lastSweep) > deps.now().getTime() - deps.refreshTtlMs) return 0;
  // Server ids only (> 0): products are never created offline.
  const { keys } = await deps.store.keysWhere({ table: 'products', after: position, limit: deps.batch });
  const productIds = keys as number[];
  if (productIds.length > 0) {
    const lists = await inPool(productIds, (productId) => linksOf(deps, productId));
    const listed = new Set(
      lists.flatMap((links, i) => links.map((link) => `${productIds[i]}\u0000${link.supplier_code}`)),
    );
    const { keys: cached } = await deps.store.keysWhere({
      table: 'productSuppliers',
      field: 'product_id',
      values: productIds,
    });
    const gone = cached.filter(
      (key): key is [number, string] => Array.isArray(key) && !listed.has(`${key[0]}\u0000${key[1]}`),
    );
    const at = deps.now().toISOString();
    const writes = [
      { table: 'productSuppliers' as const, put: lists.flat() as unknown[], delete: gone as CacheKey[] },
    ];
    const next = {
      resource: PRODUCT_SUPPLIERS,
      modifiedOn: lastSweep,
      id: productIds[productIds.length - 1]!,
      completedAt: at,
    };
    await deps.store.applyPulledPage({ writes, cursor: next, at });
  }
  if (productIds.length < deps.batch) {
    const at = deps.now().toISOString();
    const finished = { resource: PRODUCT_SUPPLIERS, modifiedOn: at, id: 0, completedAt: at };
    await deps.store.applyPulledPage({ writes: [], cursor: finished, at });
  }
  return productIds.length;
}
