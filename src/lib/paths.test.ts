import { describe, expect, it } from 'vitest';
import { canonicalPath, formatPath, getPath, parsePath, pathUnder, setPath } from './paths';

const body = {
  supplier_id: 4,
  purchase_order_items: [
    { product_id: 10, quantity_ordered: 2 },
    { product_id: 11, quantity_ordered: 0 },
  ],
  note: null,
};

describe('parsePath / formatPath', () => {
  it('reads dotted and bracket paths as the same segments', () => {
    const expected = ['purchase_order_items', 1, 'quantity_ordered'];
    expect(parsePath('purchase_order_items.1.quantity_ordered')).toEqual(expected);
    expect(parsePath('purchase_order_items[1].quantity_ordered')).toEqual(expected);
    expect(parsePath('items[0][2]')).toEqual(['items', 0, 2]);
    expect(parsePath('[3].name')).toEqual([3, 'name']);
    expect(parsePath('a["b c"]')).toEqual(['a', 'b c']);
  });

  it('spells a path one canonical way, the way zod issue paths are spelled', () => {
    expect(formatPath(['items', 0, 'quantity'])).toBe('items[0].quantity');
    expect(canonicalPath('items.0.quantity')).toBe(canonicalPath('items[0].quantity'));
    expect(canonicalPath('[0].a')).toBe('[0].a');
  });

  it('strips a root segment, or keeps a path without it when the root is optional', () => {
    expect(pathUnder('body.items[0].qty', 'body')).toBe('items[0].qty');
    expect(pathUnder('params.id', 'body')).toBeNull();
    expect(pathUnder('items.0.qty', 'body', true)).toBe('items[0].qty');
    expect(pathUnder('body', 'body', true)).toBeNull();
  });
});

describe('getPath', () => {
  it('finds values in nested objects and arrays', () => {
    expect(getPath(body, 'purchase_order_items.1.quantity_ordered')).toBe(0);
    expect(getPath(body, 'purchase_order_items[0].product_id')).toBe(10);
    expect(getPath(body, 'note')).toBeNull();
  });

  it('answers undefined for missing levels and inherited keys', () => {
    expect(getPath(body, 'purchase_order_items[5].quantity_ordered')).toBeUndefined();
    expect(getPath(body, 'supplier_id.name')).toBeUndefined();
    expect(getPath(body, 'constructor')).toBeUndefined();
    expect(getPath(null, 'a')).toBeUndefined();
  });
});

describe('setPath', () => {
  it('returns a changed copy and leaves the input alone', () => {
    const next = setPath(body, 'purchase_order_items.1.quantity_ordered', 5);
    expect(getPath(next, 'purchase_order_items[1].quantity_ordered')).toBe(5);
    expect(body.purchase_order_items[1]!.quantity_ordered).toBe(0);
    expect(next.purchase_order_items[0]).toBe(body.purchase_order_items[0]);
    expect(Array.isArray(next.purchase_order_items)).toBe(true);
  });

  it('creates missing levels: arrays for indexes, objects for names', () => {
    expect(setPath({}, 'a[1].b', 'x')).toEqual({ a: [undefined, { b: 'x' }] });
    expect(setPath(undefined, 'a.b', 1)).toEqual({ a: { b: 1 } });
  });

  it('writes a digit key on an object as a key, not an index', () => {
    expect(setPath({ map: { '7': 'a' } }, 'map.7', 'b')).toEqual({ map: { '7': 'b' } });
  });

  it('refuses prototype keys', () => {
    expect(() => setPath({}, '__proto__.polluted', true)).toThrow();
    expect(() => setPath({}, 'a.constructor.prototype', true)).toThrow();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
