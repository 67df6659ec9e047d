/**
 * Two PCs, one order, seen from this one over fake-indexeddb, through the real draft, completion, pull and
 * op completion: the first scan begins the watch, a pulled receipt of another PC shows on the line while the
 * delivery is open, nothing is claimed while this PC's receipt is queued (its line shows this PC's figure),
 * and once it is sent and pulled the over-received line is listed to check, until marked checked.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { samplePurchaseOrder, samplePurchaseOrderItem } from '../../api/resources/fixtures';
import { putServerRows } from '../cacheRows';
import { createDexieStore } from '../dexieStore';
import {
  CACHE_TABLES,
  type DockhandDb,
  type CachedPurchaseOrder,
  type CachedPurchaseOrderItem,
} from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { completeReceipt, EMPTY_COMPLETION } from './complete';
import { addToLine, discardDraft } from './drafts';
import { endWatch, listReceiptsToCheck, loadOtherPcs } from './otherPcsStore';

let db: DockhandDb;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 9, minute));
const { purchase_order_items: _, ...po } = samplePurchaseOrder({ id: 7, status: { id: 2, name: 'OnOrder' } });
const order = po as CachedPurchaseOrder;
const line = (received: number) =>
  samplePurchaseOrderItem({
    po_id: 7,
    po_item_id: 1,
    quantity_ordered: 20,
    quantity_received: received,
    quantity_remaining: Math.max(0, 20 - received),
    modified_on: `2026-11-23T09:${String(received).padStart(2, '0')}:00.000Z`,
  }) as CachedPurchaseOrderItem;

/** A pulled page of the order's line, as the pull stores it (rebased over this PC's queued receipt). */
const pull = (received: number) =>
  db.transaction('rw', [db.meta, ...CACHE_TABLES.map((table) => db.table(table))], () =>
    putServerRows(db, 'purchaseOrderItems', [line(received)], at(50).toISOString()),
  );

beforeEach(async () => {
  db = memoryDb('other-pcs');
  await db.purchaseOrders.put(order);
  await db.purchaseOrderItems.put(line(0));
});

describe('an order received on this PC and another', () => {
  it('tells the open delivery, then lists the over-received line once both receipts are on the server', async () => {
    await addToLine(db, 7, 1, 12, { code: '9300000000001' }, at(1));
    expect(await db.receiptWatches.get(7)).toEqual({
      poId: 7,
      startedAt: at(1).toISOString(),
      base: { 1: 0 },
    });
    expect((await loadOtherPcs(db, 7, at(2))).more.size).toBe(0);

    // Another PC's 12 arrive through the pull while this delivery is still open.
    await pull(12);
    expect([...(await loadOtherPcs(db, 7, at(3))).more]).toEqual([[1, 12]]);
    expect(await listReceiptsToCheck(db, at(3))).toEqual([]);

    // This PC completes its 12: queued, the line shows 24 (this PC's figure); nothing to check yet.
    const done = await completeReceipt(db, 7, { ...EMPTY_COMPLETION, invoiceNumber: 'D-1' }, { now: at(4) });
    if (!done.ok) throw new Error(JSON.stringify(done.errors));
    expect((await db.purchaseOrderItems.get(1))?.quantity_received).toBe(24);
    expect([...(await loadOtherPcs(db, 7, at(5))).more]).toEqual([[1, 12]]);
    expect(await listReceiptsToCheck(db, at(5))).toEqual([]);

    // Sent and done, then the server's figure pulled: 24 of 20, 12 from each PC.
    const store = createDexieStore(db);
    await store.markSending({ id: done.op.id, at: at(6).toISOString() });
    await store.completeOp({
      id: done.op.id,
      at: at(6).toISOString(),
      resultId: 900,
      cacheWrites: [],
      tempIds: [],
    });
    await pull(24);
    const view = await loadOtherPcs(db, 7, at(7));
    expect(view.toCheck.map((entry) => entry.check)).toEqual([
      { poItemId: 1, expected: 20, received: 24, over: 4, here: 12, elsewhere: 12 },
    ]);
    expect(view.toCheck[0]?.item.po_item_id).toBe(1);
    const listed = await listReceiptsToCheck(db, at(7));
    expect(listed.map((entry) => [entry.order.id, entry.lines.map((l) => l.item.po_item_id)])).toEqual([
      [7, [1]],
    ]);

    // Marked checked: gone from the list and the order.
    await endWatch(db, 7);
    expect(await listReceiptsToCheck(db, at(8))).toEqual([]);
    expect((await loadOtherPcs(db, 7, at(8))).toCheck).toEqual([]);
  });

  it('begins a new watch for a new delivery unless a line is over, and never for an order only this PC knows', async () => {
    await addToLine(db, 7, 1, 2, null, at(1));
    await discardDraft(db, 7);
    await pull(5);
    await addToLine(db, 7, 1, 1, null, at(10));
    // Nothing was over: "since you started" starts again with this delivery.
    expect((await db.receiptWatches.get(7))?.base).toEqual({ 1: 5 });
    await discardDraft(db, 7);
    await pull(21);
    await addToLine(db, 7, 1, 1, null, at(20));
    expect((await db.receiptWatches.get(7))?.startedAt).toBe(at(10).toISOString());

    await addToLine(db, -3, -4, 1, null, at(21));
    expect(await db.receiptWatches.get(-3)).toBeUndefined();
  });
});
