import { describe, expect, it } from 'vitest';
import type { ProductListRow } from '../../db/products/productSearch';
import { productListSpec, sortRows } from './listParams';

const row = (id: number, description: string, sku: string, available: number): ProductListRow => ({
  id,
  description,
  sku,
  barcode: '',
  manufacturerSku: '',
  supplier: 'Acme',
  available,
});

describe('product list params', () => {
  it('reads the search and sort from the URL and drops what is not valid', () => {
    expect(productListSpec.parse({ q: 'bolt', sort: 'sku', dir: 'desc' })).toEqual({
      filters: {},
      search: 'bolt',
      sort: { key: 'sku', direction: 'desc' },
    });
    expect(productListSpec.parse({ sort: 'price', dir: 'up' })).toEqual({
      filters: {},
      search: '',
      sort: null,
    });
    expect(productListSpec.format({ filters: {}, search: 'nut', sort: null })).toEqual({
      q: 'nut',
      sort: undefined,
      dir: undefined,
    });
  });

  it('sorts naturally by the key, ties by description; unsorted keeps the match order', () => {
    const rows = [row(1, 'Bolt', 'S10', 5), row(2, 'Anchor', 'S9', 5), row(3, 'Clip', 'S100', 0)];
    expect(sortRows(rows, { key: 'sku', direction: 'asc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, { key: 'available', direction: 'desc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, null).map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
