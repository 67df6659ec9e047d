/**
 * Purchase order line arithmetic: a new line's derived figures, receiving into a line, and the order's
 * totals, which are always recomputed from the lines (never adjusted incrementally) so they cannot drift.
 * A line's figures, remaining quantities and order totals are worked out as the client works them out for an
 * offline order (src/api/resources/purchaseOrderFigures.ts), and the generator sums its orders the same way,
 * so generated orders, orders the handlers change and the client's own rows agree.
 *
 * Per line (decided here; the API lists the fields only):
 *  - supplier_buy_ex defaults to the product's supplier buy price;
 *  - gross_profit is per unit: the product's ex-tax sell price (price_ex) less supplier_buy_ex, and mark_up
 *    is that profit as a percentage of supplier_buy_ex (0 when the line is free);
 *  - total_weight / total_cubic / total_supplier_buy_ex are per unit × quantity_ordered;
 *  - an over-delivery is recorded in quantity_received_variance (received − ordered) with the reason
 *    "Over supplied"; until then the variance is null and the reason "None". A short delivery is no
 *    variance: the line simply stays open (the API offers no way to cancel a shortfall).
 */
import type { Product } from '../../../src/api/resources';
import {
  nextId,
  type NamedValue,
  type PurchaseOrderItemRow,
  type PurchaseOrderRow,
  type SimState,
} from '../../state';
import {
  lineFigures,
  purchaseOrderTotals,
  quantityRemaining,
} from '../../../src/api/resources/purchaseOrderFigures';

export interface NewLine {
  product: Product;
  quantity_ordered: number;
  supplier_buy_ex?: number | null | undefined;
  quantity_received?: number | undefined;
}

/**
 * A variance reason by name from the reference data (the generator lists "None" with id 0 and
 * "Over supplied"). Reference values are shared, never edited, so the line embeds the list's own object.
 */
function varianceReason(state: SimState, name: 'None' | 'Over supplied'): NamedValue {
  const reason = state.reference.varianceReasons.find((entry) => entry.name === name);
  if (!reason) throw new Error(`The reference data has no variance reason named ${name}`);
  return reason;
}

export function newLine(state: SimState, poId: number, line: NewLine, at: string): PurchaseOrderItemRow {
  const { product, quantity_ordered: ordered } = line;
  const item: PurchaseOrderItemRow = {
    po_id: poId,
    po_item_id: nextId(state, 'purchaseOrderItems'),
    product_id: product.id,
    quantity_ordered: ordered,
    quantity_special_order: 0,
    quantity_back_order: 0,
    quantity_received: 0,
    quantity_received_variance: null,
    quantity_cancelled: 0,
    quantity_remaining: ordered,
    variance_reason: varianceReason(state, 'None'),
    ...lineFigures(product, line.supplier_buy_ex, ordered),
    is_linked_to_transfer: false,
    modified_on: at,
    created_on: at,
  };
  receiveIntoLine(state, item, line.quantity_received ?? 0, at);
  return item;
}

/** Raises a line's received quantity and re-derives what depends on it. */
export function receiveIntoLine(
  state: SimState,
  item: PurchaseOrderItemRow,
  units: number,
  at: string,
): void {
  if (units === 0) return;
  item.quantity_received += units;
  const over = item.quantity_received - item.quantity_ordered;
  if (over > 0) {
    item.quantity_received_variance = over;
    item.variance_reason = varianceReason(state, 'Over supplied');
  }
  item.quantity_remaining = quantityRemaining(item);
  item.modified_on = at;
}

/** The order's total_* fields from its lines. */
export function recomputeOrderTotals(po: PurchaseOrderRow): void {
  Object.assign(po, purchaseOrderTotals(po.items));
}
