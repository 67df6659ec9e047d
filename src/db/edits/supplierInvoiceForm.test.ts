/**
 * The invoice form's sanity bounds (issue #26): each bound and the distribution choice, with the exact
 * message the clerk sees at the field.
 */
import { describe, expect, it } from 'vitest';
import { sampleSupplierInvoice } from '../../api/resources/fixtures';
import {
  DISTRIBUTE_COSTS_BY,
  FINALISE_NEEDS_DATE,
  finaliseErrorsOf,
  invoiceFormOf,
  validateInvoiceForm,
  type InvoiceForm,
} from './supplierInvoiceForm';

const invoice = { ...sampleSupplierInvoice({ id: 7001 }), _fetchedAt: '2026-03-09T00:00:00Z' };
const form = (changes: Partial<InvoiceForm>): InvoiceForm => ({ ...invoiceFormOf(invoice), ...changes });
const errorsOf = (changes: Partial<InvoiceForm>, seen = invoice) => {
  const result = validateInvoiceForm(form(changes), seen);
  return result.ok ? {} : result.errors;
};

describe('invoice form bounds', () => {
  it('accepts the form as it opens', () => {
    expect(validateInvoiceForm(form({}), invoice).ok).toBe(true);
  });

  it('bounds the rounding adjustment to a thousand either way, in whole cents', () => {
    expect(errorsOf({ roundingAdjustment: 99_999_999_999_999 })).toEqual({
      roundingAdjustment: ['Rounding adjustment must be 1,000 or less'],
    });
    expect(errorsOf({ roundingAdjustment: -1000.01 })).toEqual({
      roundingAdjustment: ['Rounding adjustment must be -1,000 or more'],
    });
    expect(errorsOf({ roundingAdjustment: 0.015 })).toEqual({
      roundingAdjustment: ['Rounding adjustment must be in whole cents (at most 2 decimal places)'],
    });
    expect(errorsOf({ roundingAdjustment: -1000 })).toEqual({});
    expect(errorsOf({ roundingAdjustment: 0.1 + 0.2 })).toEqual({});
  });

  it('bounds freight, misc and duty to a billion in whole cents, keeping the contract’s refusal of negatives', () => {
    expect(errorsOf({ freightEx: 1_000_000_000.01, miscEx: 2e9, dutyEx: 12.345 })).toEqual({
      freightEx: ['Freight must be 1,000,000,000 or less'],
      miscEx: ['Misc costs must be 1,000,000,000 or less'],
      dutyEx: ['Duty must be in whole cents (at most 2 decimal places)'],
    });
    expect(errorsOf({ freightEx: -5 })).toEqual({ freightEx: ['Freight cannot be negative'] });
    expect(errorsOf({ freightEx: 1_000_000_000 })).toEqual({});
  });

  it('bounds the conversion rate to 100,000', () => {
    expect(errorsOf({ landedCosts: 'Currency Conversion', currencyConversion: 100_001 })).toEqual({
      currencyConversion: ['The conversion rate must be 100,000 or less'],
    });
  });

  it('bounds notes to 2,000 characters and the invoice number to 50, saying how long the text is', () => {
    expect(errorsOf({ notes: 'x'.repeat(10_000), number: 'N'.repeat(51) })).toEqual({
      notes: ['At most 2,000 characters (this has 10,000).'],
      number: ['At most 50 characters (this has 51).'],
    });
    expect(errorsOf({ notes: 'x'.repeat(2000), number: 'N'.repeat(50) })).toEqual({});
  });

  it('takes distribute-costs-by from its list only, keeping a stored value the list lacks', () => {
    for (const choice of DISTRIBUTE_COSTS_BY) expect(errorsOf({ distributeCostsBy: choice })).toEqual({});
    expect(errorsOf({ distributeCostsBy: 'Banana' })).toEqual({
      distributeCostsBy: ['Choose Value, Quantity or Weight'],
    });
    const legacy = { ...invoice, distribute_costs_by: 'Cost' };
    expect(errorsOf({ distributeCostsBy: 'Cost' }, legacy)).toEqual({});
    expect(errorsOf({ distributeCostsBy: '' }, { ...invoice, distribute_costs_by: null })).toEqual({});
    // Without the invoice to compare with, only the list is accepted.
    expect(validateInvoiceForm(form({ distributeCostsBy: 'Cost' }))).toMatchObject({ ok: false });
  });

  it('holds only the fields the user changed: a value the server holds does not block another edit', () => {
    const absurd = { ...invoice, rounding_adjustment: 99_999_999_999_999, notes: 'x'.repeat(3000) };
    expect(errorsOf({ number: 'INV-2' }, absurd)).toEqual({});
    expect(errorsOf({ roundingAdjustment: 5_000 }, absurd)).toEqual({
      roundingAdjustment: ['Rounding adjustment must be 1,000 or less'],
    });
  });

  it('reports every broken bound at once', () => {
    expect(
      Object.keys(
        errorsOf({ roundingAdjustment: 1e14, distributeCostsBy: 'Banana', notes: 'x'.repeat(2001) }),
      ),
    ).toEqual(['notes', 'roundingAdjustment', 'distributeCostsBy']);
  });
});

describe('finaliseErrorsOf', () => {
  it('refuses an invoice without the supplier’s invoice date, at the date field', () => {
    expect(finaliseErrorsOf({ supplier_invoiced_on: null })).toEqual({ invoicedOn: [FINALISE_NEEDS_DATE] });
    expect(finaliseErrorsOf({ supplier_invoiced_on: '2026-03-03T00:00:00Z' })).toBeNull();
  });
});
