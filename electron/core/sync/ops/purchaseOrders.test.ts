import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ProductSchema,
  PurchaseOrderItemSchema,
  PurchaseOrderSchema,
  type PurchaseOrder,
} from '../../../../src/api/resources';
import { startSimulator } from '../../../../server/index';
import { LineProductSchema } from '../../../../src/db/lineProduct';
import { ApiCallError } from '../../api/errors';
import { createPurchaseOrder, deletePurchaseOrderItem } from './purchaseOrders';
import { deletedFrom, rowsFor } from './testing/harness';
import { opsSuite } from './testing/opsSuite';

const CachedOrderSchema = PurchaseOrderSchema.omit({ purchase_order_items: true }).extend({ id: z.int() });
const CachedLineSchema = PurchaseOrderItemSchema.extend({ po_item_id: z.int(), product: LineProductSchema });

const suite = opsSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

const orderBody = (key = `dockhand-${randomUUID()}`) => ({
  external_purchase_order_id: key,
  outlet: { id: 1 },
  supplier: { id: 101 },
  purchase_order_items: [
    { product: { id: 10001 }, quantity_ordered: 12 },
    { product: { id: 10002 }, quantity_ordered: 6, supplier_buy_ex: 9.5 },
  ],
});

describe('createPurchaseOrder', () => {
  it('declares its aggregate, label and temp ids, and requires the idempotency key', () => {
    const op = suite.h.op('createPurchaseOrder', { body: orderBody(), createsTempId: -7 });
    expect(op.aggregate).toBe('purchaseOrder:-7');
    expect(op.label).toBe('New purchase order for supplier 101 (2 lines)');
    const withOfflinePort = { ...orderBody(), shipping_port: { id: -3 } };
    expect(createPurchaseOrder.tempIdsOf({ params: {}, body: withOfflinePort })).toEqual([-3]);
    const { external_purchase_order_id: _key, ...keyless } = orderBody();
    expect(createPurchaseOrder.payload.safeParse({ params: {}, body: keyless }).success).toBe(false);
  });

  it('puts the order without its lines, the lines in their own table, and drops the temp row', async () => {
    const { op, result } = await suite.h.send(
      suite.h.op('createPurchaseOrder', { body: orderBody(), createsTempId: -1 }),
    );
    const writes = createPurchaseOrder.cacheWrites(op, result);
    const [order] = rowsFor(writes, 'purchaseOrders', CachedOrderSchema.strict());
    const lines = rowsFor(writes, 'purchaseOrderItems', CachedLineSchema);
    expect(order).toBeDefined();
    expect(order).not.toHaveProperty('purchase_order_items');
    expect(lines.map((line) => line.product.id)).toEqual([10001, 10002]); // body order: child ids map by it
    // Lines keep part of their product (the schema above is strict); the products table gets it whole.
    const products = rowsFor(writes, 'products', ProductSchema);
    expect(products.map((product) => product.id).sort()).toEqual([10001, 10002]);
    expect(lines.every((line) => line.po_id === order!.id)).toBe(true);
    expect(deletedFrom(writes, 'purchaseOrders')).toEqual([-1]);
    expect(createPurchaseOrder.resultIdOf?.(result)).toBe(order!.id);
    expect(createPurchaseOrder.creates).toBe('purchaseOrders');
    expect(createPurchaseOrder.childIdsOf?.(result)).toEqual([
      { entity: 'purchaseOrderItems', ids: lines.map((line) => line.po_item_id) },
    ]);
  });

  it('finds a create whose response was lost by its external id (applied, lines included)', async () => {
    const uncertain = await suite.h.sendDropped(suite.h.op('createPurchaseOrder', { body: orderBody() }));
    const decision = await createPurchaseOrder.reconcile(suite.h.context, uncertain);
    expect(decision.outcome).toBe('applied');
    const order = (decision as { result: PurchaseOrder }).result;
    expect(order.external_purchase_order_id).toBe(
      (uncertain.body as { external_purchase_order_id: string }).external_purchase_order_id,
    );
    expect(order.purchase_order_items).toHaveLength(2);
    expect(suite.sim.state.purchaseOrders.get(order.id!)).toBeDefined();
  });

  it('answers absent when the request never ran', async () => {
    const uncertain = await suite.h.sendReset(suite.h.op('createPurchaseOrder', { body: orderBody() }));
    expect(await createPurchaseOrder.reconcile(suite.h.context, uncertain)).toEqual({ outcome: 'absent' });
  });

  it('matches the key exactly although the search ignores case', async () => {
    const key = `dockhand-${randomUUID()}`;
    await suite.h.send(suite.h.op('createPurchaseOrder', { body: orderBody(key.toUpperCase()) }));
    const uncertain = await suite.h.sendReset(suite.h.op('createPurchaseOrder', { body: orderBody(key) }));
    expect(await createPurchaseOrder.reconcile(suite.h.context, uncertain)).toEqual({ outcome: 'absent' });
  });
});

describe('deletePurchaseOrderItem', () => {
  it('deletes the line row, is replayed, and a 404 on the replay counts as done', async () => {
    const order = [...suite.sim.state.purchaseOrders.values()].find(
      (candidate) =>
        candidate.status.name === 'OnOrder' && candidate.items.some((l) => l.quantity_received === 0),
    )!;
    const line = order.items.find((candidate) => candidate.quantity_received === 0)!;
    const queued = suite.h.op('deletePurchaseOrderItem', {
      params: { id: order.id, item_id: line.po_item_id },
    });
    expect(queued.aggregate).toBe(`purchaseOrder:${order.id}`);
    expect(queued.label).toBe(`Remove line ${line.po_item_id} from purchase order ${order.id}`);

    const { op, result } = await suite.h.send(queued);
    expect(deletePurchaseOrderItem.cacheWrites(op, result)).toEqual([
      { table: 'purchaseOrderItems', delete: [line.po_item_id] },
    ]);
    expect(await deletePurchaseOrderItem.reconcile(suite.h.context, op)).toEqual({ outcome: 'replay' });
    const replayed = await suite.h.send(op).catch((error: unknown) => error);
    expect(replayed).toBeInstanceOf(ApiCallError);
    expect((replayed as ApiCallError).kind).toBe('not-found');
    expect(deletePurchaseOrderItem.notFoundMeansDone).toBe(true);
  });
});
