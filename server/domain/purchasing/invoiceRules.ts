/**
 * Rules create and update share for supplier invoices ("In Progress" → "Finalised"; a finalised
 * invoice rejects updates; ../../README.md, Purchasing).
 *
 * Invoice numbers: the sync engine finds an invoice whose create response was lost by
 * supplier_invoice_number + purchase_order_id, so that pair must name at most one invoice. A second invoice
 * with the same number covering one of the same purchase orders is a 409 naming the first (decided here;
 * the same number for different orders is allowed, suppliers reuse numbering schemes).
 */
import type { SupplierInvoice } from '../../../src/api/resources';
import { conflict } from '../../errors';
import type { SimState } from '../../state';
import type { Stamp } from './audit';
import { completeOrders } from './receiving';

export const orderIdsOf = (invoice: Pick<SupplierInvoice, 'purchase_order_receipts'>) =>
  invoice.purchase_order_receipts.map((receipt) => receipt.purchase_order_id);

export function rejectDuplicateNumber(
  state: SimState,
  invoiceNumber: string,
  orderIds: readonly number[],
  selfId?: number,
): void {
  const wanted = new Set(orderIds);
  for (const other of state.supplierInvoices.values()) {
    if (other.id === selfId || other.supplier_invoice_number !== invoiceNumber) continue;
    const shared = orderIdsOf(other).find((id) => wanted.has(id));
    if (shared !== undefined) {
      throw conflict(
        `Supplier invoice ${other.id} already has number ${invoiceNumber} for purchase order ${shared}`,
      );
    }
  }
}

export function rejectIfFinalised(invoice: SupplierInvoice): void {
  if (invoice.status === 'Finalised') {
    throw conflict(`Supplier invoice ${invoice.id} is finalised and can no longer be changed`);
  }
}

/** Finalises the invoice and moves each of its orders whose every line is complete to Received. */
export function finalise(state: SimState, invoice: SupplierInvoice, stamp: Stamp): void {
  invoice.status = 'Finalised';
  invoice.finalised_on = stamp.at;
  invoice.finalised_by = { ...stamp.by };
  completeOrders(state, orderIdsOf(invoice), stamp);
}
