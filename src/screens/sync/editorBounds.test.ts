/** The correction form holds quantities, prices and notes to the record forms' bounds, by field name. */
import { describe, expect, it } from 'vitest';
import { boundErrors } from './editorBounds';
import type { EditorField } from './editorFields';

const field = (path: string, label: string, kind: EditorField['kind'] = 'number'): EditorField => ({
  path,
  label,
  kind,
  named: false,
});

describe('boundErrors', () => {
  const fields = [
    field('purchase_order_items[0].quantity_ordered', 'Line 1 — Ember dome tent: quantity ordered'),
    field('purchase_order_items[0].supplier_buy_ex', 'Line 1 — Ember dome tent: buy price (ex tax)'),
    field('notes', 'Notes', 'text'),
  ];

  it('refuses a quantity past 100,000, a price with more than 4 decimals and over-long notes', () => {
    const draft = {
      notes: 'x'.repeat(2_001),
      purchase_order_items: [{ quantity_ordered: 999_999_999, supplier_buy_ex: 1.23456 }],
    };
    expect(boundErrors(fields, draft)).toEqual({
      'purchase_order_items[0].quantity_ordered': [
        'Line 1 — Ember dome tent: quantity ordered must be 100,000 or less',
      ],
      'purchase_order_items[0].supplier_buy_ex': [
        'Line 1 — Ember dome tent: buy price (ex tax) can have at most 4 decimal places',
      ],
      notes: ['At most 2,000 characters (this has 2,001).'],
    });
  });

  it('lets values within the bounds through', () => {
    const draft = {
      notes: 'Ring first',
      purchase_order_items: [{ quantity_ordered: 8, supplier_buy_ex: 12.5 }],
    };
    expect(boundErrors(fields, draft)).toEqual({});
  });
});
