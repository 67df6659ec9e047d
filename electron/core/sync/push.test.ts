/**
 * Push against the real simulator over HTTP and the Dexie store over fake-indexeddb: FIFO per aggregate, the
 * concurrency bound, temp-id blocking and remapping, failure with blocked dependents, discard cascade and the
 * status stream's counts.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import type { SyncStatus } from './types';
import { customerEdit, offlineInvoice, offlineOrder } from './testing/edits';
import { createDexieStore } from '../../../src/db/dexieStore';
import { validatedPort, type StorePort } from '../../../src/db/storePort';
import { simulatorSuite } from './testing/simulatorSuite';
import { freshDb, type EngineHarness } from './testing/harness';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }), {
  afterEach: (sim) => sim.control.resetFaults(),
});
let harness: EngineHarness | undefined;

/** A fetch that counts requests in flight (overall and per customer) and records the order of PUTs. */
function countingFetch() {
  const stats = {
    inFlight: 0,
    maxInFlight: 0,
    perCustomer: new Map<string, number>(),
    overlap: false,
    puts: [] as string[],
  };
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const customer = /\/customers\/(\d+)$/.exec(path)?.[1];
    if (path.endsWith('/auth/token')) return globalThis.fetch(request);
    if (request.method === 'PUT' && customer) {
      const body = (await request.clone().json()) as { custom_reference: string };
      stats.puts.push(`${customer}:${body.custom_reference}`);
    }
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    if (customer) {
      const n = (stats.perCustomer.get(customer) ?? 0) + 1;
      if (n > 1) stats.overlap = true;
      stats.perCustomer.set(customer, n);
    }
    try {
      return await globalThis.fetch(request);
    } finally {
      stats.inFlight--;
      if (customer) stats.perCustomer.set(customer, stats.perCustomer.get(customer)! - 1);
    }
  };
  return { fetch, stats };
}

describe('push', () => {
  it('replays FIFO per aggregate, aggregates concurrently, never more than the bound in flight', async () => {
    const { fetch, stats } = countingFetch();
    harness = suite.harness({ concurrency: 3, clientOptions: { fetch } });
    const customers = [50001, 50002, 50003, 50004, 50005, 50006];
    for (const step of [1, 2, 3]) {
      for (const id of customers) await customerEdit(harness.db, id, { custom_reference: `ref-${step}` });
    }
    suite.sim.control.setFaults({ latencyMs: 40, jitterMs: 40 });
    await harness.engine.start();
    await harness.drain();

    expect(stats.maxInFlight).toBeLessThanOrEqual(3);
    expect(stats.maxInFlight).toBeGreaterThan(1);
    expect(stats.overlap).toBe(false);
    for (const id of customers) {
      const order = stats.puts.filter((p) => p.startsWith(`${id}:`));
      expect(order).toEqual([`${id}:ref-1`, `${id}:ref-2`, `${id}:ref-3`]);
      const server = await harness.client.call('getCustomer', { params: { id } });
      expect(server.custom_reference).toBe('ref-3');
    }
    const { counts } = await harness.store.countByState({});
    expect(counts.done).toBe(18);
  });

  it('replays with one store round trip per op: the next heads are claimed (marked sending) with the completion', async () => {
    const db = freshDb();
    const calls: Record<string, number> = {};
    const inner = validatedPort(createDexieStore(db));
    const store = Object.fromEntries(
      Object.entries(inner).map(([method, call]) => [
        method,
        (request: unknown) => {
          calls[method] = (calls[method] ?? 0) + 1;
          return (call as (r: unknown) => Promise<unknown>)(request);
        },
      ]),
    ) as unknown as StorePort;
    harness = suite.harness({ db, store, concurrency: 4 });
    const orders = [];
    for (let i = 0; i < 24; i++) orders.push(await offlineOrder(harness.db, { products: [10001] }));
    suite.sim.control.setFaults({ latencyMs: 10, jitterMs: 30 });
    await harness.engine.start();
    await harness.drain();

    for (const order of orders)
      expect(suite.sim.control.snapshot().purchaseOrders[order.externalId]).toHaveLength(1);
    // Creates have no base version to read, so listing them and marking them sending is one write:
    // no separate write-ahead per op.
    expect(calls.markSending ?? 0).toBe(0);
    expect(calls.completeOp).toBe(24);
    // The whole outbox is listed once, at start (ops left sending by a crash); heads are claimed with
    // the completions, a separate read only when completions landing together leave a slot unfilled.
    expect(calls.listOps).toBe(1);
    expect(calls.nextOps ?? 0).toBeLessThan(12);
    // Each op was sent once and found sending by no later read (a claimed op is never an orphan).
    const { counts } = await harness.store.countByState({});
    expect(counts.done).toBe(24);
    expect(counts.uncertain ?? 0).toBe(0);
  });

  it('holds a dependent until its temp parent lands, then sends it with the server ids', async () => {
    harness = suite.harness();
    const order = await offlineOrder(harness.db, { products: [10001, 10002, 10003] });
    const invoice = await offlineInvoice(harness.db, order.tempId, order.lineTempIds[2]!);
    expect(invoice.op.state).toBe('blocked');

    await harness.engine.start();
    await harness.drain();

    const created = suite.sim.control.snapshot().purchaseOrders[order.externalId];
    expect(created).toHaveLength(1);
    const poId = created![0]!.id;
    const invoiceIds = suite.sim.control.snapshot().invoices[invoice.number];
    expect(invoiceIds).toHaveLength(1);
    const server = await harness.client.call('getSupplierInvoice', { params: { id: invoiceIds![0]! } });
    const serverOrder = await harness.client.call('getPurchaseOrder', {
      params: { id: poId },
      query: { include_items: true },
    });
    const thirdLine = serverOrder.purchase_order_items![2]!.po_item_id;
    expect(server.purchase_order_receipts[0]).toMatchObject({
      purchase_order_id: poId,
      purchase_order_receipt_items: [{ purchase_order_item_id: thirdLine, quantity_received: 1 }],
    });

    // The cache followed: temp rows gone, server rows in place, the invoice row rewritten to the server ids.
    expect(await harness.db.purchaseOrders.get(order.tempId)).toBeUndefined();
    expect(await harness.db.purchaseOrders.get(poId)).toMatchObject({
      external_purchase_order_id: order.externalId,
    });
    expect(await harness.db.purchaseOrderItems.where('po_id').equals(poId).count()).toBe(3);
    expect(await harness.db.purchaseOrderItems.where('po_id').equals(order.tempId).count()).toBe(0);
    expect(await harness.db.supplierInvoices.get(invoiceIds![0]!)).toMatchObject({
      supplier_invoice_number: invoice.number,
    });
    const ops = await harness.db.outbox.toArray();
    expect(ops.map((op) => [op.state, op.resultId])).toEqual([
      ['done', poId],
      ['done', invoiceIds![0]],
    ]);
  });

  it('fails a rejected op with the problem, blocks its dependents, keeps unrelated ops moving; discard cascades', async () => {
    harness = suite.harness();
    const bad = await offlineOrder(harness.db, { supplier: 99_999 });
    const dependent = await offlineInvoice(harness.db, bad.tempId, bad.lineTempIds[0]!);
    const unrelated = await customerEdit(harness.db, 50010, { custom_reference: 'unrelated' });
    const seen: SyncStatus[] = [];
    harness.engine.status.subscribe((status) => seen.push(status));

    await harness.engine.start();
    await harness.drain();

    const failed = (await harness.store.getOp({ id: bad.op.id })).op!;
    expect(failed.state).toBe('failed');
    expect(failed.problem).toMatchObject({ status: 400 });
    expect(failed.problem?.errors).toHaveProperty(['supplier.id']);
    expect((await harness.store.getOp({ id: dependent.op.id })).op).toMatchObject({ state: 'blocked' });
    expect((await harness.store.getOp({ id: unrelated.id })).op).toMatchObject({ state: 'done' });
    expect(harness.engine.status.get().counts).toMatchObject({ failed: 1, blocked: 1, pending: 0 });
    expect(seen.some((status) => status.counts.pending > 0)).toBe(true);

    const preview = await harness.engine.actions.discardPreview(bad.op.id);
    expect(preview.ops.map((op) => op.id)).toEqual([bad.op.id, dependent.op.id]);
    const { discarded } = await harness.engine.actions.discard(bad.op.id);
    expect(discarded).toEqual([bad.op.id, dependent.op.id]);
    await harness.engine.syncNow();
    expect(harness.engine.status.get().counts).toMatchObject({ failed: 0, blocked: 0, pending: 0 });
    expect(await harness.db.purchaseOrders.get(bad.tempId)).toBeUndefined();
    expect(suite.sim.control.snapshot().purchaseOrders[bad.externalId]).toBeUndefined();
    expect(suite.sim.control.snapshot().invoices[dependent.number]).toBeUndefined();
  });

  it('lets the user edit a failed op and retry it, after which its dependents follow', async () => {
    harness = suite.harness();
    const bad = await offlineOrder(harness.db, { supplier: 99_998 });
    const dependent = await offlineInvoice(harness.db, bad.tempId, bad.lineTempIds[1]!);
    await harness.engine.start();
    await harness.drain();
    const failed = (await harness.store.getOp({ id: bad.op.id })).op!;
    expect(failed.state).toBe('failed');

    const body = { ...(failed.body as Record<string, unknown>), supplier: { id: 102 } };
    await harness.engine.actions.editAndRetry({ id: bad.op.id, body });
    await harness.drain();
    expect((await harness.store.getOp({ id: dependent.op.id })).op).toMatchObject({ state: 'done' });
    expect(suite.sim.control.snapshot().purchaseOrders[bad.externalId]).toHaveLength(1);
    expect(suite.sim.control.snapshot().invoices[dependent.number]).toHaveLength(1);
  });
});
