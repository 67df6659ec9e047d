/**
 * Supplier invoices, supplier returns and credit notes (./supplierInvoice.ts, ./supplierReturn.ts,
 * ./creditNote.ts).
 */
import { describe, expect, test } from 'vitest';
import { CreditNoteItemSchema, CreditNoteSchema } from './creditNote';
import {
  sampleCreditNote,
  sampleCreditNoteItem,
  sampleDirectCosts,
  sampleSupplierInvoice,
  sampleSupplierReturn,
  sampleSupplierReturnItem,
} from './fixtures';
import {
  DirectCostsSchema,
  LANDED_COSTS_CALCULATIONS,
  SUPPLIER_INVOICE_STATUSES,
  SupplierInvoiceSchema,
} from './supplierInvoice';
import { SUPPLIER_RETURN_STATUSES, SupplierReturnItemSchema, SupplierReturnSchema } from './supplierReturn';
import { acceptsNull, edited, INT32_OVERFLOW, issueKeys, rejectsEach, REMOVE } from '../testing';

describe('SupplierInvoiceSchema', () => {
  const receiptItem = ['purchase_order_receipts', 0, 'purchase_order_receipt_items', 0];
  rejectsEach(test, SupplierInvoiceSchema, sampleSupplierInvoice, [
    ['status', ['status'], 'Draft'],
    ['status', ['status'], 'finalised'],
    ['status', ['status'], null],
    ['landed_costs_calculation', ['landed_costs_calculation'], 'Automatic'],
    ['created_on', ['created_on'], null],
    ['finalised_on', ['finalised_on'], '31/03/2026'],
    ['supplier_invoiced_on', ['supplier_invoiced_on'], 'soon'],
    ['id', ['id'], INT32_OVERFLOW],
    [
      'purchase_order_receipts[0].purchase_order_id',
      ['purchase_order_receipts', 0, 'purchase_order_id'],
      1.5,
    ],
    [
      'purchase_order_receipts[0].purchase_order_receipt_items[0].quantity_received',
      [...receiptItem, 'quantity_received'],
      INT32_OVERFLOW,
    ],
    [
      'purchase_order_receipts[0].purchase_order_receipt_items[0].include_tax',
      [...receiptItem, 'include_tax'],
      null,
    ],
    ['direct_costs.freight.total_ex', ['direct_costs', 'freight', 'total_ex'], '50'],
    ['direct_costs.duty.includes_tax', ['direct_costs', 'duty', 'includes_tax'], false],
    ['created_by.first_name', ['created_by', 'first_name'], 7],
    ['finalised_by', ['finalised_by'], REMOVE],
  ]);

  test.each(SUPPLIER_INVOICE_STATUSES)('status %s is accepted', (status) => {
    expect(issueKeys(SupplierInvoiceSchema, sampleSupplierInvoice({ status }))).toEqual([]);
  });

  test.each(LANDED_COSTS_CALCULATIONS)('landed_costs_calculation %s is accepted', (calculation) => {
    const invoice = sampleSupplierInvoice({
      international_order: true,
      landed_costs_calculation: calculation,
      currency_conversion: 0.65,
    });
    expect(issueKeys(SupplierInvoiceSchema, invoice)).toEqual([]);
  });

  test('a finalised invoice carries its finaliser and date', () => {
    const invoice = sampleSupplierInvoice({
      status: 'Finalised',
      finalised_on: '2026-03-05T10:00:00Z',
      finalised_by: { id: 7, user_code: null, first_name: 'Jane', surname: null },
    });
    expect(issueKeys(SupplierInvoiceSchema, invoice)).toEqual([]);
  });

  test('direct costs: freight and misc need their tax flag; duty has none', () => {
    expect(
      issueKeys(DirectCostsSchema, edited(sampleDirectCosts(), ['misc', 'includes_tax'], REMOVE)),
    ).toContain('misc.includes_tax');
  });
});

describe('SupplierReturnSchema', () => {
  rejectsEach(test, SupplierReturnSchema, sampleSupplierReturn, [
    ['supplier_return_status.name', ['supplier_return_status', 'name'], 'Cancelled'],
    ['notes', ['notes'], 'x'.repeat(8001)],
    ['return_authorisation', ['return_authorisation'], 'x'.repeat(101)],
    ['include_tax', ['include_tax'], null],
    ['total_return_quantity', ['total_return_quantity'], 2.5],
    ['supplier_address.country.name', ['supplier_address', 'country'], { id: 13 }],
    ['credit_note.supplier_reference', ['credit_note'], { id: 9001, supplier_reference: 'CN-3321' }],
    ['finalised_on', ['finalised_on'], 'done'],
    ['modified_by', ['modified_by'], null],
  ]);

  test('accepts the text bounds themselves', () => {
    const record = sampleSupplierReturn({ notes: 'x'.repeat(8000), return_authorisation: 'x'.repeat(100) });
    expect(issueKeys(SupplierReturnSchema, record)).toEqual([]);
  });

  test.each(SUPPLIER_RETURN_STATUSES)('status %s is accepted', (name) => {
    const record = sampleSupplierReturn({ supplier_return_status: { id: 2, name } });
    expect(issueKeys(SupplierReturnSchema, record)).toEqual([]);
  });

  test('a credited, finalised return', () => {
    const record = sampleSupplierReturn({
      supplier_return_status: { id: 3, name: 'Finalised' },
      started_on: '2026-03-04T09:00:00Z',
      finalised_on: '2026-03-06T09:00:00Z',
      credit_note: { id: 9001 },
      notes: null,
      return_authorisation: null,
    });
    expect(issueKeys(SupplierReturnSchema, edited(record, ['supplier_address', 'country'], null))).toEqual(
      [],
    );
  });
});

describe('SupplierReturnItemSchema', () => {
  rejectsEach(test, SupplierReturnItemSchema, sampleSupplierReturnItem, [
    ['supplier_return_item_status.name', ['supplier_return_item_status', 'name'], 'Returned'],
    ['return_quantity', ['return_quantity'], INT32_OVERFLOW],
    ['supplier_return_id', ['supplier_return_id'], null],
    ['product.colour', ['product', 'colour'], 'Black'],
    ['credit_note_item.credit_note_id', ['credit_note_item'], { id: 9101 }],
    ['claim_amount_ex', ['claim_amount_ex'], null],
  ]);

  test('a credited item', () => {
    const item = sampleSupplierReturnItem({ credit_note_item: { id: 9101, credit_note_id: 9001 } });
    expect(issueKeys(SupplierReturnItemSchema, item)).toEqual([]);
  });
});

describe('CreditNoteSchema', () => {
  rejectsEach(test, CreditNoteSchema, sampleCreditNote, [
    ['supplier_reference', ['supplier_reference'], 'x'.repeat(51)],
    ['total_credit_quantity', ['total_credit_quantity'], 1.5],
    ['total_applied_credit_quantity', ['total_applied_credit_quantity'], INT32_OVERFLOW],
    ['rounding_adjustment', ['rounding_adjustment'], null],
    ['created_on', ['created_on'], null],
    ['supplier_credited_on', ['supplier_credited_on'], 'Tuesday'],
    ['supplier.name', ['supplier', 'name'], null],
  ]);

  test('include_tax defaults to false when missing and stays null when null', () => {
    expect(CreditNoteSchema.parse(edited(sampleCreditNote(), ['include_tax'], REMOVE)).include_tax).toBe(
      false,
    );
    expect(CreditNoteSchema.parse(sampleCreditNote({ include_tax: null })).include_tax).toBeNull();
  });

  acceptsNull(test, CreditNoteSchema, sampleCreditNote, ['id', 'supplier_return_id', 'supplier_reference']);
});

describe('CreditNoteItemSchema', () => {
  rejectsEach(test, CreditNoteItemSchema, sampleCreditNoteItem, [
    ['credit_note_id', ['credit_note_id'], null],
    ['credit_quantity', ['credit_quantity'], 0.5],
    ['credit_amount_ex', ['credit_amount_ex'], '8.40'],
    ['modified_on', ['modified_on'], null],
    ['product.id', ['product', 'id'], INT32_OVERFLOW],
  ]);

  acceptsNull(test, CreditNoteItemSchema, sampleCreditNoteItem, [
    'id',
    'supplier_return_item_id',
    'credit_quantity',
    'credit_amount_ex',
    'total_credit_amount_inc',
  ]);
});
