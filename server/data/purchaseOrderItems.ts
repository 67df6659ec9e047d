/**
 * Purchase order lines and how much of each has arrived, by the order's status:
 *  - Incomplete, OnOrder: nothing received or cancelled;
 *  - ReceivingInProgress: at least one line (partly) received and at least one still expected;
 *  - BackOrder: like receiving, plus lines the supplier back-ordered (quantity_back_order = what remains);
 *  - Received: every line closed: received in full, or short-supplied/damaged with the shortfall cancelled,
 *    quantity_received_variance = received − ordered and a variance reason;
 *  - Cancelled: nothing received, everything cancelled.
 * quantity_remaining is always max(0, ordered − received − cancelled).
 */
import type { Product } from '../../src/api/resources';
import type { PurchaseOrderStatus } from '../../src/api/enums';
import type { NamedValue, PurchaseOrderItemRow, ReferenceLists } from '../state';
import type { IdCounter } from './ids';
import { money, round, type Rng } from './random';
import { byName } from './reference';
import { quantityRemaining } from '../../src/api/resources/purchaseOrderFigures';

export interface Delivery {
  at: number;
  lines: { item: PurchaseOrderItemRow; quantity: number }[];
}

interface ItemInput {
  poId: number;
  status: PurchaseOrderStatus;
  products: readonly Product[];
  /** The order's created_on, shared by its items (one string, not one per item). */
  createdOn: string;
  ids: IdCounter;
  reference: ReferenceLists;
}

export function buildItems(rng: Rng, input: ItemInput): PurchaseOrderItemRow[] {
  const { varianceReasons } = input.reference;
  const none = byName(varianceReasons, 'None');
  const items = input.products.map((product) => {
    const carton = Number(product.carton_quantity);
    const minimum = input.status === 'ReceivingInProgress' || input.status === 'BackOrder' ? 2 : 1;
    const ordered = Math.max(minimum, rng.chance(0.6) ? carton * rng.int(1, 4) : rng.int(1, 24));
    // A small share of lines are bought at a price that differs from the catalogue's (a deal, a price rise).
    const buy = rng.chance(0.06)
      ? money(product.supplier_buy_ex * rng.float(0.9, 1.08))
      : product.supplier_buy_ex;
    const grossProfit = money(product.price_ex - buy);
    const item: PurchaseOrderItemRow = {
      po_id: input.poId,
      po_item_id: input.ids.take('purchaseOrderItems'),
      product_id: product.id,
      quantity_ordered: ordered,
      quantity_special_order: rng.chance(0.08) ? Math.min(ordered, rng.int(1, 2)) : 0,
      quantity_back_order: 0,
      quantity_received: 0,
      quantity_received_variance: null,
      quantity_cancelled: 0,
      quantity_remaining: ordered,
      variance_reason: none,
      supplier_buy_ex: buy,
      total_weight: round(ordered * product.weight, 3),
      total_cubic: round(ordered * product.cubic, 5),
      gross_profit: grossProfit,
      mark_up: buy > 0 ? round((grossProfit / buy) * 100, 1) : 0,
      total_supplier_buy_ex: money(ordered * buy),
      is_linked_to_transfer: rng.chance(0.03),
      modified_on: input.createdOn,
      created_on: input.createdOn,
    };
    return item;
  });
  receiveByStatus(rng, items, input.status, varianceReasons);
  for (const item of items) item.quantity_remaining = quantityRemaining(item);
  return items;
}

function receiveByStatus(
  rng: Rng,
  items: PurchaseOrderItemRow[],
  status: PurchaseOrderStatus,
  reasons: readonly NamedValue[],
): void {
  const partly = (ordered: number) => (ordered > 1 ? rng.int(1, ordered - 1) : 0);
  switch (status) {
    case 'Incomplete':
    case 'OnOrder':
      return;
    case 'Cancelled':
      for (const item of items) item.quantity_cancelled = item.quantity_ordered;
      return;
    case 'Received':
      for (const item of items) {
        item.quantity_received = item.quantity_ordered;
        if (item.quantity_ordered > 1 && rng.chance(0.12)) {
          const short = rng.int(1, Math.max(1, Math.floor(item.quantity_ordered / 3)));
          item.quantity_received -= short;
          item.quantity_cancelled = short;
          item.quantity_received_variance = -short;
          item.variance_reason = byName(reasons, rng.chance(0.75) ? 'Short supplied' : 'Damaged in transit');
        }
      }
      return;
    case 'ReceivingInProgress':
    case 'BackOrder': {
      for (const item of items) {
        const roll = rng.next();
        item.quantity_received =
          roll < 0.45 ? item.quantity_ordered : roll < 0.75 ? partly(item.quantity_ordered) : 0;
      }
      // Guarantee the status is true of the lines: something arrived, and something is still to come
      // (every line of these orders was ordered at least twice, so a partial receipt always exists).
      const [first, last] = [items[0]!, items[items.length - 1]!];
      if (items.every((item) => item.quantity_received === 0)) {
        first.quantity_received = items.length > 1 ? first.quantity_ordered : partly(first.quantity_ordered);
      }
      if (items.every((item) => item.quantity_received >= item.quantity_ordered)) {
        last.quantity_received = partly(last.quantity_ordered);
      }
      if (status === 'BackOrder') {
        const open = items.filter((item) => item.quantity_received < item.quantity_ordered);
        open.forEach((item, index) => {
          if (index === 0 || rng.chance(0.6))
            item.quantity_back_order = item.quantity_ordered - item.quantity_received;
        });
      }
      return;
    }
  }
}

/**
 * Splits what each line received into 1–`maxDeliveries` deliveries at the given moments (ascending): each
 * delivery becomes one supplier invoice with one receipt, so receipts sum exactly to quantity_received.
 * A line is occasionally split across two deliveries. Deliveries that end up empty are dropped.
 */
export function planDeliveries(
  rng: Rng,
  items: readonly PurchaseOrderItemRow[],
  moments: readonly number[],
): Delivery[] {
  const deliveries: Delivery[] = moments.map((at) => ({ at, lines: [] }));
  for (const item of items) {
    if (item.quantity_received === 0) continue;
    const target = rng.int(0, deliveries.length - 1);
    if (deliveries.length > 1 && item.quantity_received > 1 && rng.chance(0.2)) {
      const first = rng.int(1, item.quantity_received - 1);
      const other = target === 0 ? 1 : target - 1;
      deliveries[Math.min(target, other)]!.lines.push({ item, quantity: first });
      deliveries[Math.max(target, other)]!.lines.push({ item, quantity: item.quantity_received - first });
    } else {
      deliveries[target]!.lines.push({ item, quantity: item.quantity_received });
    }
  }
  return deliveries.filter((delivery) => delivery.lines.length > 0);
}
