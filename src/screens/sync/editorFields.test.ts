/**
 * The sync centre's edit form offers the change's fields a clerk recognises, labelled in words (the line and
 * its product, the field's name), the ones the server named always, ids never unless named.
 */
import { describe, expect, it } from 'vitest';
import type { OpRecord } from '../../db/ops';
import { bodyPath, editorFields, errorsByBodyPath, MAX_EDITOR_FIELDS } from './editorFields';

const names = { products: new Map([[101, 'Ember dome tent']]), orderLines: new Map() };
const order = (items: number, errors: Record<string, string[]> = {}): Parameters<typeof editorFields>[0] => ({
  kind: 'createPurchaseOrder' as OpRecord['kind'],
  body: {
    supplier: { id: 7 },
    outlet: { id: 1 },
    eta: '2026-04-01',
    purchase_order_items: Array.from({ length: items }, (_, index) => ({
      product: { id: 101 + index },
      quantity_ordered: 24,
      supplier_buy_ex: 12.5,
    })),
  },
  problem: { status: 400, title: 'Bad Request', detail: null, errors },
});

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
  it("offers the order's fields in words, in body order, ids left out, the named one marked", () => {
    const { fields, left } = editorFields(
      order(1, { 'purchase_order_items.0.quantity_ordered': ['Must be at most 10'] }),
      names,
    );
    expect(fields).toEqual([
      { path: 'eta', label: 'ETA', kind: 'date', named: false },
      {
        path: 'purchase_order_items[0].quantity_ordered',
        label: 'Line 1 — Ember dome tent: quantity ordered',
        kind: 'number',
        named: true,
      },
      {
        path: 'purchase_order_items[0].supplier_buy_ex',
        label: 'Line 1 — Ember dome tent: buy price (ex tax)',
        kind: 'number',
        named: false,
      },
    ]);
    expect(left).toBe(0);
  });

  it('offers a named reference, a named field the body lacks, and a yes/no flag', () => {
    const { fields } = editorFields({
      kind: 'updateSupplier',
      body: { shipping_port: { id: 9 }, is_enabled: true, unknown_thing: { deep: [1] } },
      problem: {
        status: 400,
        title: 'Bad Request',
        detail: null,
        errors: { 'shipping_port.id': ['No shipping port with id 9'], order_email: ['Required'] },
      },
    });
    expect(fields.map(({ path, label, kind }) => [path, label, kind])).toEqual([
      ['shipping_port.id', 'Shipping port', 'number'],
      ['is_enabled', 'Enabled', 'yesNo'],
      ['order_email', 'Order email', 'text'],
    ]);
  });

  it('keeps a long order to a readable form, never cutting a field the server named', () => {
    const { fields, left } = editorFields(
      order(40, { 'purchase_order_items[39].quantity_ordered': ['x'] }),
      names,
    );
    expect(fields).toHaveLength(MAX_EDITOR_FIELDS);
    expect(left).toBe(1 + 80 - MAX_EDITOR_FIELDS);
    expect(fields.at(-1)?.path).toBe('purchase_order_items[39].quantity_ordered');
  });
});

describe('errorsByBodyPath', () => {
  it('merges messages of both spellings under the canonical path; the rest under the whole change', () => {
    const map = errorsByBodyPath({
      'body.items[0].qty': ['Too small'],
      'items.0.qty': ['must be positive'],
      'params.id': ['bad id'],
    });
    expect([...map]).toEqual([
      ['items[0].qty', ['Too small', 'must be positive']],
      ['$', ['bad id']],
    ]);
  });
});
