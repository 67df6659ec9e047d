/**
 * A change to the cache, described as data so the engine (main side) can ask the store (renderer side) to
 * apply it over the bridge, inside the same transaction as the op state change it belongs to.
 */
import type { CacheTable } from './schema';

export type CacheKey = number | [number, string];

export interface CacheWrite {
  table: CacheTable;
  /** Rows to upsert, in the cached shape of that table. */
  put?: unknown[];
  /** Primary keys to delete. */
  delete?: CacheKey[];
}
