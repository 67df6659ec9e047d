/**
 * Pull against the real simulator: the initial sync with progress, stopped half way and resumed from the
 * committed cursor without re-writing a row; deltas after it; rows with pending edits rebased; by-id
 * resources discovered from references and deleted on a 404; full lists reconciled.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import type { PortRequest, PortResponse, StorePort } from '../../../src/db/storePort';
import { OPEN_PO_STATUSES } from './pull/resources';
import { customerEdit, offlineOrder } from './testing/edits';
import { simulatorSuite } from './testing/simulatorSuite';
import { type EngineHarness } from './testing/harness';
import type { PullProgress, SyncEngineOptions } from './types';
import { twoLineOrderBody } from '../../../src/db/testing/twoLineOrder';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }), {
  afterEach: (sim) => sim.control.resetFaults(),
});
let harness: EngineHarness | undefined;

/** Counts what each applied page wrote, by passing the port through (the store itself is untouched). */
function countingStore(store: StorePort) {
  const pages: PortResponse<'applyPulledPage'>[] = [];
  /** Purchase order ids as pages of the `purchaseOrders` pass delivered them, in order. */
  const orders: number[] = [];
  let lineKeyReads = 0;
  const wrapped: StorePort = {
    ...store,
    keysWhere: (request) => {
      if (request.table === 'purchaseOrderItems') lineKeyReads++;
      return store.keysWhere(request);
    },
    applyPulledPage: async (request: PortRequest<'applyPulledPage'>) => {
      const result = await store.applyPulledPage(request);
      pages.push(result);
      for (const write of request.writes) {
        if (write.table === 'purchaseOrders' && request.cursor?.resource === 'purchaseOrders')
          orders.push(...(write.put ?? []).map((row) => (row as { id: number }).id));
      }
      return result;
    },
  };
  return {
    store: wrapped,
    orders,
    written: () => pages.reduce((total, page) => total + page.written, 0),
    lineKeyReads: () => lineKeyReads,
  };
}

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

function pullOnly(
  resources: string[],
  more: Partial<SyncEngineOptions['pull']> = {},
): Partial<SyncEngineOptions> {
  return { pull: { resources, pageSize: 20, byId: false, intervalMs: 600_000, ...more } };
}

/** How many orders the simulator holds in a closed status (what the history pass reads). */
async function closedOrders(): Promise<number> {
  const page = await harness!.client.call('searchPurchaseOrders', {
    query: { filter_by: `status:notin:${OPEN_PO_STATUSES.join('|')}`, page_size: 1 },
  });
  return page.total_records;
}

describe('initial sync', () => {
  it('reports progress, resumes after a stop from the committed cursor, and writes each row once', async () => {
    harness = suite.harness(pullOnly(['purchaseOrders']));
    const counting = countingStore(harness.store);
    const progress: PullProgress[] = [];
    let engine = harness.restart({ store: counting.store });
    engine.status.subscribe((status) => {
      const p = status.pullProgress.purchaseOrders;
      if (p) progress.push(p);
    });
    const all = suite.sim.control.snapshot().counts.purchaseOrders;
    // The `purchaseOrders` pass of a first sync reads the closed orders: the dock tier brought the open ones.
    const total = await closedOrders();
    expect(total).toBeLessThan(all);
    suite.sim.control.setFaults({ latencyMs: 15 });
    await engine.start();
    await waitFor(() => (progress.at(-1)?.done ?? 0) >= 60);
    await engine.stop();

    const { cursor } = await harness.store.getCursor({ resource: 'purchaseOrders' });
    expect(cursor?.initial).toMatchObject({ finished: false, total });
    const stoppedAt = await harness.db.purchaseOrders.count();
    expect(cursor!.initial!.done).toBeLessThan(total);
    expect(stoppedAt).toBe(all - total + cursor!.initial!.done);
    expect(progress[0]).toMatchObject({ total, tier: 'background' });
    // No ETA assertion here: it needs a whole window of the smoothed rate (pull/rate.ts) on the engine's
    // clock, which pull/progress.test.ts drives by hand.
    const firstRunOrders = new Set(counting.orders);
    const delivered = counting.orders.length;

    engine = harness.restart({ store: counting.store });
    await engine.start();
    // The closed orders came without their lines; the lines pass brings them last.
    await waitFor(
      async () =>
        (await harness!.store.getCursor({ resource: 'closedPurchaseOrderLines' })).cursor?.initial
          ?.finished === true,
    );

    // Every row written exactly once over both runs (orders, their lines, the products they name), and the
    // second run re-read only the overlap window, not the orders the first run had committed.
    const rows =
      (await harness.db.purchaseOrders.count()) +
      (await harness.db.purchaseOrderItems.count()) +
      (await harness.db.products.count());
    expect(counting.written()).toBe(rows);
    const reread = counting.orders.slice(delivered).filter((id) => firstRunOrders.has(id));
    expect(reread.length).toBeLessThan(5);
    expect(await harness.db.purchaseOrders.count()).toBe(all);
    expect(await harness.db.purchaseOrderItems.count()).toBe(
      suite.sim.control.snapshot().counts.purchaseOrderItems,
    );
    expect(engine.status.get().lastPull.purchaseOrders).toBeDefined();

    // A delta: a PO created elsewhere arrives with the next pull, and only it is written.
    const before = counting.written();
    const po = await harness.client.call('createPurchaseOrder', {
      body: twoLineOrderBody(),
    });
    await engine.syncNow();
    expect(counting.written() - before).toBe(3); // the order and its two lines; the products are unchanged
    expect(await harness.db.purchaseOrderItems.where('po_id').equals(po.id!).count()).toBe(2);

    // A line deleted elsewhere disappears from the cache when its order is pulled again.
    const [first] = po.purchase_order_items!;
    await harness.client.call('deletePurchaseOrderItem', {
      params: { id: po.id!, item_id: first!.po_item_id! },
    });
    await engine.syncNow();
    const lines = await harness.db.purchaseOrderItems.where('po_id').equals(po.id!).primaryKeys();
    expect(lines).toEqual([po.purchase_order_items![1]!.po_item_id]);
    // The store found the gone line inside the page's own write (src/db/listedChildren.ts): the engine never
    // asked for an order's cached lines before sending a page.
    expect(counting.lineKeyReads()).toBe(0);
  });
});

describe('rebase and references', () => {
  it('keeps pending local fields on pulled rows and takes the server for the rest', async () => {
    harness = suite.harness(pullOnly(['customers'], { pageSize: 500 }));
    const base = await harness.client.call('getCustomer', { params: { id: 50040 } });
    await harness.db.customers.put({ ...base, _fetchedAt: '2000-01-01T00:00:00.000Z' });
    await customerEdit(harness.db, 50040, { custom_reference: 'local-pending' }, base);
    await harness.client.call('updateCustomer', { params: { id: 50040 }, body: { last_name: 'FromServer' } });
    // The edit is held back (its next attempt is far off), so the pull meets it still pending.
    const { ops } = await harness.store.listOps({ states: ['queued'] });
    await harness.store.requeueOp({ id: ops[0]!.id, nextAttemptAt: '2999-01-01T00:00:00.000Z' });

    await harness.engine.start();
    await waitFor(
      async () =>
        (await harness!.store.getCursor({ resource: 'customers' })).cursor?.initial?.finished === true,
    );

    expect(await harness.db.customers.get(50040)).toMatchObject({
      custom_reference: 'local-pending',
      last_name: 'FromServer',
      _pendingOps: [ops[0]!.id],
    });
    expect(await harness.db.customers.count()).toBe(suite.sim.control.snapshot().counts.customers);
  });

  it('discovers by-id records from references, refreshes stale ones, deletes those that answer 404', async () => {
    harness = suite.harness(pullOnly(['purchaseOrders', 'shipmentTypes'], { pageSize: 500, byId: true }));
    await harness.db.suppliers.put({
      id: 199,
      name: 'Gone',
      _fetchedAt: '2000-01-01T00:00:00.000Z',
    } as never);
    await harness.db.shipmentTypes.put({ id: 9_999, name: 'Not on the server' });
    // An order created offline (held back) must survive the pull of its table.
    const order = await offlineOrder(harness.db);
    await harness.store.requeueOp({ id: order.op.id, nextAttemptAt: '2999-01-01T00:00:00.000Z' });
    // By-id records are committed in batches, never one transaction per record.
    const byIdTables = new Set(['suppliers', 'outlets', 'shippingPorts']);
    const byId = { transactions: 0, records: 0 };
    const engine = harness.restart({
      store: {
        ...harness.store,
        applyPulledPage: (request: PortRequest<'applyPulledPage'>) => {
          const writes = request.writes.filter((write) => byIdTables.has(write.table));
          if (writes.length) byId.transactions++;
          for (const write of writes) byId.records += (write.put?.length ?? 0) + (write.delete?.length ?? 0);
          return harness!.store.applyPulledPage(request);
        },
      },
    });
    await engine.start();
    await waitFor(() => engine.status.get().lastPull.shipmentTypes !== undefined);
    await engine.syncNow();
    expect(byId.records).toBeGreaterThan(20);
    expect(byId.transactions).toBeLessThanOrEqual(Math.ceil(byId.records / 50) + 1);

    const snapshot = suite.sim.control.snapshot().counts;
    expect(await harness.db.suppliers.get(199)).toBeUndefined();
    expect(await harness.db.suppliers.count()).toBeGreaterThan(0);
    expect(await harness.db.outlets.count()).toBe(snapshot.outlets);
    expect(await harness.db.shipmentTypes.get(9_999)).toBeUndefined();
    expect(await harness.db.shipmentTypes.count()).toBe(snapshot.shipmentTypes);
    expect(await harness.db.purchaseOrders.get(order.tempId)).toMatchObject({ _temp: true });
  });
});
