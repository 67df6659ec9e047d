/**
 * A return item's sanity bounds (issue #26): the API bounds none of its quantity, prices or text, so the
 * form holds each to the bound a back office would set (src/db/edits/formBounds.ts), with its message.
 */
import { describe, expect, it } from 'vitest';
import { itemFormFor, validateItemForm, type ReturnItemForm } from './returnItems';

const form = (changes: Partial<ReturnItemForm>): ReturnItemForm => ({
  ...itemFormFor({ supplier_buy_ex: 12.5 }),
  reasonId: 3,
  ...changes,
});

describe('return item bounds', () => {
  it('refuses an absurd quantity, price, claim, invoice reference or note, each at its field', () => {
    expect(
      validateItemForm(
        5012,
        form({
          quantity: 999_999_999,
          originalBuyEx: 1_000_000.5,
          claimAmountEx: 1.23456,
          originalInvoice: 'I'.repeat(51),
          notes: 'n'.repeat(10_000),
        }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        quantity: ['Quantity must be 100,000 or less'],
        originalBuyEx: ['Bought at must be 1,000,000 or less'],
        claimAmountEx: ['The claim can have at most 4 decimal places'],
        originalInvoice: ['At most 50 characters (this has 51).'],
        notes: ['At most 2,000 characters (this has 10,000).'],
      },
    });
  });

  it('accepts each at its bound, and empty amounts', () => {
    const result = validateItemForm(
      5012,
      form({
        quantity: 100_000,
        originalBuyEx: 1_000_000,
        claimAmountEx: null,
        originalInvoice: 'I'.repeat(50),
        notes: 'n'.repeat(2_000),
      }),
    );
    expect(result.ok).toBe(true);
  });
});
