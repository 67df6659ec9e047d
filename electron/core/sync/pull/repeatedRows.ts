/**
 * Rows a pull run has stored already, left out of its later pages. Every purchase order line carries its
 * whole product, so the pages of open orders name the same products again and again: in the large demo
 * nine in ten of a page's ~2,000 products were stored by an earlier page of the same run, unchanged. The
 * store would find them unchanged (same `modified_on`) and write nothing, but only after they were packed,
 * sent over the bridge, parsed and read back: about two thirds of each page's bytes.
 *
 * A row is left out only when this run has stored that very version (same key and `modified_on`) and the
 * store said so (its page's answer came back); a page that fails teaches nothing, and a delete makes the
 * run forget the row. What the store would have done with it is what it already did, so leaving it out
 * changes nothing stored; it is counted as unchanged.
 */
import type { StorePort } from '../../../../src/db/storePort';
import { withPageStore } from './withPageStore';

/** Tables whose rows repeat across pages (the products lines name), keyed by their numeric `id`. */
const REPEATING = new Set(['products']);

type Versioned = { id?: unknown; modified_on?: unknown };

/** `store` leaving out rows the run stored already, and whether it has stored a version of a row. */
export interface RepeatedRows {
  store: StorePort;
  /** This run has stored `table`'s row `id` at `modifiedOn`, and the store said so (./knownProducts.ts). */
  stored(table: string, id: number, modifiedOn: string): boolean;
}

export function withoutRepeatedRows(store: StorePort): RepeatedRows {
  const stored = new Map<string, Map<number, string>>();
  const wrapped = withPageStore(store, async (request) => {
    let left = 0;
    const writes = request.writes.map((write) => {
      const seen = stored.get(write.table);
      if (!seen || !write.put) return write;
      const put = write.put.filter((row) => {
        const { id, modified_on } = row as Versioned;
        const repeat = typeof id === 'number' && modified_on !== undefined && seen.get(id) === modified_on;
        if (repeat) left++;
        return !repeat;
      });
      return { ...write, put };
    });
    const result = await store.applyPulledPage({ ...request, writes });
    for (const write of writes) {
      if (!REPEATING.has(write.table)) continue;
      let seen = stored.get(write.table);
      if (!seen) stored.set(write.table, (seen = new Map()));
      for (const key of write.delete ?? []) if (typeof key === 'number') seen.delete(key);
      for (const row of write.put ?? []) {
        const { id, modified_on } = row as Versioned;
        if (typeof id === 'number' && typeof modified_on === 'string') seen.set(id, modified_on);
      }
    }
    return { ...result, unchanged: result.unchanged + left };
  });
  return {
    store: wrapped,
    stored: (table, id, modifiedOn) => stored.get(table)?.get(id) === modifiedOn,
  };
}
