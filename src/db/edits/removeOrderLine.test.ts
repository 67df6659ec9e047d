/**
 * Removing a PO line offline: one queued delete that hides the line and marks the order pending; what the
 * server would refuse is refused first, in words; a discard puts the line back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { samplePurchaseOrder, samplePurchaseOrderItem } from '../../api/resources/fixtures';
import { createDexieStore } from '../dexieStore';
import type { DockhandDb, CachedPurchaseOrder, CachedPurchaseOrderItem } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { validatedPort } from '../storePort';
import { LineRemovalRefused, removeOrderLine } from './removeOrderLine';

let db: DockhandDb;
beforeEach(async () => {
  db = memoryDb('remove-line-test');
  const { purchase_order_items: _items, ...order } = samplePurchaseOrder({
    id: 500,
    status: { id: 2, name: 'OnOrder' },
  });
  await db.purchaseOrders.put(order as unknown as CachedPurchaseOrder);
  await db.purchaseOrderItems.bulkPut([
    samplePurchaseOrderItem({ po_id: 500, po_item_id: 1, quantity_received: 0 }),
    samplePurchaseOrderItem({ po_id: 500, po_item_id: 2, quantity_received: 3 }),
  ] as unknown as CachedPurchaseOrderItem[]);
});

describe('removeOrderLine', () => {
  it('queues one delete, hides the line and marks the order pending; a discard puts the line back', async () => {
    const op = await removeOrderLine(db, 500, 1);
    expect(op).toMatchObject({
      kind: 'deletePurchaseOrderItem',
      params: { id: 500, item_id: 1 },
      aggregate: expect.stringContaining('500'),
      state: 'queued',
    });
    expect(await db.purchaseOrderItems.get(1)).toBeUndefined();
    expect((await db.purchaseOrders.get(500))?._pendingOps).toEqual([op.id]);

    const store = validatedPort(createDexieStore(db));
    expect((await store.discard({ id: op.id })).discarded).toEqual([op.id]);
    expect((await db.purchaseOrderItems.get(1))?.po_id).toBe(500);
    expect((await db.purchaseOrders.get(500))?._pendingOps ?? []).toEqual([]);
  });

  it('refuses in words what the server would refuse, and queues nothing', async () => {
    await expect(removeOrderLine(db, 500, 2)).rejects.toThrow(
      new LineRemovalRefused('3 received against this line: a line with received stock cannot be removed.'),
    );
    await db.purchaseOrders.update(500, { status: { id: 5, name: 'Cancelled' } });
    await expect(removeOrderLine(db, 500, 1)).rejects.toThrow('This order is cancelled');
    await expect(removeOrderLine(db, 501, 1)).rejects.toThrow('no longer on this computer');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.purchaseOrderItems.count()).toBe(2);
  });
});
