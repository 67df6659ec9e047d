/**
 * The receiving screen's open-order list re-runs only after commits to the tables it names
 * (OPEN_ORDER_TABLES, coalesced): a table read but not named would leave the list stale. Over
 * fake-indexeddb, with a DBCore middleware noting every table a run reads.
 */
import type { DBCore, Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { samplePurchaseOrder } from '../../api/resources/fixtures';
import { DockhandDb, type CachedPurchaseOrder } from '../schema';
import { addToLine } from './drafts';
import { listOpenOrders, OPEN_ORDER_TABLES } from './openOrders';

/** Notes the tables read once `on` is set (set up before the database opens: Dexie's rule for middleware). */
function tablesRead(): { middleware: Middleware<DBCore>; read: Set<string>; on: boolean } {
  const read = new Set<string>();
  const middleware: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'tablesRead',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        const noted =
          <A extends unknown[], R>(call: (...args: A) => R) =>
          (...args: A) => {
            if (watch.on) read.add(name);
            return call(...args);
          };
        return {
          ...table,
          get: noted(table.get.bind(table)),
          getMany: noted(table.getMany.bind(table)),
          query: noted(table.query.bind(table)),
          openCursor: noted(table.openCursor.bind(table)),
          count: noted(table.count.bind(table)),
        };
      },
    }),
  };
  const watch = { read, on: false, middleware };
  return watch;
}

function order(id: number, outletId: number): CachedPurchaseOrder {
  const { purchase_order_items: _, ...po } = samplePurchaseOrder({
    id,
    status: { id: 2, name: 'OnOrder' },
    outlet: { id: outletId, name: `Outlet ${outletId}` },
  });
  return po as CachedPurchaseOrder;
}

describe('OPEN_ORDER_TABLES', () => {
  it('names every table the open-order list reads, for one outlet and for all', async () => {
    const watch = tablesRead();
    const db = new DockhandDb('open-order-tables', { indexedDB: new IDBFactory(), IDBKeyRange });
    db.use(watch.middleware);
    await db.purchaseOrders.bulkPut([order(101, 1), order(102, 2)]);
    await addToLine(db, 101, 1, 1, { code: 'x' }, new Date('2026-11-23T10:00:00.000Z'));
    watch.on = true;

    expect((await listOpenOrders(db, 1)).map((row) => [row.id, row.drafting])).toEqual([[101, true]]);
    expect((await listOpenOrders(db, null)).map((row) => row.id)).toEqual([102, 101]);

    expect(watch.read.size).toBeGreaterThan(0);
    expect(
      [...watch.read].filter((table) => !(OPEN_ORDER_TABLES as readonly string[]).includes(table)),
    ).toEqual([]);
  });
});
