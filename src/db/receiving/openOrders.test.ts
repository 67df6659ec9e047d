/**
 * The receiving screen's open-order list re-runs only after commits to the tables it names
 * (OPEN_ORDER_TABLES, coalesced): a table read but not named would leave the list stale. Over
 * fake-indexeddb, with a DBCore middleware noting every table a run reads.
 */
import { describe, expect, it } from 'vitest';
import { samplePurchaseOrder } from '../../api/resources/fixtures';
import type { CachedPurchaseOrder } from '../schema';
import { tableMiddleware } from '../tableMiddleware';
import { memoryDb } from '../testing/memoryStore';
import type { PurchaseOrderStatus } from '../../api/resources';
import type { SlicePolicy } from '../yieldingRead';
import { addToLine } from './drafts';
import { listOpenOrders, OPEN_ORDER_TABLES, OPEN_STATUSES } from './openOrders';

/** Notes the tables read once `on` is set (set up before the database opens: Dexie's rule for middleware). */
function tablesRead() {
  const read = new Set<string>();
  const middleware = tableMiddleware('tablesRead', (table, name) => {
    const noted =
      <A extends unknown[], R>(call: (...args: A) => R) =>
      (...args: A) => {
        if (watch.on) read.add(name);
        return call(...args);
      };
    return {
      get: noted(table.get.bind(table)),
      getMany: noted(table.getMany.bind(table)),
      query: noted(table.query.bind(table)),
      openCursor: noted(table.openCursor.bind(table)),
      count: noted(table.count.bind(table)),
    };
  });
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
    const db = memoryDb('open-order-tables');
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

describe('listOpenOrders', () => {
  const STATUSES: PurchaseOrderStatus[] = [...OPEN_STATUSES, 'Received', 'Cancelled'];
  /** 120 orders over three outlets and six statuses, with ETAs that tie, and some without one. */
  function orders(): CachedPurchaseOrder[] {
    return Array.from({ length: 120 }, (_, i) => ({
      ...order(1_000 + i, (i % 3) + 1),
      status: { id: i % 6, name: STATUSES[i % STATUSES.length]! },
      eta: i % 7 === 0 ? null : `2026-12-${String((i % 20) + 1).padStart(2, '0')}`,
    }));
  }

  it('reads in slices, yielding between them, and answers as one whole read would', async () => {
    const db = memoryDb('open-orders-sliced');
    const all = orders();
    await db.purchaseOrders.bulkPut(all);
    await addToLine(db, 1_001, 1, 1, { code: 'x' }, new Date('2026-11-23T10:00:00.000Z'));
    let yields = 0;
    const slices: SlicePolicy = { rows: 10, budgetMs: 8, now: () => 0, yieldNow: async () => void yields++ };

    for (const outletId of [null, 2]) {
      yields = 0;
      const rows = await listOpenOrders(db, outletId, slices);
      // What the list showed before it read in slices: every open order of the outlet, newest ETA first,
      // then those without one, ties by id, newest first.
      const expected = all
        .filter(
          (po) => OPEN_STATUSES.includes(po.status.name) && (outletId === null || po.outlet.id === outletId),
        )
        .sort((a, b) =>
          a.eta === b.eta ? b.id - a.id : a.eta === null ? 1 : b.eta === null ? -1 : a.eta < b.eta ? 1 : -1,
        );
      expect(rows.map((row) => row.id)).toEqual(expected.map((po) => po.id));
      expect(rows.filter((row) => row.drafting).map((row) => row.id)).toEqual([1_001]);
      // 10 orders a read: a yield between each two reads.
      expect(yields).toBe(Math.ceil(expected.length / 10) - 1);
    }
  });
});
