/**
 * The purchase order arithmetic, in one place so that generated orders and orders changed by the domain
 * handlers agree to the cent: an item's remaining quantity, and an order's totals as sums over its items.
 */
import type { PurchaseOrderItemRow, PurchaseOrderRow } from '../state';
import { money, round } from './random';

/** What is still expected: ordered − received − cancelled, never below zero (over-receipts leave 0). */
export function quantityRemaining(item: {
  quantity_ordered: number;
  quantity_received: number;
  quantity_cancelled: number | null;
}): number {
  return Math.max(0, item.quantity_ordered - item.quantity_received - (item.quantity_cancelled ?? 0));
}

export type PurchaseOrderTotals = Pick<
  PurchaseOrderRow,
  | 'total_weight'
  | 'total_cubic'
  | 'total_supplier_buy_ex'
  | 'total_quantity_special_order'
  | 'total_quantity_received'
  | 'total_quantity_remaining'
  | 'total_quantity_cancelled'
  | 'total_quantity_ordered'
  | 'total_quantity_linked_transfers'
>;

/**
 * Sums over the items. Money is rounded to cents, weight to grams (3 places), cubic to 5 places (the
 * precision items carry), so float noise never shows. total_quantity_linked_transfers counts the quantity
 * ordered on items linked to a transfer.
 */
export function purchaseOrderTotals(items: readonly PurchaseOrderItemRow[]): PurchaseOrderTotals {
  let weight = 0;
  let cubic = 0;
  let buy = 0;
  let special = 0;
  let received = 0;
  let remaining = 0;
  let cancelled = 0;
  let ordered = 0;
  let linked = 0;
  for (const item of items) {
    weight += item.total_weight;
    cubic += item.total_cubic;
    buy += item.total_supplier_buy_ex;
    special += item.quantity_special_order;
    received += item.quantity_received;
    remaining += item.quantity_remaining ?? quantityRemaining(item);
    cancelled += item.quantity_cancelled ?? 0;
    ordered += item.quantity_ordered;
    if (item.is_linked_to_transfer) linked += item.quantity_ordered;
  }
  return {
    total_weight: round(weight, 3),
    total_cubic: round(cubic, 5),
    total_supplier_buy_ex: money(buy),
    total_quantity_special_order: special,
    total_quantity_received: received,
    total_quantity_remaining: remaining,
    total_quantity_cancelled: cancelled,
    total_quantity_ordered: ordered,
    total_quantity_linked_transfers: linked,
  };
}
