/**
 * Purchasing edits: orders raised offline with their lines, line deletes, invoice notes and finalising,
 * supplier return updates and return items (receipts are ./scenariosReceiving.ts). Each is valid on its own:
 * only lines nothing was received on are deleted, and nothing edits a finalised invoice or return.
 */
import { allocateTempId } from '../../src/db/outbox';
import { emit, update, valueFor, type Scenario } from './generator';
import type { Order } from './types';
import { recordKey, unique } from './world';

export const createOrder: Scenario = async (ctx) => {
  const { db, world, random } = ctx;
  const tempId = await allocateTempId(db, 'purchaseOrders');
  const lines = [];
  // Lines get their temp ids in body order: the store maps the server's line ids onto them by position.
  for (const product of random.sample(world.products, random.int(2, 4))) {
    const lineId = await allocateTempId(db, 'purchaseOrderItems', { parentTempId: tempId });
    lines.push({ id: lineId, product, qty: random.int(5, 9), start: 0, received: 0, deleted: false });
  }
  const externalId = unique(world, 'chaos-po-');
  const order: Order = { id: tempId, ours: true, lines };
  world.orders.push(order);
  await emit(
    ctx,
    {
      kind: 'createPurchaseOrder',
      params: {},
      body: {
        external_purchase_order_id: externalId,
        supplier: { id: random.pick(world.suppliers).id },
        outlet: { id: random.pick(world.outlets) },
        purchase_order_items: lines.map((line) => ({
          product: { id: line.product },
          quantity_ordered: line.qty,
        })),
      },
      createsTempId: tempId,
      cacheChanges: [
        { table: 'purchaseOrders', put: [{ id: tempId, external_purchase_order_id: externalId }] },
        {
          table: 'purchaseOrderItems',
          put: lines.map((line) => ({
            po_item_id: line.id,
            po_id: tempId,
            product: { id: line.product },
          })),
        },
      ],
    },
    { type: 'createOrder', order, externalId },
  );
  return true;
};

export const deleteLine: Scenario = async (ctx) => {
  const candidates = ctx.world.orders.flatMap((order) => {
    if (!order.ours) return [];
    const live = order.lines.filter((l) => !l.deleted);
    return live.length < 2 ? [] : live.filter((l) => l.received === 0).map((line) => ({ order, line }));
  });
  if (!candidates.length) return false;
  const { order, line } = ctx.random.pick(candidates);
  line.deleted = true;
  await emit(
    ctx,
    {
      kind: 'deletePurchaseOrderItem',
      params: { id: order.id, item_id: line.id },
      cacheChanges: [{ table: 'purchaseOrderItems', delete: [line.id] }],
    },
    { type: 'deleteLine', order, line },
  );
  return true;
};

export const invoiceNotes: Scenario = async (ctx) => {
  const open = ctx.world.invoices.filter((invoice) => !invoice.finalised);
  if (!open.length) return false;
  const { id } = ctx.random.pick(open);
  const body = { notes: valueFor(ctx.world, 'notes') };
  // Only records that exist on the server already can be edited there by "someone else".
  const serverEdit = id > 0 ? { operation: 'updateSupplierInvoice' as const, params: { id } } : undefined;
  await update(
    ctx,
    { kind: 'updateSupplierInvoice', params: { id }, body },
    recordKey('supplierInvoice', id),
    serverEdit,
  );
  return true;
};

export const finaliseInvoice: Scenario = async (ctx) => {
  // The run's own invoices leave every line they receive into short of complete, so finalising one never
  // completes its orders (./orders.ts roomOn).
  const open = ctx.world.invoices.filter((invoice) => !invoice.finalised && invoice.id < 0);
  if (!open.length) return false;
  const invoice = ctx.random.pick(open);
  invoice.finalised = true;
  const { id } = invoice;
  await update(
    ctx,
    { kind: 'updateSupplierInvoice', params: { id }, body: { status: 'Finalised' } },
    recordKey('supplierInvoice', id),
  );
  return true;
};

export const updateReturn: Scenario = async (ctx) => {
  const { world, random } = ctx;
  const open = world.returns.filter((r) => !r.finalised);
  if (!open.length) return false;
  const target = random.pick(open);
  const { id } = target;
  const record = recordKey('supplierReturn', id);
  const roll = random.next();
  if (roll < 0.15 && target.statusId === 1) {
    target.statusId = 2;
    await update(
      ctx,
      { kind: 'updateSupplierReturn', params: { id }, body: { supplier_return_status: { id: 2 } } },
      record,
    );
  } else if (roll < 0.22 && target.hasItems) {
    // Items queued before the finalise reach the server first: the return's ops are one FIFO aggregate.
    target.finalised = true;
    await update(
      ctx,
      { kind: 'updateSupplierReturn', params: { id }, body: { supplier_return_status: { id: 3 } } },
      record,
    );
  } else {
    const field = random.chance(0.7) ? 'notes' : 'return_authorisation';
    const serverEdit = { operation: 'updateSupplierReturn' as const, params: { id } };
    await update(
      ctx,
      { kind: 'updateSupplierReturn', params: { id }, body: { [field]: valueFor(world, field) } },
      record,
      serverEdit,
    );
  }
  return true;
};

export const addReturnItem: Scenario = async (ctx) => {
  const { db, world, random } = ctx;
  const open = world.returns.filter((r) => !r.finalised);
  if (!open.length) return false;
  const target = random.pick(open);
  target.hasItems = true;
  const notes = unique(world, 'chaos item ');
  const tempId = await allocateTempId(db, 'supplierReturnItems');
  await emit(
    ctx,
    {
      kind: 'createSupplierReturnItem',
      params: { id: target.id },
      body: {
        product: { id: random.pick(world.products) },
        supplier_return_reason: { id: random.pick(world.reasonIds) },
        return_quantity: random.int(1, 3),
        supplier_return_item_notes: notes,
      },
      createsTempId: tempId,
      cacheChanges: [],
    },
    { type: 'createItem', returnId: target.id, notes },
  );
  return true;
};
