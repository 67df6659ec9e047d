/**
 * What a receiving test needs to judge one purchase order on the server: its status, each line's ordered
 * and received quantities, and every invoice whose receipts name it, with those receipts' lines. Read from
 * the state directly (no paging, no auth, no faults): a test instrument, not an API.
 */
import type { SimState } from '../state';

export interface OrderView {
  id: number;
  status: string;
  items: { po_item_id: number; product_id: number; quantity_ordered: number; quantity_received: number }[];
  invoices: {
    id: number;
    supplier_invoice_number: string | null;
    status: string;
    notes: string | null;
    freight_ex: number;
    receipts: {
      purchase_order_id: number;
      items: {
        purchase_order_item_id: number;
        quantity_received: number;
        quantity_faulty: number;
        bin: string | null;
      }[];
    }[];
  }[];
}

export function orderView(state: SimState, id: number): OrderView | null {
  const order = state.purchaseOrders.get(id);
  if (!order) return null;
  const invoices = [...state.supplierInvoices.values()]
    .filter((invoice) => invoice.purchase_order_receipts.some((receipt) => receipt.purchase_order_id === id))
    .sort((a, b) => a.id - b.id);
  return {
    id,
    status: order.status.name,
    items: order.items.map((item) => ({
      po_item_id: item.po_item_id,
      product_id: item.product_id,
      quantity_ordered: item.quantity_ordered,
      quantity_received: item.quantity_received,
    })),
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      supplier_invoice_number: invoice.supplier_invoice_number,
      status: invoice.status,
      notes: invoice.notes,
      freight_ex: invoice.direct_costs.freight.total_ex,
      receipts: invoice.purchase_order_receipts.map((receipt) => ({
        purchase_order_id: receipt.purchase_order_id,
        items: receipt.purchase_order_receipt_items.map((line) => ({
          purchase_order_item_id: line.purchase_order_item_id,
          quantity_received: line.quantity_received,
          quantity_faulty: line.quantity_faulty,
          bin: line.bin,
        })),
      })),
    })),
  };
}
