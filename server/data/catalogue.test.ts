/** Products: barcodes, codes, pricing, inventory, msl and their suppliers. */
import { describe, expect, test } from 'vitest';
import { ean13CheckDigit, isValidEan13 } from './index';
import { testState } from './testing';

const state = testState();
const products = [...state.products.values()];

describe('barcodes and codes', () => {
  test('the EAN-13 check digit matches published examples', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('590123412345')).toBe(7);
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
  });

  test('every supplier_sku2 is a valid, unique EAN-13', () => {
    const codes = products.map((product) => product.supplier_sku2);
    expect(codes.filter((code) => !isValidEan13(code))).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
  });

  test('supplier_sku and manufacturer_sku are unique too, so a scanner lookup finds one product', () => {
    for (const field of ['supplier_sku', 'manufacturer_sku'] as const) {
      const codes = products.map((product) => product[field]);
      expect(new Set(codes).size, field).toBe(codes.length);
    }
  });
});

describe('products', () => {
  test('sell_price_inc or markup_target, never both, and both styles occur', () => {
    for (const product of products)
      expect((product.sell_price_inc === null) !== (product.markup_target === null)).toBe(true);
    expect(products.some((product) => product.sell_price_inc === null)).toBe(true);
    expect(products.some((product) => product.markup_target === null)).toBe(true);
  });

  test('size, colour, brand and season are attributes with ids', () => {
    for (const product of products) {
      expect(product.attributes.map((attribute) => [attribute.id, attribute.name])).toEqual([
        [1, 'Size'],
        [2, 'Colour'],
        [3, 'Brand'],
        [4, 'Season'],
      ]);
      expect(product.short_description).toContain(product.attributes[0]!.value!.name);
    }
  });

  test('inventory lists 2..6 distinct outlets, and msl has exactly one entry per inventory row', () => {
    let rows = 0;
    const wrong: number[] = [];
    for (const product of products) {
      const outlets = product.inventory.map((stock) => stock.outlet.id);
      const ok =
        outlets.length >= 2 &&
        outlets.length <= Math.min(6, state.outlets.size) &&
        new Set(outlets).size === outlets.length &&
        outlets.every((outlet) => state.outlets.has(outlet) && state.msl.has(`${product.id}:${outlet}`));
      if (!ok) wrong.push(product.id);
      rows += outlets.length;
    }
    expect(wrong).toEqual([]);
    expect(state.msl.size).toBe(rows);
  });

  test("a product's supplier is real, with the same code; a retired supplier's products are disabled", () => {
    const wrong = products.filter((product) => {
      const supplier = state.suppliers.get(product.supplier.id);
      return (
        supplier?.supplier_code !== product.supplier.supplier_code ||
        product.disabled !== !supplier.is_enabled
      );
    });
    expect(wrong.map((product) => product.id)).toEqual([]);
  });
});

describe('product suppliers', () => {
  test('every product has a list with exactly one default: its own, live supplier', () => {
    expect(state.productSuppliers.size).toBe(state.products.size);
    const wrong: number[] = [];
    for (const product of products) {
      const list = state.productSuppliers.get(product.id) ?? [];
      const defaults = list.filter((entry) => entry.is_default);
      const ok =
        defaults.length === 1 &&
        defaults[0]!.supplier_code === product.supplier.supplier_code &&
        !defaults[0]!.is_deleted &&
        new Set(list.map((entry) => entry.supplier_code)).size === list.length &&
        list.every((entry) => entry.product_id === product.id);
      if (!ok) wrong.push(product.id);
    }
    expect(wrong).toEqual([]);
  });

  test('alternates and soft-deleted former suppliers occur', () => {
    const entries = [...state.productSuppliers.values()].flat();
    expect(entries.some((entry) => !entry.is_default && !entry.is_deleted)).toBe(true);
    expect(entries.some((entry) => entry.is_deleted)).toBe(true);
  });
});
