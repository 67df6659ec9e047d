/**
 * The purchase order list's CSV rows, read from the cache a page at a time in the list's order
 * (src/lib/csv/cursorSource.ts): an export of 200,000 orders never holds them all, nor walks the table
 * again for every page.
 *  - Unfiltered: the orders raised here (temp ids, newest first), then the rest newest first by a key
 *    cursor: each page is the orders just below the last id read.
 *  - Filtered or searched: the matching ids the screen holds, in its order, their orders read a page at a time.
 * An order that arrives during the export may be left out and one deleted meanwhile is passed over: the file
 * is what the cache held as it was read, never more rows than the screen counted. DOM-free, tested over
 * fake-indexeddb.
 */
import type { RowSource } from '../../lib/csv/csvChunks';
import { byKeys, cursorSource, keyedSource, type NextRows } from '../../lib/csv/cursorSource';
import type { CachedPurchaseOrder, DockhandDb } from '../../db/schema';
import { poListRow, type PoListRow } from './listQuery';

const rowsOf = (orders: readonly (CachedPurchaseOrder | undefined)[]) =>
  orders.map((po) => po && poListRow(po, null));

/** The orders of `ids` (the filtered list, in its order). */
export function matchingOrdersSource(db: DockhandDb, ids: readonly number[]): RowSource<PoListRow> {
  return keyedSource(ids, async (batch) => rowsOf(await db.purchaseOrders.bulkGet(batch)));
}

/** Every order in the unfiltered list's order, `total` of them at most (what the screen counted). */
export function newestOrdersSource(db: DockhandDb, total: number): RowSource<PoListRow> {
  const table = db.purchaseOrders;
  let raisedHere: NextRows<PoListRow> | null = null;
  // Every server id is below this: the last one read, once a page has been.
  let below = Infinity;
  return cursorSource(total, async (limit) => {
    if (!raisedHere) {
      const temp = await table.where(':id').below(0).primaryKeys();
      // The newest order raised here has the most negative id (src/screens/purchaseOrders/listQuery.ts).
      raisedHere = byKeys(
        temp.sort((a, b) => a - b),
        async (batch) => rowsOf(await table.bulkGet(batch)),
      );
    }
    const rows = [...(await raisedHere(limit))];
    if (rows.length < limit) {
      const older = await table
        .where(':id')
        .between(0, below, false, false)
        .reverse()
        .limit(limit - rows.length)
        .toArray();
      if (older.length > 0) below = older.at(-1)!.id;
      for (const po of older) rows.push(poListRow(po, null));
    }
    return rows;
  });
}
