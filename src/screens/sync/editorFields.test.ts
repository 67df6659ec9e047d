import { describe, expect, it } from 'vitest';
import { bodyPath, editorFields, errorsByBodyPath } from './editorFields';

const body = {
  supplier_id: 3,
  note: 'hello',
  purchase_order_items: [{ product_id: 1, quantity_ordered: 0 }],
  delivery: { window: [1, 2] },
};

describe('bodyPath', () => {
  it('drops an optional body prefix and refuses non-body paths', () => {
    expect(bodyPath('body.purchase_order_items[0].quantity_ordered')).toBe(
      'purchase_order_items[0].quantity_ordered',
    );
    expect(bodyPath('purchase_order_items.0.quantity_ordered')).toBe(
      'purchase_order_items[0].quantity_ordered',
    );
    expect(bodyPath('$')).toBeNull();
    expect(bodyPath('params.id')).toBeNull();
  });
});

describe('editorFields', () => {
  it('offers one input per named field, typed by its current value', () => {
    const fields = editorFields({
      body,
      problem: {
        status: 422,
        title: 'Invalid',
        detail: null,
        errors: {
          'purchase_order_items.0.quantity_ordered': ['must be greater than 0'],
          'body.purchase_order_items[0].quantity_ordered': ['duplicate spelling'],
          note: ['too short'],
          delivery: ['bad'],
          $: ['whole body'],
        },
      },
      conflicts: [{ field: 'eta', base: null, local: '2025-01-01', server: '2025-02-01' }],
    });
    expect(fields).toEqual([
      {
        path: 'purchase_order_items[0].quantity_ordered',
        label: 'purchase_order_items.0.quantity_ordered',
        kind: 'number',
      },
      { path: 'note', label: 'note', kind: 'text' },
      { path: 'delivery', label: 'delivery', kind: 'json' },
      { path: 'eta', label: 'eta', kind: 'text' },
    ]);
  });

  it('offers nothing without a problem or conflicts', () => {
    expect(editorFields({ body })).toEqual([]);
  });
});

describe('errorsByBodyPath', () => {
  it('merges messages of both spellings under the canonical path', () => {
    const map = errorsByBodyPath({
      'body.items[0].qty': ['Too small'],
      'items.0.qty': ['must be positive'],
      'params.id': ['bad id'],
    });
    expect([...map]).toEqual([['items[0].qty', ['Too small', 'must be positive']]]);
  });
});
