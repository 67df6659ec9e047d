/**
 * Purchase order statuses (src/api/enums.ts: Incomplete, OnOrder, ReceivingInProgress, BackOrder, Received,
 * Cancelled) and what each means to the rest of the domain. The API shows no transitions; ours:
 *  - receiving (a supplier invoice receipt) moves Incomplete, OnOrder and BackOrder to ReceivingInProgress;
 *  - finalising an invoice moves a purchase order whose every line is complete, and which no invoice still
 *    In Progress has received into, to Received (receiving.completeOrders);
 *  - Received and Cancelled orders are closed: nothing is received into them or deleted from them.
 */
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../../src/api/enums';
import type { NamedValue, PurchaseOrderRow, SimState } from '../../state';
import { withKnownName } from '../checks';

const setOf = (...names: PurchaseOrderStatus[]): ReadonlySet<string> => new Set(names);

/**
 * Statuses whose outstanding quantity counts as on order in the product's inventory. Incomplete is a draft
 * the supplier has not seen, so it orders nothing yet; Received and Cancelled have nothing outstanding.
 */
export const ON_ORDER_STATUSES = setOf('OnOrder', 'BackOrder', 'ReceivingInProgress');

/** Statuses a first receipt moves to ReceivingInProgress. */
const RECEIVING_STARTS_FROM = setOf('Incomplete', 'OnOrder', 'BackOrder');

const CLOSED_STATUSES = setOf('Received', 'Cancelled');

export const isClosed = (po: PurchaseOrderRow) => CLOSED_STATUSES.has(po.status.name);

export type OrderStatus = PurchaseOrderRow['status'];

export const asOrderStatus = (value: NamedValue): OrderStatus =>
  withKnownName(PURCHASE_ORDER_STATUSES, value, 'Purchase order status');

/** The status with this name as the reference data lists it (its id is the generator's). */
export function purchaseOrderStatus(state: SimState, name: PurchaseOrderStatus): OrderStatus {
  const status = state.reference.purchaseOrderStatuses.find((entry) => entry.name === name);
  if (!status) throw new Error(`The reference data has no purchase order status named ${name}`);
  return asOrderStatus(status);
}

/** Every line is complete: nothing of any line remains to be received. */
export const isComplete = (po: PurchaseOrderRow) =>
  po.items.every((item) => (item.quantity_remaining ?? 0) === 0);

/** Receiving has started: Incomplete/OnOrder/BackOrder become ReceivingInProgress. */
export function markReceiving(state: SimState, po: PurchaseOrderRow): void {
  if (RECEIVING_STARTS_FROM.has(po.status.name))
    po.status = purchaseOrderStatus(state, 'ReceivingInProgress');
}

/**
 * After a finalised invoice: an open order whose every line is complete becomes Received, dated now.
 * Returns whether it moved.
 */
export function markReceivedIfComplete(state: SimState, po: PurchaseOrderRow, at: string): boolean {
  if (isClosed(po) || po.items.length === 0 || !isComplete(po)) return false;
  po.status = purchaseOrderStatus(state, 'Received');
  po.received_on = at;
  return true;
}
