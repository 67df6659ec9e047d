/**
 * The accessors over a generated state (server/data, small dataset): every accessor reads a valid search
 * value from every generated record, and the purchase order item accessors agree with the item view on the
 * derived fields (inventory, msl, pricing), so a filter never contradicts the response it selects.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_FIELDS, type SearchOperationId } from '../../src/api/query';
import { generateState } from '../data';
import { purchaseOrderItemView } from '../domain/views/purchaseOrder';
import { purchaseOrderItemAccessors, purchaseOrderItemRows, searchPage } from './index';
import { isSearchValue, searchCases } from './searchCases';
import { instantOf } from './values';

const state = generateState({ dataset: 'small', seed: 1 });
const items = [...state.purchaseOrders.values()].flatMap(purchaseOrderItemRows);

const CASES = searchCases(state);

describe.each(Object.keys(CASES) as SearchOperationId[])('%s over a generated state', (op) => {
  const { accessors, rows } = CASES[op];
  const { filter, order, select } = SEARCH_FIELDS[op];
  const table = filter as Record<string, { type: string; keyed?: boolean }>;
  const fields = [...new Set([...Object.keys(filter), ...order, ...select])];

  // The problems are collected and compared once: an expect per value (hundreds of thousands on the item
  // search) made this slow enough to hit the test timeout on a loaded machine.
  it('reads a valid value of the declared type for every field of every record', () => {
    if (op !== 'searchShipmentTypes') expect(rows.length).toBeGreaterThan(0);
    const problems = new Set<string>();
    for (const row of rows) {
      for (const field of fields) {
        const value = (accessors[field] as (row: unknown, key?: string) => unknown)(
          row,
          table[field]?.keyed ? '1' : undefined,
        );
        if (!isSearchValue(value)) problems.add(`${op}.${field}: not a search value`);
        const type = table[field]?.type;
        const scalars = (Array.isArray(value) ? value : [value]).filter((v) => v !== null);
        for (const scalar of scalars) {
          if (type === 'date' && instantOf(scalar) === null)
            problems.add(`${op}.${field}: ${String(scalar)} is not a date`);
          if ((type === 'integer' || type === 'number') && typeof scalar !== 'number')
            problems.add(`${op}.${field}: ${typeof scalar}, not a number`);
          if (type === 'boolean' && typeof scalar !== 'boolean')
            problems.add(`${op}.${field}: ${typeof scalar}, not a boolean`);
        }
      }
    }
    expect([...problems]).toEqual([]);
  });
});

describe('purchase order items: accessors agree with the item view', () => {
  const accessors = purchaseOrderItemAccessors(state);
  const read = (field: string, row: (typeof items)[number]) => accessors[field]!(row, undefined);

  it('on inventory, msl and pricing', () => {
    for (const row of items) {
      const view = purchaseOrderItemView(state, row.order, row.item);
      expect(read('quantity_available', row)).toBe(view.inventory.quantity_available);
      expect(read('quantity_on_order', row)).toBe(view.inventory.quantity_on_order);
      expect(read('msl', row)).toBe(view.inventory.msl);
      expect(read('pricing_sell_price_inc', row)).toBe(view.pricing.sell_price_inc);
      expect(read('pricing_promotional_price_inc', row)).toBe(view.pricing.promotional_price_inc);
      expect(read('pricing_promotional_price_start', row)).toBe(view.pricing.promotional_price_start);
      expect(read('pricing_promotional_price_end', row)).toBe(view.pricing.promotional_price_end);
      expect(read('supplier_sku', row)).toBe(view.product.supplier_sku);
    }
  });

  it('finds items by a generated attribute value (size) and product', () => {
    const sample = items[0]!;
    const size = read('size', sample) as string;
    const page = searchPage(
      items,
      { filter_by: `size:eq:${size.replace(/[\\|,]/g, '\\$&')}`, page_size: 100_000 },
      {
        op: 'searchPurchaseOrderItems',
        accessors,
        idOf: (row) => row.item.po_item_id,
        view: (row) => row,
      },
    );
    expect(page.total_records).toBeGreaterThan(0);
    expect(page.data.every((row) => read('size', row as typeof sample) === size)).toBe(true);
  });
});
