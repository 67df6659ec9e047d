/** order_by semantics: multi-field, nulls, case, references, keyed and order-only fields, ties by id. */
import { describe, expect, it } from 'vitest';
import { searchPage, type AccessorTable } from './engine';
import { byName } from './values';

interface C {
  id: number;
  name: string | null;
  points: number | null;
  channels: number[];
  home: { id: number; name: string } | null;
}

const c = (id: number, name: string | null, points: number | null, fields: Partial<C> = {}): C => ({
  id,
  name,
  points,
  channels: [],
  home: null,
  ...fields,
});

const accessors: AccessorTable<C> = {
  first_name: (r) => r.name,
  loyalty_points_available: (r) => r.points,
  sales_channel: (r, key) => r.channels.includes(Number(key)),
  home_outlet_name: (r) => byName(r.home),
};

// Deliberately not in id order, with ties on both fields.
const rows: C[] = [
  c(5, 'bob', 3),
  c(2, 'Alice', 7),
  c(9, 'alice', 7),
  c(4, null, 1),
  c(1, 'Bob', null),
  c(7, 'alice', 2),
  c(3, null, null),
];

const order = (order_by: string | undefined, data: C[] = rows) =>
  searchPage(data, order_by === undefined ? {} : { order_by }, {
    op: 'searchCustomers',
    accessors,
    idOf: (r) => r.id,
    view: (r) => r.id,
  }).data;

describe('order_by', () => {
  it('defaults to id ascending', () => {
    expect(order(undefined)).toEqual([1, 2, 3, 4, 5, 7, 9]);
  });

  it('sorts nulls first under asc, case-insensitively, ties by id ascending', () => {
    expect(order('first_name asc')).toEqual([3, 4, 2, 7, 9, 1, 5]);
  });

  it('desc is the exact reverse per entry (nulls last) but ties stay id ascending', () => {
    expect(order('first_name desc')).toEqual([1, 5, 2, 7, 9, 3, 4]);
  });

  it('applies entries left to right', () => {
    expect(order('first_name asc, loyalty_points_available desc')).toEqual([4, 3, 2, 9, 7, 5, 1]);
    expect(order('loyalty_points_available asc,first_name desc')).toEqual([1, 3, 4, 7, 5, 2, 9]);
  });

  it('orders a keyed field with its key (false < true)', () => {
    const data = [c(1, 'a', 1, { channels: [2] }), c(2, 'b', 1), c(3, 'c', 1, { channels: [2, 5] })];
    expect(order('sales_channel:2 desc', data)).toEqual([1, 3, 2]);
    expect(order('sales_channel:5 desc, first_name desc', data)).toEqual([3, 2, 1]);
  });

  it('orders a reference by its name', () => {
    const data = [
      c(1, 'a', 1, { home: { id: 1, name: 'Zetland' } }),
      c(2, 'b', 1, { home: { id: 2, name: 'alexandria' } }),
      c(3, 'c', 1),
    ];
    expect(order('home_outlet_name asc', data)).toEqual([3, 2, 1]);
  });

  it('is stable for equal ids (rows in input order)', () => {
    const data = [c(1, 'z', 1), c(1, 'x', 1), c(1, 'y', 1)];
    expect(
      searchPage(
        data,
        { order_by: 'loyalty_points_available asc' },
        {
          op: 'searchCustomers',
          accessors,
          idOf: (r) => r.id,
          view: (r) => r.name,
        },
      ).data,
    ).toEqual(['z', 'x', 'y']);
  });
});

describe('order-only fields (no type in the filter table)', () => {
  interface Item {
    id: number;
    created_on: string;
    credit_quantity: number | null;
    sku: string | null;
  }
  const items: Item[] = [
    { id: 1, created_on: '2026-03-02T10:00:00+10:00', credit_quantity: 10, sku: 'b' }, // 00:00Z
    { id: 2, created_on: '2026-03-01T23:30:00Z', credit_quantity: 9, sku: 'A' },
    { id: 3, created_on: '2026-03-02T00:30:00', credit_quantity: null, sku: null }, // 00:30Z
  ];
  const itemOrder = (order_by: string) =>
    searchPage(
      items,
      { order_by },
      {
        op: 'searchCreditNoteItems',
        accessors: {
          created_on: (r: Item) => r.created_on,
          credit_quantity: (r: Item) => r.credit_quantity,
          supplier_sku: (r: Item) => r.sku,
        },
        idOf: (r) => r.id,
        view: (r) => r.id,
      },
    ).data;

  it('orders date strings as instants, numbers numerically, strings case-insensitively', () => {
    expect(itemOrder('created_on asc')).toEqual([2, 1, 3]);
    expect(itemOrder('credit_quantity asc')).toEqual([3, 2, 1]); // 9 < 10 numerically, null first
    expect(itemOrder('supplier_sku desc')).toEqual([1, 2, 3]);
  });
});

describe('many order entries (ranks too wide to pack into one number)', () => {
  // Seven entries over 300 rows with distinct values: 302^7 × 300 exceeds 2^53, so the comparator sort runs.
  const FIELDS = [
    'loyalty_points_available',
    'loyalty_points_available_value',
    'loyalty_points_redeemed',
    'loyalty_points_to_date',
    'account_customer_payment_terms',
    'account_customer_credit_limit',
    'id',
  ] as const;
  type Wide = Record<(typeof FIELDS)[number], number | null>;
  const rows: Wide[] = Array.from({ length: 300 }, (_, i) => {
    const row = {} as Wide;
    FIELDS.forEach((field, f) => {
      row[field] = (i * (f + 7) * 7919) % 151; // repeats, so later entries break ties
    });
    row.loyalty_points_available = i % 3 === 0 ? null : row.loyalty_points_available;
    row.id = 300 - i;
    return row;
  });
  const accessors = Object.fromEntries(FIELDS.map((field) => [field, (row: Wide) => row[field]]));

  it('orders exactly like a reference comparator', () => {
    const directions = FIELDS.map((_, f) => (f % 2 ? 'desc' : 'asc'));
    const order_by = FIELDS.map((field, f) => `${field} ${directions[f]}`).join(',');
    const actual = searchPage(
      rows,
      { order_by, page_size: 1000 },
      {
        op: 'searchCustomers',
        accessors,
        idOf: (r) => r.id!,
        view: (r) => r.id,
      },
    ).data;
    const expected = [...rows]
      .sort((a, b) => {
        for (const [f, field] of FIELDS.entries()) {
          const sign = directions[f] === 'desc' ? -1 : 1;
          const x = a[field];
          const y = b[field];
          if (x === y) continue;
          if (x === null) return -sign;
          if (y === null) return sign;
          return (x - y) * sign;
        }
        return a.id! - b.id!;
      })
      .map((r) => r.id);
    expect(actual).toEqual(expected);
  });
});
