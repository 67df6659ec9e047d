/**
 * What reaches the user, end to end against the simulator: an update whose record was deleted on the
 * server fails with a reason that says so; a discard lists every dependent before anything is discarded;
 * a conflict is settled by resolveConflict or by editing the op, and either way the choice lands; an edit
 * saved after a retry replaces the change while it is unsent and is refused once it was sent (the store
 * contract the sync centre's rule for Retry and an open edit relies on: src/screens/sync/rowActions.ts).
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import { enqueue } from '../../../src/db/outbox';
import { customerEdit, offlineInvoice, offlineOrder, uniqueText } from './testing/edits';
import { recordingFetch } from './testing/fetches';
import { simulatorSuite } from './testing/simulatorSuite';
import { type EngineHarness } from './testing/harness';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }), {
  afterEach: (sim) => {
    sim.control.resetFaults();
    sim.control.setRules([]);
  },
});
let harness: EngineHarness | undefined;

const opOf = async (id: string) => (await harness!.store.getOp({ id })).op!;

describe('an update of a record deleted on the server', () => {
  it('fails before anything is sent, saying the record is gone; later ops of it wait behind', async () => {
    const recording = recordingFetch();
    harness = suite.harness({ clientOptions: { fetch: recording.fetch } });
    const port = await harness.client.call('createShippingPort', {
      params: {},
      body: { name: uniqueText('Gone') },
    });
    await harness.client.call('deleteShippingPort', { params: { id: port.id! } });
    const rename = await enqueue(harness.db, {
      kind: 'updateShippingPort',
      params: { id: port.id! },
      body: { name: uniqueText('Renamed') },
      baseVersion: port,
      label: 'Rename port',
      cacheChanges: [],
    });
    const remove = await enqueue(harness.db, {
      kind: 'deleteShippingPort',
      params: { id: port.id! },
      label: 'Delete port',
      cacheChanges: [],
    });

    await harness.engine.start();
    await harness.drain();

    const failed = await opOf(rename.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 0, problem: { status: 404 } });
    expect(failed.reason).toMatch(/no longer exists on the server/);
    expect(recording.calls().filter((call) => call.method === 'PUT')).toEqual([]);
    expect(await opOf(remove.id)).toMatchObject({ state: 'blocked' });
    expect((await opOf(remove.id)).reason).toContain('Rename port');
  });
});

describe('discard', () => {
  it('lists the op and every dependent, changing nothing, then discards them all and undoes their edits', async () => {
    harness = suite.harness();
    const order = await offlineOrder(harness.db, { supplier: 99_995 });
    const invoice = await offlineInvoice(harness.db, order.tempId, order.lineTempIds[1]!);
    const finalise = await enqueue(harness.db, {
      kind: 'updateSupplierInvoice',
      params: { id: invoice.tempId },
      body: { status: 'Finalised' },
      label: 'Finalise the new invoice',
      cacheChanges: [],
    });
    const unrelated = await customerEdit(harness.db, 50070, { custom_reference: uniqueText('keep') });

    await harness.engine.start();
    await harness.drain();
    expect((await opOf(order.op.id)).state).toBe('failed');

    const preview = await harness.engine.actions.discardPreview(order.op.id);
    expect(preview.ops.map((op) => [op.id, op.state])).toEqual([
      [order.op.id, 'failed'],
      [invoice.op.id, 'blocked'],
      [finalise.id, 'blocked'],
    ]);
    // A preview is only a list: the ops and the rows they show are untouched.
    expect((await opOf(finalise.id)).state).toBe('blocked');
    expect(await harness.db.purchaseOrders.get(order.tempId)).toBeDefined();
    expect(await harness.db.supplierInvoices.get(invoice.tempId)).toBeDefined();

    const { discarded } = await harness.engine.actions.discard(order.op.id);
    expect(discarded).toEqual(preview.ops.map((op) => op.id));
    await harness.engine.syncNow();
    for (const id of discarded) expect((await opOf(id)).state).toBe('discarded');
    expect(await harness.db.purchaseOrders.get(order.tempId)).toBeUndefined();
    expect(await harness.db.purchaseOrderItems.where('po_id').equals(order.tempId).count()).toBe(0);
    expect(await harness.db.supplierInvoices.get(invoice.tempId)).toBeUndefined();
    expect(await opOf(unrelated.id)).toMatchObject({ state: 'done' });
    expect(harness.engine.status.get().counts).toMatchObject({ failed: 0, blocked: 0, pending: 0 });
    expect(suite.sim.control.snapshot().invoices[invoice.number]).toBeUndefined();
  });
});

describe('conflicts', () => {
  /** The user edits `field` from the server's current record; someone else changes it first. */
  async function conflictOn(id: number, local: string, theirs: string) {
    const base = await harness!.client.call('getCustomer', { params: { id } });
    const op = await customerEdit(harness!.db, id, { custom_reference: local }, base);
    await harness!.client.call('updateCustomer', { params: { id }, body: { custom_reference: theirs } });
    return op;
  }

  it('lands the value the user picks per field with resolveConflict', async () => {
    harness = suite.harness();
    const op = await conflictOn(50071, 'mine', 'theirs');
    await harness.engine.start();
    await harness.drain();
    const conflicted = await opOf(op.id);
    expect(conflicted).toMatchObject({
      state: 'conflicted',
      conflicts: [{ field: 'custom_reference', local: 'mine', server: 'theirs' }],
    });
    expect(harness.engine.status.get().counts.conflicted).toBe(1);

    await harness.engine.actions.resolveConflict(op.id, { custom_reference: 'both' });
    await harness.drain();
    expect(await opOf(op.id)).toMatchObject({ state: 'done' });
    const server = await harness.client.call('getCustomer', { params: { id: 50071 } });
    expect(server.custom_reference).toBe('both');
    expect(harness.engine.status.get().counts.conflicted).toBe(0);
  });

  it('lands an edit of a conflicted op instead of finding the same conflict again', async () => {
    harness = suite.harness();
    const op = await conflictOn(50072, 'mine', 'theirs');
    await harness.engine.start();
    await harness.drain();
    expect((await opOf(op.id)).state).toBe('conflicted');

    await harness.engine.actions.editAndRetry({ id: op.id, body: { custom_reference: 'rewritten' } });
    await harness.drain();
    expect(await opOf(op.id)).toMatchObject({ state: 'done' });
    const server = await harness.client.call('getCustomer', { params: { id: 50072 } });
    expect(server.custom_reference).toBe('rewritten');
  });
});

describe('retry and an open edit', () => {
  /** An order the server refuses (quantity above an injected maximum), failed and waiting for the user. */
  async function refusedOrder(h: EngineHarness) {
    suite.sim.control.setRules([
      { operation: 'createPurchaseOrder', field: 'purchase_order_items[].quantity_ordered', max: 3 },
    ]);
    const order = await offlineOrder(h.db);
    await h.engine.start();
    await h.drain();
    expect(await opOf(order.op.id)).toMatchObject({ state: 'failed', problem: { status: 400 } });
    return order;
  }
  const editedBody = (body: unknown, quantity: number) => {
    const copy = structuredClone(body) as { purchase_order_items: { quantity_ordered: number }[] };
    for (const item of copy.purchase_order_items) item.quantity_ordered = quantity;
    return copy;
  };

  it('an edit saved after a retry, before the change was sent, replaces it: the server gets the edit once', async () => {
    harness = suite.harness();
    const order = await refusedOrder(harness);
    // Sending is held (as on a slow line) so the retried change is still queued when the edit is saved.
    await harness.engine.stop();
    const retried = await harness.engine.actions.retryNow(order.op.id);
    expect(retried.op).toMatchObject({ state: 'queued' });
    const op = await opOf(order.op.id);
    const saved = await harness.engine.actions.editAndRetry({ id: op.id, body: editedBody(op.body, 2) });
    expect(saved.op).toMatchObject({ state: 'queued' });

    suite.sim.control.setRules([]);
    await harness.restart().start();
    await harness.drain();
    const orders = suite.sim.control.snapshot().purchaseOrders[order.externalId];
    expect(orders).toHaveLength(1);
    expect(orders![0]!.items.map((item) => item.quantity_ordered)).toEqual([2, 2]);
  });

  it('an edit saved after the retried change was sent is refused and changes nothing', async () => {
    harness = suite.harness();
    const order = await refusedOrder(harness);
    suite.sim.control.setRules([]);
    await harness.engine.actions.retryNow(order.op.id);
    await harness.drain();
    const sent = await opOf(order.op.id);
    expect(sent).toMatchObject({ state: 'done' });

    const late = await harness.engine.actions.editAndRetry({ id: sent.id, body: editedBody(sent.body, 2) });
    expect(late).toEqual({ op: null, affected: [] });
    expect(await opOf(order.op.id)).toEqual(sent);
    const orders = suite.sim.control.snapshot().purchaseOrders[order.externalId];
    expect(orders).toHaveLength(1);
    expect(orders![0]!.items.map((item) => item.quantity_ordered)).toEqual([5, 5]);
  });
});
