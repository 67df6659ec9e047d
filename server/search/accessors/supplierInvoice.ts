/** Accessors of the supplier invoice search (GET /supplierinvoices) over stored `SupplierInvoice` records. */
import type { SupplierInvoice } from '../../../src/api/resources';
import type { SimState } from '../../state';
import type { AccessorTable } from '../engine';
import { byName } from '../values';
import { prefixed, userAccessors, type CompleteAccessors } from './shared';

type Cost = 'freight' | 'duty' | 'misc';

/** `<cost>_total_ex`, `_includes_tax`, `_total_tax`, `_total_inc` from direct_costs. */
function costAccessors<const C extends Cost>(cost: C) {
  const of = (invoice: SupplierInvoice) => invoice.direct_costs[cost];
  return prefixed<SupplierInvoice, C, 'total_ex' | 'includes_tax' | 'total_tax' | 'total_inc'>(cost, {
    total_ex: (invoice) => of(invoice).total_ex,
    // Duty has no tax flag (the create body has duty {total_ex}), so duty_includes_tax is always null.
    includes_tax: (invoice) => {
      const costs = of(invoice);
      return 'includes_tax' in costs ? costs.includes_tax : null;
    },
    total_tax: (invoice) => of(invoice).total_tax,
    total_inc: (invoice) => of(invoice).total_inc,
  });
}

/**
 * purchase_order_id and purchase_order_supplier come from the invoice's receipts, so they have one value
 * per receipt: a clause matches when ANY receipt matches (an invoice may receive several orders). The
 * supplier is the received purchase order's supplier, by name (or id with eq/in); a receipt of an unknown
 * order contributes no supplier.
 */
export function supplierInvoiceAccessors(state: SimState): AccessorTable<SupplierInvoice> {
  const table: CompleteAccessors<'searchSupplierInvoices', SupplierInvoice> = {
    id: (invoice) => invoice.id,
    supplier_invoice_number: (invoice) => invoice.supplier_invoice_number,
    created_on: (invoice) => invoice.created_on,
    ...userAccessors('created_by', (invoice: SupplierInvoice) => invoice.created_by),
    modified_on: (invoice) => invoice.modified_on,
    ...userAccessors('modified_by', (invoice: SupplierInvoice) => invoice.modified_by),
    finalised_on: (invoice) => invoice.finalised_on,
    ...userAccessors('finalised_by', (invoice: SupplierInvoice) => invoice.finalised_by),
    status: (invoice) => invoice.status,
    total_buy_price_ex: (invoice) => invoice.total_buy_price_ex,
    distribute_costs_by: (invoice) => invoice.distribute_costs_by,
    ...costAccessors('freight'),
    ...costAccessors('duty'),
    ...costAccessors('misc'),
    purchase_order_supplier: (invoice) =>
      invoice.purchase_order_receipts.flatMap((receipt) => {
        const supplier = byName(state.purchaseOrders.get(receipt.purchase_order_id)?.supplier);
        return supplier ? [supplier] : [];
      }),
    purchase_order_id: (invoice) =>
      invoice.purchase_order_receipts.map((receipt) => receipt.purchase_order_id),
    total_tax: (invoice) => invoice.total_tax,
    total_buy_price_inc: (invoice) => invoice.total_buy_price_inc,
    total_applied_buy_price_ex: (invoice) => invoice.total_applied_buy_price_ex,
    supplier_invoiced_on: (invoice) => invoice.supplier_invoiced_on,
  };
  return table;
}
