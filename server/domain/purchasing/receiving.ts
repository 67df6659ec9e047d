/**
 * Receiving stock against purchase orders through a supplier invoice's receipts, the API's only
 * receiving call (docs/architecture.md, "Receiving"). Checking and
 * applying are separate steps so a rejected invoice changes nothing: `planReceipts` resolves every receipt
 * and line (400 for unknown ones, then 409 for closed orders), `applyReceipts` then raises the lines'
 * quantity_received, the outlet's stock and the orders' totals and status.
 */
import type { PurchaseOrderReceipt as ReceiptInput } from '../../../src/api/requests';
import { conflict } from '../../errors';
import type { PurchaseOrderItemRow, PurchaseOrderRow, SimState } from '../../state';
import { touch, type Stamp } from './audit';
import { FieldCheck, fieldPath } from '../checks';
import { receiveIntoLine, recomputeOrderTotals } from './orderLines';
import { isClosed, markReceivedIfComplete, markReceiving } from './orderStatus';
import { addAvailable, onOrderByProduct, settleOnOrder } from './stock';

export interface ReceiptPlan {
  po: PurchaseOrderRow;
  input: ReceiptInput;
  /** The order's line for each receipt item, in the receipt's order. */
  lines: PurchaseOrderItemRow[];
}

/**
 * Resolves the receipts of an invoice body (`purchase_order_receipts`). A receipt id names an existing
 * receipt; ours exist only inside invoices, so a new invoice's receipts must come without one.
 */
export function planReceipts(state: SimState, receipts: readonly ReceiptInput[]): ReceiptPlan[] {
  const check = new FieldCheck();
  const plans: ReceiptPlan[] = [];
  receipts.forEach((input, i) => {
    const at = (...path: (string | number)[]) => fieldPath('purchase_order_receipts', i, ...path);
    if (input.id !== undefined)
      check.fail(at('id'), 'A new invoice creates its receipts; omit the receipt id');
    const po = state.purchaseOrders.get(input.purchase_order_id);
    if (!po) {
      check.fail(at('purchase_order_id'), `No purchase order with id ${input.purchase_order_id}`);
      return;
    }
    const lines = new Map(po.items.map((item) => [item.po_item_id, item]));
    const found: PurchaseOrderItemRow[] = [];
    input.purchase_order_receipt_items.forEach((receiptItem, j) => {
      const line = lines.get(receiptItem.purchase_order_item_id);
      if (line) found.push(line);
      else
        check.fail(
          at('purchase_order_receipt_items', j, 'purchase_order_item_id'),
          `Purchase order ${po.id} has no item ${receiptItem.purchase_order_item_id}`,
        );
    });
    plans.push({ po, input, lines: found });
  });
  check.throwIfAny();
  const closed = plans.find((plan) => isClosed(plan.po));
  if (closed) {
    throw conflict(
      `Purchase order ${closed.po.id} is ${closed.po.status.name}; no stock can be received into it`,
    );
  }
  return plans;
}

/** Applies checked receipts: lines, stock, totals, status and audit fields of each order. */
export function applyReceipts(state: SimState, plans: readonly ReceiptPlan[], stamp: Stamp): void {
  for (const { po, input, lines } of plans) {
    const before = onOrderByProduct(po);
    input.purchase_order_receipt_items.forEach((receiptItem, j) => {
      const line = lines[j]!;
      receiveIntoLine(state, line, receiptItem.quantity_received, stamp.at);
      const sellable = receiptItem.quantity_received - (receiptItem.quantity_faulty ?? 0);
      addAvailable(state, line.product_id, po.outlet.id, sellable, stamp.at);
    });
    markReceiving(state, po);
    recomputeOrderTotals(po);
    settleOnOrder(state, po, before, stamp.at);
    touch(po, stamp);
  }
}

/** The orders among `ids` that an invoice still In Progress has received into. */
function ordersStillInvoicing(state: SimState, ids: ReadonlySet<number>): Set<number> {
  const open = new Set<number>();
  for (const invoice of state.supplierInvoices.values()) {
    if (invoice.status === 'Finalised') continue;
    for (const receipt of invoice.purchase_order_receipts) {
      if (ids.has(receipt.purchase_order_id)) open.add(receipt.purchase_order_id);
    }
  }
  return open;
}

/**
 * After an invoice is finalised: each of its orders whose every line is complete, and which no invoice still
 * In Progress has received into, becomes Received (decided here: an order is not closed while a receipt on
 * it can still be costed). Orders are named by id because a finalised invoice may be updated long after its
 * receipts were applied.
 */
export function completeOrders(state: SimState, orderIds: Iterable<number>, stamp: Stamp): void {
  const ids = new Set(orderIds);
  const stillInvoicing = ordersStillInvoicing(state, ids);
  for (const id of ids) {
    const po = state.purchaseOrders.get(id);
    if (!po || stillInvoicing.has(id)) continue;
    const before = onOrderByProduct(po);
    if (!markReceivedIfComplete(state, po, stamp.at)) continue;
    settleOnOrder(state, po, before, stamp.at);
    touch(po, stamp);
  }
}
