/**
 * Receiving: supplier invoices whose receipts raise purchase order lines' quantity_received, on open dataset
 * orders and on orders the run raised offline (temp order and line ids, rewritten when their create is
 * done). An order is received into a little at a time, over several invoices, and an invoice may cover two
 * orders. Every receipt leaves its lines short of complete (./orders.ts roomOn), so all of these must be
 * accepted; `refusedReceipt` is the one receipt the server must refuse, into a Received or Cancelled order.
 */
import { allocateTempId } from '../../src/db/outbox';
import { emit, type GenContext, type Scenario } from './generator';
import type { MeantToFail, QueuedReceipt } from './ledger';
import { roomOn } from './orders';
import type { Order } from './types';
import { recordKey, unique } from './world';

const openLines = (order: Order) => order.lines.filter((line) => !line.deleted && roomOn(line) > 0);

/** Queues an invoice with these receipts; `meantToFail` says why the server must refuse it. */
async function queueInvoice(ctx: GenContext, receipts: QueuedReceipt[], meantToFail?: MeantToFail) {
  const { db, world } = ctx;
  const tempId = await allocateTempId(db, 'supplierInvoices');
  const number = unique(world, 'CHINV-');
  const body = receipts.map(({ order, items }) => ({
    purchase_order_id: order.id,
    purchase_order_receipt_items: items.map(({ line, qty }) => ({
      purchase_order_item_id: line.id,
      quantity_received: qty,
    })),
  }));
  if (!meantToFail) {
    // Only an invoice the server will hold can be edited and finalised later.
    world.invoices.push({ id: tempId, finalised: false });
    world.views.set(recordKey('supplierInvoice', tempId), {
      supplier_invoice_number: number,
      status: 'In Progress',
    });
  }
  await emit(
    ctx,
    {
      kind: 'createSupplierInvoice',
      params: {},
      body: { supplier_invoice_number: number, purchase_order_receipts: body },
      createsTempId: tempId,
      cacheChanges: [
        {
          table: 'supplierInvoices',
          put: [{ id: tempId, supplier_invoice_number: number, purchase_order_receipts: body }],
        },
      ],
    },
    { type: 'createInvoice', number, tempId, receipts },
    meantToFail,
  );
}

/** A receipt of 1–3 units on each of 1–3 of the order's open lines. */
function receiptOn(ctx: GenContext, order: Order): QueuedReceipt {
  const { random } = ctx;
  const items = random.sample(openLines(order), random.int(1, 3)).map((line) => {
    const qty = random.int(1, Math.min(3, roomOn(line)));
    line.received += qty;
    return { line, qty };
  });
  return { order, items };
}

export const receiveOnOrders: Scenario = async (ctx) => {
  const { world, random } = ctx;
  const open = world.orders.filter((order) => openLines(order).length > 0);
  if (!open.length) return false;
  // Orders already received into are favoured, so one order's receipts spread over several invoices; and
  // the run's own, which start later than the dataset's, so that chains on temp ids are common.
  const weighted = open.map(
    (o) => [o, (o.ours ? 4 : 1) * (o.lines.some((l) => l.received > 0) ? 2 : 1)] as const,
  );
  const first = random.weighted(weighted);
  const others = open.filter((order) => order !== first);
  const orders = others.length && random.chance(0.3) ? [first, random.pick(others)] : [first];
  await queueInvoice(
    ctx,
    orders.map((order) => receiptOn(ctx, order)),
  );
  return true;
};

/** One unit into a Received or Cancelled dataset order: the server answers 409 and the op must fail. */
export const refusedReceipt: Scenario = async (ctx) => {
  const { world, random } = ctx;
  if (!world.closedOrders.length) return false;
  const order = random.pick(world.closedOrders);
  const line = random.pick(order.lines);
  await queueInvoice(ctx, [{ order, items: [{ line, qty: 1 }] }], {
    status: 409,
    why: `purchase order ${order.id} is closed to receipts`,
  });
  return true;
};
