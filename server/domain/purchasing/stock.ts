/**
 * The product inventory a purchase order moves, for the PO's outlet:
 *  - quantity_on_order is the sum, over the orders in an on-order status (ON_ORDER_STATUSES), of each line's
 *    quantity_remaining. Handlers take a snapshot before a change and settle the difference after it, so
 *    creating, receiving, completing or deleting lines all keep it right without separate rules;
 *  - quantity_available rises when stock is received, by the received units that are not faulty (faulty units
 *    arrive but cannot be sold; they are what a supplier return sends back).
 */
import type { Product } from '../../../src/api/resources';
import type { PurchaseOrderRow, SimState } from '../../state';
import { ON_ORDER_STATUSES } from './orderStatus';

/** Units on order per product id that this order contributes right now. */
export function onOrderByProduct(po: PurchaseOrderRow): Map<number, number> {
  const units = new Map<number, number>();
  if (!ON_ORDER_STATUSES.has(po.status.name)) return units;
  for (const item of po.items) {
    const remaining = Math.max(0, item.quantity_remaining ?? 0);
    units.set(item.product_id, (units.get(item.product_id) ?? 0) + remaining);
  }
  return units;
}

/** The product's inventory entry for an outlet, created (at zero) the first time the outlet stocks it. */
function inventoryAt(state: SimState, product: Product, outletId: number, at: string) {
  let entry = product.inventory.find((candidate) => candidate.outlet.id === outletId);
  if (!entry) {
    const name = state.outlets.get(outletId)?.name ?? '';
    entry = { outlet: { id: outletId, name, modified_on: at }, quantity_available: 0, quantity_on_order: 0 };
    product.inventory.push(entry);
  }
  return entry;
}

/** Applies the change in this order's on-order units since `before` (a snapshot from onOrderByProduct). */
export function settleOnOrder(
  state: SimState,
  po: PurchaseOrderRow,
  before: ReadonlyMap<number, number>,
  at: string,
): void {
  const after = onOrderByProduct(po);
  for (const productId of new Set([...before.keys(), ...after.keys()])) {
    const delta = (after.get(productId) ?? 0) - (before.get(productId) ?? 0);
    const product = state.products.get(productId);
    if (delta === 0 || !product) continue;
    const entry = inventoryAt(state, product, po.outlet.id, at);
    // Never below zero: generated inventories need not add up to the generated orders.
    entry.quantity_on_order = Math.max(0, entry.quantity_on_order + delta);
  }
}

/** Received, sellable units join the outlet's available stock. */
export function addAvailable(
  state: SimState,
  productId: number,
  outletId: number,
  units: number,
  at: string,
) {
  const product = state.products.get(productId);
  if (!product || units === 0) return;
  inventoryAt(state, product, outletId, at).quantity_available += units;
}
