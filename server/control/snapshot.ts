/**
 * What a test needs to assert on the simulator's state without going through the API (whose answers it may be
 * testing): how many records each resource holds, and the natural keys the sync engine uses to find out
 * whether an uncertain write took effect (docs/architecture.md, "Sync state machine").
 */
import { STATE_MAPS, type SimState } from '../state';

export type CountName = (typeof STATE_MAPS)[number] | 'purchaseOrderItems';

export interface PurchaseOrderSummary {
  id: number;
  /** The status name, e.g. "OnOrder". */
  status: string;
  items: { product_id: number; quantity_ordered: number }[];
}

export interface SimSnapshot {
  /**
   * Records per Map of the state; for Maps of arrays (loyalty history, product suppliers per product) the
   * number of records in the arrays. `purchaseOrderItems` counts the items inside the purchase orders.
   */
  counts: Record<CountName, number>;
  /** Purchase orders by external_purchase_order_id (those without one are left out), in id order. */
  purchaseOrders: Record<string, PurchaseOrderSummary[]>;
  /** Supplier invoice ids by supplier_invoice_number (those without one are left out), in id order. */
  invoices: Record<string, number[]>;
}

function recordsIn(map: Map<unknown, unknown>): number {
  let count = 0;
  for (const value of map.values()) count += Array.isArray(value) ? value.length : 1;
  return count;
}

export function snapshot(state: SimState): SimSnapshot {
  const counts = { purchaseOrderItems: 0 } as Record<CountName, number>;
  for (const name of STATE_MAPS) counts[name] = recordsIn(state[name] as Map<unknown, unknown>);

  // Null-prototype records: an external id of "__proto__" is client data like any other.
  const purchaseOrders = Object.create(null) as Record<string, PurchaseOrderSummary[]>;
  const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;
  for (const order of [...state.purchaseOrders.values()].sort(byId)) {
    counts.purchaseOrderItems += order.items.length;
    const key = order.external_purchase_order_id;
    if (key === null || key === undefined) continue;
    (purchaseOrders[key] ??= []).push({
      id: order.id,
      status: order.status.name,
      items: order.items.map((item) => ({
        product_id: item.product_id,
        quantity_ordered: item.quantity_ordered,
      })),
    });
  }

  const invoices = Object.create(null) as Record<string, number[]>;
  for (const invoice of [...state.supplierInvoices.values()].sort(byId)) {
    const key = invoice.supplier_invoice_number;
    if (key !== null) (invoices[key] ??= []).push(invoice.id);
  }
  return { counts, purchaseOrders, invoices };
}
