/**
 * Product supplier links (buy prices, supplier codes: what raising a PO offline needs). The API lists them
 * per product only, and has no list of products: the products the cache knows are the ones PO lines named
 * (pulled with their orders). So the links are refreshed by a sweep over the cached products in id order,
 * at most `batch` products (one request each) per pull run:
 *  - each product's links are committed with the sweep's position (cursor `productSuppliers`: `id` is the
 *    last product done, 0 between sweeps), so a crash or stop resumes at the next product;
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

async function linksOf(deps: SweepDeps, productId: number) {
  let links: { supplier_code: string }[];
  try {
    links = await deps.client.call(
      'listProductSuppliers',
      { params: { product_id: productId } },
      { signal: deps.signal },
    );
  } catch (error) {
    // The product is gone: so are its links.
    if (!(error instanceof ApiCallError) || error.kind !== 'not-found') throw error;
    links = [];
  }
  const listed = new Set(links.map((link) => link.supplier_code));
  const { keys } = await deps.store.keysWhere({
    table: 'productSuppliers',
    field: 'product_id',
    values: [productId],
  });
  const gone = keys.filter((key): key is [number, string] => Array.isArray(key) && !listed.has(key[1]));
  return [{ table: 'productSuppliers' as const, put: links as unknown[], delete: gone as CacheKey[] }];
}

/** One run's share of the sweep; returns how many products' links were read. */
export async function sweepProductSuppliers(deps: SweepDeps): Promise<number> {
  const { cursor } = await deps.store.getCursor({ resource: PRODUCT_SUPPLIERS });
  const lastSweep = cursor?.modifiedOn ?? EPOCH;
  let position = cursor?.id ?? 0;
  if (position === 0 && Date.parse(lastSweep) > deps.now().getTime() - deps.refreshTtlMs) return 0;
  // Server ids only (> 0): products are never created offline.
  const { keys } = await deps.store.keysWhere({ table: 'products', after: position, limit: deps.batch });
  for (const key of keys) {
    deps.signal.throwIfAborted();
    const productId = key as number;
    const writes = await linksOf(deps, productId);
    position = productId;
    const at = deps.now().toISOString();
    const next = { resource: PRODUCT_SUPPLIERS, modifiedOn: lastSweep, id: position, completedAt: at };
    await deps.store.applyPulledPage({ writes, cursor: next, at });
  }
  if (keys.length < deps.batch) {
    const at = deps.now().toISOString();
    const finished = { resource: PRODUCT_SUPPLIERS, modifiedOn: at, id: 0, completedAt: at };
    await deps.store.applyPulledPage({ writes: [], cursor: finished, at });
  }
  return keys.length;
}
