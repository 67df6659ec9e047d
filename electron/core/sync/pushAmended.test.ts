/**
 * An op changed by the clerk while the push had it in hand (read, waiting for its pacing turn) is never sent
 * as it was read: the write-ahead mark reads it again, and a changed op goes back to the queue to be sent
 * as it now stands. Against the real simulator and the Dexie store; the change is made in the limiter's
 * wait, the one gap between the push's read and its mark.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import { addLinesToWaitingDraft } from '../../../src/db/edits/queuedOrderLines';
import { DEFAULT_BACKOFF } from './backoff';
import { pushOp, type PushContext } from './push';
import { OP_SPECS } from './ops';
import { createRateLimiter } from './rateLimiter';
import { sampleProduct } from '../../../src/api/resources/fixtures';
import { offlineOrder } from './testing/edits';
import { simulatorSuite } from './testing/simulatorSuite';
import { SILENT_LOGGER } from './types';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

describe('push of an op changed while in hand', () => {
  it('puts it back in the queue unsent, then sends the changed body, once', async () => {
    const harness = suite.harness();
    const order = await offlineOrder(harness.db, { products: [10001, 10002] });
    await harness.db.products.put(sampleProduct({ id: 10003 }));
    const limiter = createRateLimiter();
    let amended = false;
    const context: PushContext = {
      store: harness.store,
      client: harness.client,
      sendClient: harness.client,
      specFor: (kind) => OP_SPECS[kind],
      now: () => new Date(),
      random: () => 0.5,
      backoff: DEFAULT_BACKOFF,
      signal: new AbortController().signal,
      connectivity: { reachable: true, lost: () => {}, check: async () => true, stop: () => {} },
      limiter: {
        ...limiter,
        acquire: async (signal) => {
          // The clerk adds a line to the draft while the push waits for its turn.
          const result = await addLinesToWaitingDraft(harness.db, order.op.id, [
            { productId: 10003, quantity: 4, buyPrice: null },
          ]);
          amended = result.ok;
          return limiter.acquire(signal);
        },
      },
      logger: SILENT_LOGGER,
      onAuthRejected: () => {},
      onError: () => {},
    };

    expect(await pushOp(context, order.op)).toBe('skipped');
    expect(amended).toBe(true);
    const back = (await harness.store.getOp({ id: order.op.id })).op!;
    expect(back).toMatchObject({ state: 'queued', attempts: 0 });
    expect(suite.sim.control.snapshot().purchaseOrders[order.externalId]).toBeUndefined();

    await harness.engine.start();
    await harness.drain();
    const created = suite.sim.control.snapshot().purchaseOrders[order.externalId];
    expect(created).toHaveLength(1);
    const server = await harness.client.call('getPurchaseOrder', {
      params: { id: created![0]!.id },
      query: { include_items: true },
    });
    expect(server.purchase_order_items!.map((item) => item.product.id)).toEqual([10001, 10002, 10003]);
    // The added line's temp id resolved to the server's third line.
    const lines = await harness.db.purchaseOrderItems.where('po_id').equals(created![0]!.id).toArray();
    expect(lines.map((line) => line.product.id).sort()).toEqual([10001, 10002, 10003]);
  });
});
