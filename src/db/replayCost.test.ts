/**
 * Replay is linear in the queue: what the store does to start and finish one op (the engine's calls:
 * nextOps, markSending, completeOp listing the next heads) is the same for a queue of 20 and of 100. Counted
 * as Dexie reads and writes (a DBCore middleware: every request, every row it returns or writes, every
 * cursor step), so the test measures work, not time.
 *
 * The counts are exact, so a read that grows with the queue (a scan of the outbox, a cursor that does not
 * stop) shows as a difference however long the longer queue is: five times the shorter is plenty. Queues of
 * 400 made each case queue 420 orders through the New PO path (nearly all its time; the replay took under 1 %) and take
 * ~33 s on a loaded machine.
 */
import { randomUUID } from 'node:crypto';
import type { DBCore, Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { sampleOutlet, sampleProduct, sampleSupplier } from '../api/resources/fixtures';
import { createDexieStore } from './dexieStore';
import { localDate, queueNewPurchaseOrder } from './edits/purchaseOrders';
import { enqueue } from './outbox';
import { DockhandDb } from './schema';
import type { StorePort } from './storePort';
import { tableMiddleware } from './tableMiddleware';
import { countedCursor } from './testing/countedCursor';

/** Counts store work: one per request, plus one per row returned, written or stepped over by a cursor. */
function workCounter(): { middleware: Middleware<DBCore>; read(): number } {
  let work = 0;
  const middleware = tableMiddleware('workCounter', (down) => ({
    get: (req) => (work++, down.get(req)),
    getMany: (req) => ((work += 1 + req.keys.length), down.getMany(req)),
    count: (req) => (work++, down.count(req)),
    query: async (req) => {
      const answer = await down.query(req);
      work += 1 + answer.result.length;
      return answer;
    },
    openCursor: async (req) => (work++, countedCursor(await down.openCursor(req), () => work++)),
    mutate: (req) => {
      work += 1 + ('values' in req ? req.values.length : 'keys' in req ? req.keys.length : 1);
      return down.mutate(req);
    },
  }));
  return { middleware, read: () => work };
}

interface Queued {
  poTempId: number;
  lineTempIds: number[];
}

/** `count` offline orders of one line, each queued as the New PO form queues it. */
async function queueOrders(db: DockhandDb, count: number): Promise<Queued[]> {
  await db.suppliers.put(sampleSupplier({ id: 101 }) as never);
  await db.outlets.put(sampleOutlet({ id: 1 }) as never);
  await db.products.put(sampleProduct({ id: 10001 }));
  const eta = localDate(new Date(Date.now() + 7 * 24 * 3600_000));
  const queued: Queued[] = [];
  for (let i = 0; i < count; i++) {
    const lines = [{ productId: 10001, quantity: 2, buyPrice: null }];
    const result = await queueNewPurchaseOrder(db, { supplierId: 101, outletId: 1, eta, lines });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    queued.push({ poTempId: result.id, lineTempIds: result.lineIds });
  }
  return queued;
}

/** An invoice on a queued order's line: blocked on the order's temp ids until the order is done. */
async function queueInvoice(db: DockhandDb, order: Queued, n: number) {
  const receipt = {
    purchase_order_id: order.poTempId,
    purchase_order_receipt_items: [{ purchase_order_item_id: order.lineTempIds[0]!, quantity_received: 1 }],
  };
  return enqueue(db, {
    kind: 'createSupplierInvoice',
    params: {},
    body: { supplier_invoice_number: `INV-${n}`, purchase_order_receipts: [receipt] },
    label: `Invoice ${n}`,
    cacheChanges: [],
  });
}

/** The longer queue: five times the shorter one (see above). */
const LONG = 100;

/**
 * Replays the first `replayed` ops as the engine does, one at a time, and answers the store work per
 * completed op: the largest and the average.
 */
async function replayCost(queueLength: number, replayed: number, withInvoice: boolean) {
  const db = new DockhandDb(`replay-cost-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const counter = workCounter();
  db.use(counter.middleware);
  const orders = await queueOrders(db, queueLength);
  if (withInvoice) await queueInvoice(db, orders[0]!, 0);
  const store: StorePort = createDexieStore(db);
  const at = () => new Date().toISOString();
  let serverId = 900_000;
  const costs: number[] = [];
  let { ops: heads } = await store.nextOps({ limit: 1, exclude: [], now: at() });
  for (let i = 0; i < replayed; i++) {
    const head = heads[0]!;
    const before = counter.read();
    const { op } = await store.markSending({ id: head.id, at: at() });
    expect(op?.state).toBe('sending');
    const isOrder = op!.kind === 'createPurchaseOrder';
    const answer = await store.completeOp({
      id: op!.id,
      at: at(),
      resultId: ++serverId,
      cacheWrites: [],
      tempIds: [],
      childIds: isOrder ? [{ entity: 'purchaseOrderItems', ids: [++serverId] }] : [],
      next: { limit: 1, exclude: [], now: at() },
    });
    expect(answer.op?.state).toBe('done');
    costs.push(counter.read() - before);
    heads = answer.next!.ops;
  }
  const invoice = withInvoice ? (await store.listOps({ states: ['queued', 'blocked'] })).ops : [];
  db.close();
  return {
    max: Math.max(...costs),
    mean: costs.reduce((a, b) => a + b, 0) / costs.length,
    invoice,
  };
}

describe('replay cost', () => {
  it(`does the same store work per completed op for a queue of 20 and of ${LONG}`, async () => {
    const short = await replayCost(20, 10, false);
    const long = await replayCost(LONG, 10, false);
    expect(long.max).toBe(short.max);
    expect(long.mean).toBe(short.mean);
  }, 60_000);

  it('stays flat when a completion maps temp ids that a queued op names, and unblocks that op', async () => {
    // The invoice (queued last) names the first order's temp ids: that order's completion rewrites it.
    const short = await replayCost(20, 3, true);
    const long = await replayCost(LONG, 3, true);
    expect(long.max).toBe(short.max);
    const invoice = long.invoice.find((op) => op.kind === 'createSupplierInvoice')!;
    expect(invoice.state).toBe('queued');
    expect(invoice.dependsOnTempIds).toEqual([]);
    expect(JSON.stringify(invoice.body)).toContain('"purchase_order_id":900001');
  }, 60_000);
});
