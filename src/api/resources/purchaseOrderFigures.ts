/**
 * A purchase order line's derived figures and an order's totals: the one way both sides work them out. The
 * simulator prices the lines it creates and sums every order it changes or generates with them
 * (server/domain/purchasing/orderLines.ts, server/data/purchaseOrders.ts), and the client's offline order is shaped
 * with them until the server's answer replaces it (src/db/edits/purchaseOrderRows.ts), so both agree to the
 * cent. Rounding: money to cents, weight to grams (3 places), cubic to 5 places, mark_up to 1 place.
 */
import type { PurchaseOrder, PurchaseOrderItem } from './purchaseOrder';
import type { Product } from './product';

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const money = (value: number) => round(value, 2);

export type LineFigures = Pick<
  PurchaseOrderItem,
  'supplier_buy_ex' | 'total_weight' | 'total_cubic' | 'gross_profit' | 'mark_up' | 'total_supplier_buy_ex'
>;

/**
 * A line of `quantity` at `buy` each (the product's supplier buy price when the line names none). Profit is
 * per unit: the ex-tax sell price less the buy price; mark_up is that profit as a percentage of the buy price
 * (0 for a free line).
 */
export function lineFigures(
  product: Pick<Product, 'price_ex' | 'weight' | 'cubic' | 'supplier_buy_ex'>,
  buyPrice: number | null | undefined,
  quantity: number,
): LineFigures {
  const buy = buyPrice ?? product.supplier_buy_ex;
  const profit = money(product.price_ex - buy);
  return {
    supplier_buy_ex: buy,
    total_weight: round(product.weight * quantity, 3),
    total_cubic: round(product.cubic * quantity, 5),
    gross_profit: profit,
    mark_up: buy > 0 ? round((profit / buy) * 100, 1) : 0,
    total_supplier_buy_ex: money(buy * quantity),
  };
}

/** What is still expected: ordered − received − cancelled, never below zero (over-receipts leave 0). */
export function quantityRemaining(item: {
  quantity_ordered: number;
  quantity_received: number;
  quantity_cancelled: number | null;
}): number {
  return Math.max(0, item.quantity_ordered - item.quantity_received - (item.quantity_cancelled ?? 0));
}

export type PurchaseOrderTotals = Pick<
  PurchaseOrder,
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

type TotalledItem = Pick<
  PurchaseOrderItem,
  | 'total_weight'
  | 'total_cubic'
  | 'total_supplier_buy_ex'
  | 'quantity_special_order'
  | 'quantity_received'
  | 'quantity_remaining'
  | 'quantity_cancelled'
  | 'quantity_ordered'
  | 'is_linked_to_transfer'
>;

/**
 * Sums over the items, always recomputed (never adjusted) so they cannot drift; float noise is rounded away
 * as above. total_quantity_linked_transfers counts the quantity ordered on items linked to a transfer.
 */
export function purchaseOrderTotals(items: readonly TotalledItem[]): PurchaseOrderTotals {
  const sum = (pick: (item: TotalledItem) => number) => items.reduce((total, item) => total + pick(item), 0);
  return {
    total_weight: round(
      sum((item) => item.total_weight),
      3,
    ),
    total_cubic: round(
      sum((item) => item.total_cubic),
      5,
    ),
    total_supplier_buy_ex: money(sum((item) => item.total_supplier_buy_ex)),
    total_quantity_special_order: sum((item) => item.quantity_special_order),
    total_quantity_received: sum((item) => item.quantity_received),
    total_quantity_remaining: sum((item) => item.quantity_remaining ?? quantityRemaining(item)),
    total_quantity_cancelled: sum((item) => item.quantity_cancelled ?? 0),
    total_quantity_ordered: sum((item) => item.quantity_ordered),
    total_quantity_linked_transfers: sum((item) => (item.is_linked_to_transfer ? item.quantity_ordered : 0)),
  };
}
