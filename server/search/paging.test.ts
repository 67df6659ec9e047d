/** Paging (envelope, defaults, pages past the end), select projection, and a paging/ordering property. */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE, searchPage, type AccessorTable, type SearchRequest } from './engine';
import { byName } from './values';

interface R {
  id: number;
  name: string | null;
  points: number | null;
}

const accessors: AccessorTable<R> = {
  first_name: (r) => r.name,
  loyalty_points_available: (r) => r.points,
};

const search = (rows: R[], request: SearchRequest) =>
  searchPage(rows, request, { op: 'searchCustomers', accessors, idOf: (r) => r.id, view: (r) => r.id });

describe('paging', () => {
  const rows = Array.from({ length: 250 }, (_, i): R => ({ id: i + 1, name: `n${i % 7}`, points: i % 5 }));

  it('defaults to page 1 of DEFAULT_PAGE_SIZE rows and echoes the paging values', () => {
    const page = search(rows, {});
    expect(page.page_number).toBe(1);
    expect(page.page_size).toBe(DEFAULT_PAGE_SIZE);
    expect(page.total_records).toBe(250);
    expect(page.data).toHaveLength(Math.min(250, DEFAULT_PAGE_SIZE));
  });

  it('returns the last partial page and an empty page past the end', () => {
    expect(search(rows, { page_number: 3, page_size: 100 }).data).toEqual(
      Array.from({ length: 50 }, (_, i) => 201 + i),
    );
    const past = search(rows, { page_number: 4, page_size: 100 });
    expect(past).toEqual({ data: [], page_number: 4, page_size: 100, total_records: 250 });
  });

  it('counts every matching row in total_records, not the page', () => {
    const page = search(rows, { filter_by: 'loyalty_points_available:eq:0', page_size: 3 });
    expect(page.total_records).toBe(50);
    expect(page.data).toEqual([1, 6, 11]);
  });

  it('rejects page numbers and sizes below 1', () => {
    expect(() => search(rows, { page_number: 0 })).toThrow(/page_number/);
    expect(() => search(rows, { page_size: 0 })).toThrow(/page_size/);
  });
});

describe('select', () => {
  interface Item {
    id: number;
    buy: number | null;
    status: { id: number; name: string };
  }
  const items: Item[] = [
    { id: 2, buy: 8.4, status: { id: 1, name: 'Open' } },
    { id: 1, buy: null, status: { id: 2, name: 'Closed' } },
  ];
  const itemAccessors: AccessorTable<Item> = {
    id: (r) => r.id,
    product_supplier_buy_ex: (r) => r.buy,
    po_id: (r) => byName(r.status), // a reference projects to its name
    quantity_remaining: () => undefined, // undefined projects to null
  };

  it('returns exactly the selected names, in page order, without calling view', () => {
    const view = vi.fn((r: Item) => r);
    const page = searchPage(
      items,
      { select: 'product_supplier_buy_ex, id,po_id,quantity_remaining' },
      {
        op: 'searchPurchaseOrderItems',
        accessors: itemAccessors,
        idOf: (r) => r.id,
        view,
      },
    );
    expect(page.data).toEqual([
      { product_supplier_buy_ex: null, id: 1, po_id: 'Closed', quantity_remaining: null },
      { product_supplier_buy_ex: 8.4, id: 2, po_id: 'Open', quantity_remaining: null },
    ]);
    expect(Object.keys(page.data[0] as object)).toEqual([
      'product_supplier_buy_ex',
      'id',
      'po_id',
      'quantity_remaining',
    ]);
    expect(view).not.toHaveBeenCalled();
  });

  it('calls view only for the rows of the page', () => {
    const view = vi.fn((r: Item) => r.id);
    searchPage(
      items,
      { page_size: 1, page_number: 2 },
      {
        op: 'searchPurchaseOrderItems',
        accessors: itemAccessors,
        idOf: (r) => r.id,
        view,
      },
    );
    expect(view).toHaveBeenCalledTimes(1);
  });
});

/** Reference semantics for the property: nulls first, case-insensitive names, ties by id. */
function referenceCompare(order: readonly (readonly [keyof R, 1 | -1])[]) {
  return (a: R, b: R): number => {
    for (const [field, sign] of order) {
      const x = typeof a[field] === 'string' ? (a[field] as string).toLowerCase() : a[field];
      const y = typeof b[field] === 'string' ? (b[field] as string).toLowerCase() : b[field];
      if (x === y) continue;
      if (x === null) return -sign;
      if (y === null) return sign;
      return (x < y ? -1 : 1) * sign;
    }
    return a.id - b.id;
  };
}

const ORDERS = [
  { text: undefined, spec: [] },
  { text: 'first_name asc', spec: [['name', 1]] },
  {
    text: 'first_name desc, loyalty_points_available asc',
    spec: [
      ['name', -1],
      ['points', 1],
    ],
  },
  { text: 'loyalty_points_available desc', spec: [['points', -1]] },
] as const;

const FILTERS = [
  { text: undefined, test: () => true },
  { text: 'first_name:startswith:a', test: (r: R) => r.name?.toLowerCase().startsWith('a') === true },
  { text: 'loyalty_points_available:gte:2', test: (r: R) => r.points !== null && r.points >= 2 },
  { text: 'first_name:neq:b', test: (r: R) => r.name?.toLowerCase() !== 'b' },
] as const;

const rowsArbitrary = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 60 }).chain((ids) =>
  fc.tuple(
    ...ids.map((id) =>
      fc.record({
        id: fc.constant(id),
        name: fc.constantFrom(null, 'a', 'A', 'ab', 'b', 'B', ''),
        points: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
      }),
    ),
  ),
);

describe('paging property', () => {
  it('pages 1..n partition the ordered matches exactly, for any page size', () => {
    fc.assert(
      fc.property(
        rowsArbitrary,
        fc.constantFrom(...ORDERS),
        fc.constantFrom(...FILTERS),
        fc.integer({ min: 1, max: 15 }),
        (rows, order, filter, pageSize) => {
          const base: SearchRequest = {
            ...(order.text ? { order_by: order.text } : {}),
            ...(filter.text ? { filter_by: filter.text } : {}),
          };
          const expected = rows
            .filter(filter.test)
            .sort(referenceCompare(order.spec))
            .map((r) => r.id);
          const seen: unknown[] = [];
          const pages = Math.ceil(expected.length / pageSize);
          for (let n = 1; n <= pages + 1; n++) {
            const page = search(rows, { ...base, page_number: n, page_size: pageSize });
            expect(page.total_records).toBe(expected.length);
            expect(page.page_number).toBe(n);
            expect(page.page_size).toBe(pageSize);
            if (n <= pages)
              expect(page.data.length).toBe(Math.min(pageSize, expected.length - (n - 1) * pageSize));
            else expect(page.data).toEqual([]);
            seen.push(...page.data);
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
