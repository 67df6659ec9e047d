import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldValueText } from './fieldLabels';
import { setOwnCurrency } from './ownCurrency';

describe('fieldLabel', () => {
  it('names supplier invoice fields in words, by op kind or by record kind', () => {
    expect(fieldLabel('updateSupplierInvoice', 'supplier_invoice_number')).toBe('Invoice number');
    expect(fieldLabel('updateSupplierInvoice', 'direct_costs.freight.total_ex')).toBe('Freight (ex tax)');
    expect(fieldLabel('supplierInvoice', 'supplier_invoiced_on')).toBe("Supplier's invoice date");
    expect(fieldLabel('createSupplierInvoice', 'direct_costs.duty.total_ex')).toBe('Duty (ex tax)');
  });

  it('reads the paths problems and zod give (body prefix, dotted or bracketed positions)', () => {
    expect(fieldLabel('updateSupplierInvoice', 'body.direct_costs.misc.includes_tax')).toBe(
      'Misc costs include tax',
    );
    const path = 'purchase_order_receipts[0].purchase_order_receipt_items[2].quantity_faulty';
    expect(fieldLabel('createSupplierInvoice', path)).toBe('Faulty (receipt 1, line 3)');
    expect(fieldLabel('createPurchaseOrder', 'purchase_order_items.1.quantity_ordered')).toBe(
      'Quantity ordered (line 2)',
    );
  });

  it('names customer fields as the customer form does: ABN, nested flags, delivery addresses by number', () => {
    expect(fieldLabel('updateCustomer', 'abn')).toBe('ABN');
    expect(fieldLabel('createCustomer', 'body.marketing.receive_sms')).toBe('Receives SMS');
    expect(fieldLabel('updateCustomer', 'account_customer.credit_limit')).toBe('Credit limit');
    expect(fieldLabel('updateCustomer', 'delivery_addresses[1].postcode')).toBe(
      'Postcode (delivery address 2)',
    );
    expect(fieldValueText('updateCustomer', 'account_customer.credit_blocked', true)).toBe('Yes');
  });

  it('falls back to a humanised name, never the raw path', () => {
    expect(fieldLabel('updateCustomer', 'delivery_addresses[1].mobile')).toBe(
      'Delivery addresses (2) › Mobile',
    );
    expect(fieldLabel('updateSupplier', 'supplier.id')).toBe('Supplier');
    expect(fieldLabel('somethingNew', 'direct_costs.freight.total_tax')).toBe(
      'Direct costs › Freight › Total tax',
    );
    expect(fieldLabel('updateSupplierInvoice', '$')).toBe('$');
    expect(fieldLabel('updateSupplierInvoice', '')).toBe('The whole change');
  });
});

describe('fieldValueText', () => {
  it('shows dates as the calendar day, whether the server or the form spelled them', () => {
    const server = fieldValueText('updateSupplierInvoice', 'supplier_invoiced_on', '2026-03-16T00:00:00Z');
    const form = fieldValueText('updateSupplierInvoice', 'supplier_invoiced_on', '2026-03-16');
    expect(server).toBe(form);
    expect(server).toMatch(/16/);
  });

  it('shows amounts with two decimals, flags as Yes / No, and says when a value is empty', () => {
    // The field does not say the amount's currency: no symbol, even once the business's own is known.
    setOwnCurrency('AUD');
    expect(fieldValueText('updateSupplierInvoice', 'direct_costs.freight.total_ex', 85)).toBe('85.00');
    setOwnCurrency(null);
    expect(fieldValueText('updateSupplierInvoice', 'international_order', true)).toBe('Yes');
    expect(fieldValueText('updateSupplierInvoice', 'direct_costs.freight.includes_tax', false)).toBe('No');
    expect(fieldValueText('updateSupplierInvoice', 'notes', null)).toBe('(empty)');
    expect(fieldValueText('updateSupplierInvoice', 'notes', undefined)).toBe('(not set)');
    expect(fieldValueText('updateSupplierInvoice', 'notes', 'Checked')).toBe('Checked');
    expect(fieldValueText('updateSupplierInvoice', 'origin_country', { id: 3 })).toBe('{"id":3}');
  });
});

describe("item-keyed bodies (a product's supplier links)", () => {
  it('names a conflict by the link and the field, and a server problem by position', () => {
    expect(fieldLabel('updateProductSuppliers', 'ACME.lead_time')).toBe('Lead time (days), supplier ACME');
    expect(fieldLabel('updateProductSuppliers', 'C%2E1.supplier_buy_ex')).toBe(
      'Buy price (ex tax), supplier C.1',
    );
    expect(fieldLabel('updateProductSuppliers', 'ACME')).toBe('Supplier ACME');
    expect(fieldLabel('updateProductSuppliers', '[0].supplier_code')).toBe('Item 1 › Supplier code');
  });

  it("reads a link's values by their field, and a link gone from the server in words", () => {
    expect(fieldValueText('updateProductSuppliers', 'ACME.supplier_buy_ex', 12.5)).toMatch(/12\.50/);
    expect(fieldValueText('updateProductSuppliers', 'ACME.is_default', true)).toBe('Yes');
    expect(fieldValueText('updateProductSuppliers', 'ACME', undefined)).toBe('(no longer on the server)');
  });
});
