/**
 * A purchase order's supplier invoices, for the order's page (DOM-free, tested over fake-indexeddb): every
 * invoice whose receipts name the order, through the `_poIds` index, including invoices received on this
 * PC and not yet synced (temp ids), each with what it received into this order.
 */
import type { SupplierInvoiceStatus } from '../../api/resources';
import { NOTABLE_STATES, orderBadge, type OrderBadge } from '../../db/recordBadge';
import type { DockhandDb } from '../../db/schema';

export interface OrderInvoiceRow {
  id: number;
  number: string | null;
  status: SupplierInvoiceStatus;
  invoicedOn: string | null;
  /** Units this invoice's receipts received into this order, and of them found faulty. */
  received: number;
  faulty: number;
  totalInc: number;
  badge: OrderBadge | null;
}

/** Newest first: invoices received here (temp ids, newest most negative) on top, then by id, descending. */
const recency = (id: number) => (id < 0 ? 2 ** 31 - id : id);

export async function loadOrderInvoices(db: DockhandDb, poId: number): Promise<OrderInvoiceRow[]> {
  const [invoices, notable] = await Promise.all([
    db.supplierInvoices.where('_poIds').equals(poId).toArray(),
    db.outbox.where('state').anyOf(NOTABLE_STATES).toArray(),
  ]);
  const states = new Map(notable.map((op) => [op.id, op.state]));
  return invoices
    .map((invoice): OrderInvoiceRow => {
      const lines = invoice.purchase_order_receipts
        .filter((receipt) => receipt.purchase_order_id === poId)
        .flatMap((receipt) => receipt.purchase_order_receipt_items);
      return {
        id: invoice.id,
        number: invoice.supplier_invoice_number,
        status: invoice.status,
        invoicedOn: invoice.supplier_invoiced_on,
        received: lines.reduce((sum, line) => sum + line.quantity_received, 0),
        faulty: lines.reduce((sum, line) => sum + line.quantity_faulty, 0),
        totalInc: invoice.total_buy_price_inc,
        badge: orderBadge(invoice._pendingOps, (opId) => states.get(opId)),
      };
    })
    .sort((a, b) => recency(b.id) - recency(a.id));
}
