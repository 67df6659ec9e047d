import { beforeEach, describe, expect, it } from 'vitest';
import { allocateTempId, enqueue, OutboxValidationError } from './outbox';
import type { DockhandDb } from './schema';
import type { StorePort } from './storePort';
import { memoryStore } from './testing/memoryStore';
import { queueTwoLineOrder } from './testing/twoLineOrder';
import { customerEdit, customerRow as customer } from './testing/customerRow';

let db: DockhandDb;
let store: StorePort;
const at = () => new Date().toISOString();

beforeEach(() => {
  ({ db, store } = memoryStore('store-test'));
});

/** A PO created offline with two lines, and an invoice receiving against the temp PO and a temp line. */
async function offlineOrderAndInvoice() {
  const { op: createPo, po, lines } = await queueTwoLineOrder(db, [2, 3]);
  const invoiceId = await allocateTempId(db, 'supplierInvoices');
  const receipt = {
    purchase_order_id: po,
    purchase_order_receipt_items: [{ purchase_order_item_id: lines[1]!, quantity_received: 1 }],
  };
  const createInvoice = await enqueue(db, {
    kind: 'createSupplierInvoice',
    params: {},
    body: { supplier_invoice_number: 'INV-1', purchase_order_receipts: [receipt] },
    createsTempId: invoiceId,
    label: 'New invoice',
    cacheChanges: [
      { table: 'supplierInvoices', put: [{ id: invoiceId, purchase_order_receipts: [receipt] }] },
    ],
  });
  return { po, lines, invoiceId, createPo, createInvoice };
}

describe('outbox.enqueue', () => {
  it('writes the local edit and the op together, marking the row as pending', async () => {
    await db.customers.put(customer(50001) as never);
    const op = await enqueue(
      db,
      customerEdit(50001, { custom_reference: 'VIP' }, { baseVersion: customer(50001) }),
    );
    expect(op).toMatchObject({ state: 'queued', aggregate: 'customer:50001', attempts: 0 });
    const row = await db.customers.get(50001);
    expect(row).toMatchObject({ custom_reference: 'VIP', _pendingOps: [op.id] });
  });

  it('refuses a payload the contract rejects and writes nothing', async () => {
    await expect(
      enqueue(db, {
        kind: 'updateCustomer',
        params: { id: 50001 },
        body: { no_such_field: 1 },
        label: 'x',
        cacheChanges: [{ table: 'customers', put: [customer(50001)] }],
      }),
    ).rejects.toBeInstanceOf(OutboxValidationError);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.count()).toBe(0);
  });

  it('gives a PO create its idempotency key', async () => {
    const { createPo } = await offlineOrderAndInvoice();
    expect((createPo.body as { external_purchase_order_id: string }).external_purchase_order_id).toBe(
      `dockhand-${createPo.id}`,
    );
  });
});

describe('temp ids', () => {
  it('blocks a dependent until its parent lands, then rewrites payloads and rows in one go', async () => {
    const { po, lines, invoiceId, createPo, createInvoice } = await offlineOrderAndInvoice();
    expect(createInvoice.state).toBe('blocked');
    expect(createInvoice.dependsOnTempIds.sort()).toEqual([po, lines[1]].sort());
    expect(createInvoice.reason).toContain('New PO');

    await store.markSending({ id: createPo.id, at: at() });
    const { affected } = await store.completeOp({
      id: createPo.id,
      at: at(),
      resultId: 100500,
      cacheWrites: [{ table: 'purchaseOrders', put: [{ id: 100500, modified_on: at() }], delete: [po] }],
      tempIds: [],
      childIds: [{ entity: 'purchaseOrderItems', ids: [7001, 7002] }],
    });
    expect(affected).toContain(createInvoice.id);

    const invoice = (await store.getOp({ id: createInvoice.id })).op!;
    expect(invoice.state).toBe('queued');
    expect(invoice.dependsOnTempIds).toEqual([]);
    expect(invoice.body).toMatchObject({
      purchase_order_receipts: [
        { purchase_order_id: 100500, purchase_order_receipt_items: [{ purchase_order_item_id: 7002 }] },
      ],
    });
    expect(invoice.aggregate).toBe(`supplierInvoice:${invoiceId}`);
    expect(await db.purchaseOrders.get(po)).toBeUndefined();
    expect(await db.purchaseOrderItems.get(7001)).toMatchObject({ po_id: 100500 });
    expect(await db.purchaseOrderItems.get(lines[0]!)).toBeUndefined();
    expect(await db.supplierInvoices.get(invoiceId)).toMatchObject({
      purchase_order_receipts: [{ purchase_order_id: 100500 }],
    });
    expect((await db.tempIds.get(po))?.serverId).toBe(100500);
  });

  it('blocks dependents of a failed parent with the reason, and lets them go when it is retried', async () => {
    const { createPo, createInvoice } = await offlineOrderAndInvoice();
    await store.markSending({ id: createPo.id, at: at() });
    await store.failOp({
      id: createPo.id,
      reason: 'Bad supplier',
      problem: { status: 400, title: 'Bad', detail: null },
    });
    expect((await store.getOp({ id: createInvoice.id })).op!.reason).toContain('needs attention');
    await store.retryNow({ id: createPo.id });
    expect((await store.getOp({ id: createPo.id })).op).toMatchObject({ state: 'queued' });
    expect((await store.getOp({ id: createInvoice.id })).op!.reason).toContain('to be sent');
  });
});

describe('discard', () => {
  it('lists and discards the op with its dependents and undoes their local edits', async () => {
    const { po, invoiceId, createPo, createInvoice } = await offlineOrderAndInvoice();
    const preview = await store.discardPreview({ id: createPo.id });
    expect(preview.ops.map((op) => op.id)).toEqual([createPo.id, createInvoice.id]);
    const { discarded } = await store.discard({ id: createPo.id });
    expect(discarded).toEqual([createPo.id, createInvoice.id]);
    expect(await db.purchaseOrders.get(po)).toBeUndefined();
    expect(await db.supplierInvoices.get(invoiceId)).toBeUndefined();
    const { counts } = await store.countByState({});
    expect(counts).toMatchObject({ discarded: 2, queued: 0, blocked: 0 });
  });

  it('restores edited fields unless a later queued op changed them too', async () => {
    await db.customers.put(customer(50001) as never);
    const first = await enqueue(db, customerEdit(50001, { custom_reference: 'A', first_name: 'Ann' }));
    // The second edit's row still holds the first's name.
    await enqueue(
      db,
      customerEdit(
        50001,
        { custom_reference: 'B' },
        {
          cacheChanges: [
            { table: 'customers', put: [customer(50001, { custom_reference: 'B', first_name: 'Ann' })] },
          ],
        },
      ),
    );
    await store.discard({ id: first.id });
    expect(await db.customers.get(50001)).toMatchObject({ first_name: 'Ada', custom_reference: 'B' });
  });

  it('refuses while a cascade member is being sent', async () => {
    const { createPo } = await offlineOrderAndInvoice();
    await store.markSending({ id: createPo.id, at: at() });
    const result = await store.discard({ id: createPo.id });
    expect(result.discarded).toEqual([]);
    expect(result.refused).toContain('being sent');
  });
});

describe('write-ahead and requeue', () => {
  it('counts the attempt before sending and gives it back when offline', async () => {
    await db.customers.put(customer(50001) as never);
    const op = await enqueue(db, customerEdit(50001, { custom_reference: 'A' }, { cacheChanges: [] }));
    const sending = (await store.markSending({ id: op.id, at: at() })).op!;
    expect(sending).toMatchObject({ state: 'sending', attempts: 1 });
    expect((await store.markSending({ id: op.id, at: at() })).op).toBeNull();
    const back = (await store.requeueOp({ id: op.id, refundAttempt: true })).op!;
    expect(back).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('takes the user choice per conflicting field and rebases the op on the server values', async () => {
    const op = await enqueue(
      db,
      customerEdit(
        50001,
        { custom_reference: 'mine', first_name: 'Ann' },
        { baseVersion: customer(50001), cacheChanges: [] },
      ),
    );
    await store.markConflicted({
      id: op.id,
      conflicts: [{ field: 'custom_reference', base: null, local: 'mine', server: 'theirs' }],
    });
    await expect(store.resolveConflict({ id: op.id, values: {} })).rejects.toThrow(/custom_reference/);
    const { op: resolved } = await store.resolveConflict({ id: op.id, values: { custom_reference: 'both' } });
    expect(resolved).toMatchObject({
      state: 'queued',
      body: { custom_reference: 'both', first_name: 'Ann' },
      baseVersion: { custom_reference: 'theirs' },
    });
  });
});

describe('pull writes', () => {
  it('rebases rows with pending edits and de-duplicates unchanged ones', async () => {
    await db.customers.put(customer(50001) as never);
    await enqueue(db, customerEdit(50001, { custom_reference: 'VIP' }));
    await db.customers.put(customer(50002) as never);
    const server = [
      customer(50001, {
        first_name: 'Augusta',
        custom_reference: 'server',
        modified_on: '2025-02-01T00:00:00Z',
      }),
      customer(50002),
    ];
    const cursor = {
      resource: 'customers',
      modifiedOn: '2025-02-01T00:00:00Z',
      id: 50001,
      completedAt: at(),
    };
    const result = await store.applyPulledPage({
      writes: [{ table: 'customers', put: server }],
      cursor,
      at: at(),
    });
    expect(result).toMatchObject({ rebased: 1, unchanged: 1, written: 0 });
    expect(await db.customers.get(50001)).toMatchObject({ first_name: 'Augusta', custom_reference: 'VIP' });
    expect((await store.getCursor({ resource: 'customers' })).cursor).toMatchObject({ id: 50001 });
  });

  it('prunes finished ops older than the cut-off', async () => {
    const op = await enqueue(db, {
      kind: 'deleteSupplier',
      params: { id: 101 },
      label: 'x',
      cacheChanges: [],
    });
    await store.markSending({ id: op.id, at: '2020-01-01T00:00:00.000Z' });
    await store.completeOp({ id: op.id, at: at(), cacheWrites: [], tempIds: [] });
    expect((await store.prune({ before: '2021-01-01T00:00:00.000Z' })).pruned).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });
});
