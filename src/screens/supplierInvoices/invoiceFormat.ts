/**
 * How an invoice is named and its figures read on every invoice screen (list, detail, the PO's invoices), so
 * the same invoice looks the same wherever it appears. Pure: no DOM, no Dexie.
 */
import type { SupplierInvoiceStatus } from '../../api/resources';

/** "Invoice 200161"; one received here and not yet synced has a negative temp id: "New invoice 3". */
export function invoiceRef(id: number): string {
  return id < 0 ? `New invoice ${-id}` : `Invoice ${id}`;
}

/** The invoice as a title: its reference, with the supplier's number when there is one. */
export function invoiceTitle(invoice: { id: number; number: string | null }): string {
  return invoice.number ? `${invoiceRef(invoice.id)} · ${invoice.number}` : invoiceRef(invoice.id);
}

/** The status as the back office says it (any string: the list's status filter names each status by it). */
export function invoiceStatusText(status: SupplierInvoiceStatus | (string & {})): string {
  return status === 'Finalised' ? 'Finalised' : 'In progress';
}
