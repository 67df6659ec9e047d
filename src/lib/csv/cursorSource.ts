/**
 * Row sources for a list too large to hold whole (200,000 purchase orders), read strictly in order: each page
 * starts where the last one stopped, by a key cursor rather than an offset, which IndexedDB walks key by key
 * (an export by offset re-walks the table for every page: quadratic). Pure: the reads are passed in, so this
 * module imports no Dexie. ./collectionSource.ts is the offset kind, for a collection of a few thousand.
 */
import type { RowSource } from './csvChunks';

/**
 * A source whose `next(limit)` answers the next rows in order, up to `limit`, fewer only when there are no
 * more. `total` is what the screen counted: the progress bar's end and the most the file takes.
 */
export function cursorSource<Row>(total: number, next: NextRows<Row>): RowSource<Row> {
  let delivered = 0;
  return {
    total,
    async readPage(offset, limit) {
      if (offset !== delivered)
        throw new RangeError(`pages are read in order: asked from ${offset}, next is ${delivered}`);
      const page = await next(limit);
      delivered += page.length;
      return page;
    },
  };
}

/** The next rows in order, up to `limit`; fewer only when there are no more. */
export type NextRows<Row> = (limit: number) => Promise<readonly Row[]>;

/**
 * The rows of `keys`, in their order, up to `limit` a call (`read` answers a batch of keys, undefined where
 * the row is gone). A row deleted since the keys were taken is passed over and the page filled from the next
 * keys, so it never ends an export early.
 */
export function byKeys<Key, Row>(
  keys: readonly Key[],
  read: (keys: Key[]) => Promise<readonly (Row | undefined)[]>,
): NextRows<Row> {
  let at = 0;
  return async (limit) => {
    const rows: Row[] = [];
    while (rows.length < limit && at < keys.length) {
      const batch = keys.slice(at, at + limit - rows.length);
      at += batch.length;
      for (const row of await read(batch)) if (row !== undefined) rows.push(row);
    }
    return rows;
  };
}

/** The rows of `keys` as a source (./csvChunks.ts), a page at a time: `byKeys`. */
export function keyedSource<Key, Row>(
  keys: readonly Key[],
  read: (keys: Key[]) => Promise<readonly (Row | undefined)[]>,
): RowSource<Row> {
  return cursorSource(keys.length, byKeys(keys, read));
}
