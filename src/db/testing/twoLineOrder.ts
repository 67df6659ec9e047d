/**
 * The purchase order body the store and sync tests create or queue: supplier 101, outlet 1, and `ordered`
 * units of products 10001 and 10002, ids that exist both in the simulator's generated data and in the
 * tests' cached stand-ins. One home, so those tests raise the same order.
 */
import { allocateTempId, enqueue } from '../outbox';
import type { DockhandDb } from '../schema';

export function twoLineOrderBody(ordered: readonly [number, number] = [1, 1]) {
  return {
    supplier: { id: 101 },
    outlet: { id: 1 },
    purchase_order_items: [
      { product: { id: 10001 }, quantity_ordered: ordered[0] },
      { product: { id: 10002 }, quantity_ordered: ordered[1] },
    ],
  };
}

/**
 * That order raised offline, straight through the outbox writer: a temp id for the order and one per line,
 * their rows cached as the New PO screen shows them, the create queued.
 */
export async function queueTwoLineOrder(db: DockhandDb, ordered: readonly [number, number] = [1, 1]) {
  const po = await allocateTempId(db, 'purchaseOrders');
  const lines = [
    await allocateTempId(db, 'purchaseOrderItems', { parentTempId: po }),
    await allocateTempId(db, 'purchaseOrderItems', { parentTempId: po }),
  ];
  const modified_on = new Date().toISOString();
  const body = twoLineOrderBody(ordered);
  const op = await enqueue(db, {
    kind: 'createPurchaseOrder',
    params: {},
    body,
    createsTempId: po,
    label: 'New PO',
    cacheChanges: [
      { table: 'purchaseOrders', put: [{ id: po, modified_on }] },
      {
        table: 'purchaseOrderItems',
        put: lines.map((po_item_id, i) => ({
          po_item_id,
          po_id: po,
          product: body.purchase_order_items[i]!.product,
          modified_on,
        })),
      },
    ],
  });
  return { op, po, lines };
}
