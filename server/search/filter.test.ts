/**
 * Every filter operator (src/api/query/index.ts) on every field type, over synthetic rows: the engine is
 * exercised through real grammar tables (customers, purchase orders, survey segments) with accessors reading
 * plain test rows, so these tests do not depend on any resource's accessors.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { searchPage, type AccessorTable } from './engine';
import { byName } from './values';

interface T {
  id: number;
  name: string | null;
  points: number | null;
  limit: number;
  email: boolean;
  created: string;
  survey: Record<string, string | null>;
  channels: number[];
  home: { id: number; name: string } | null;
  groups: { id: number; name: string }[];
}

const row = (id: number, fields: Partial<T>): T => ({
  id,
  name: null,
  points: null,
  limit: 0,
  email: false,
  created: '2026-01-01T00:00:00Z',
  survey: {},
  channels: [],
  home: null,
  groups: [],
  ...fields,
});

// Customers' table types these fields: first_name string?, loyalty_points_available number?,
// account_customer_credit_limit number, receive_email boolean, created_on date, survey keyed string?,
// sales_channel keyed boolean, id integer, price_group_standard string? (several values per customer).
const customers: T[] = [
  row(1, { name: 'Alice', points: 10, limit: 100.5, email: true, created: '2026-03-01T00:00:00Z' }),
  row(2, {
    name: 'bob',
    limit: -5,
    created: '2026-03-02T09:15:00Z',
    survey: { '3': 'Friend' },
    channels: [1, 2],
  }),
  // The same instant as row 2, written with an offset.
  row(3, { name: '', points: 0, email: true, created: '2026-03-02T19:15:00+10:00', channels: [2] }),
  // No offset: read as UTC.
  row(4, { points: 2.5, limit: 7, created: '2026-03-03T00:00:00', survey: { '3': null } }),
  row(5, {
    name: 'a|b,c',
    points: 100,
    limit: 12,
    created: '2026-03-04',
    survey: { '3': 'friend of a friend' },
  }),
  row(6, { name: 'ALICE', points: 24, limit: 24, groups: [{ id: 9, name: 'Wholesale' }] }),
  row(7, {
    name: 'Zed',
    groups: [
      { id: 8, name: 'Retail' },
      { id: 9, name: 'Wholesale' },
    ],
  }),
];

const customerAccessors: AccessorTable<T> = {
  id: (r) => r.id,
  first_name: (r) => r.name,
  loyalty_points_available: (r) => r.points,
  account_customer_credit_limit: (r) => r.limit,
  receive_email: (r) => r.email,
  created_on: (r) => r.created,
  survey: (r, key) => (key === undefined ? null : (r.survey[key] ?? null)),
  sales_channel: (r, key) => r.channels.includes(Number(key)),
  home_outlet_name: (r) => byName(r.home),
  price_group_standard: (r) => r.groups.map(byName),
};

/** The customers' search over test rows, each answered as its id; `where` filters first. */
function searchIds(rows: T[], request: Record<string, unknown>, where?: (row: T) => boolean) {
  return searchPage(rows, request, {
    op: 'searchCustomers',
    accessors: customerAccessors,
    idOf: (r) => r.id,
    view: (r) => r.id,
    where,
  }).data as number[];
}

function ids(filter_by: string, rows = customers): number[] {
  return searchIds(rows, { filter_by, page_size: 1000 });
}

describe('string fields (case-insensitive)', () => {
  it.each([
    ['first_name:eq:alice', [1, 6]],
    ['first_name:neq:alice', [2, 3, 4, 5, 7]], // null is not equal to alice
    ['first_name:in:ALICE|Bob', [1, 2, 6]],
    ['first_name:notin:alice|bob', [3, 4, 5, 7]],
    ['first_name:contains:li', [1, 6]],
    ['first_name:doesnotcontain:li', [2, 3, 4, 5, 7]],
    ['first_name:startswith:AL', [1, 6]],
    ['first_name:endswith:E', [1, 6]],
    ['first_name:isnull', [4]],
    ['first_name:isnotnull', [1, 2, 3, 5, 6, 7]],
    ['first_name:isnullorempty', [3, 4]],
  ])('%s', (filter, expected) => expect(ids(filter)).toEqual(expected));

  it('unescapes \\| and \\, in values', () => {
    expect(ids('first_name:eq:a\\|b\\,c')).toEqual([5]);
    expect(ids('first_name:in:zed|a\\|b\\,c')).toEqual([5, 7]);
    expect(ids('first_name:contains:\\|b\\,')).toEqual([5]);
  });
});

describe('number fields', () => {
  it.each([
    ['loyalty_points_available:eq:2.5', [4]],
    ['loyalty_points_available:neq:0', [1, 2, 4, 5, 6, 7]],
    ['loyalty_points_available:lt:10', [3, 4]],
    ['loyalty_points_available:lte:10', [1, 3, 4]],
    ['loyalty_points_available:gt:10', [5, 6]],
    ['loyalty_points_available:gte:10', [1, 5, 6]],
    ['loyalty_points_available:in:0|100', [3, 5]],
    ['loyalty_points_available:notin:0|100', [1, 2, 4, 6, 7]],
    ['loyalty_points_available:isnull', [2, 7]],
    ['loyalty_points_available:isnotnull', [1, 3, 4, 5, 6]],
    ['loyalty_points_available:isnullorempty', [2, 7]],
    // Text operators read the number as JSON writes it.
    ['loyalty_points_available:contains:0', [1, 3, 5]],
    ['loyalty_points_available:startswith:2', [4, 6]],
    ['loyalty_points_available:endswith:4', [6]],
    ['loyalty_points_available:doesnotcontain:0', [2, 4, 6, 7]],
    ['account_customer_credit_limit:lt:0', [2]],
    ['account_customer_credit_limit:gte:24', [1, 6]],
    ['account_customer_credit_limit:eq:100.5', [1]],
  ])('%s', (filter, expected) => expect(ids(filter)).toEqual(expected));
});

describe('integer fields', () => {
  it.each([
    ['id:eq:3', [3]],
    ['id:neq:3', [1, 2, 4, 5, 6, 7]],
    ['id:gt:5', [6, 7]],
    ['id:lte:2', [1, 2]],
    ['id:in:1|7|99', [1, 7]],
    ['id:notin:1|2|3|4', [5, 6, 7]],
  ])('%s', (filter, expected) => expect(ids(filter)).toEqual(expected));
});

describe('boolean fields', () => {
  it.each([
    ['receive_email:eq:true', [1, 3]],
    ['receive_email:neq:true', [2, 4, 5, 6, 7]],
    ['receive_email:in:true|false', [1, 2, 3, 4, 5, 6, 7]],
    ['receive_email:notin:false', [1, 3]],
    ['receive_email:gt:false', [1, 3]], // false < true
    ['receive_email:lte:false', [2, 4, 5, 6, 7]],
    ['receive_email:startswith:true', [1, 3]], // text operators read true/false
  ])('%s', (filter, expected) => expect(ids(filter)).toEqual(expected));
});

describe('date fields (instants; offset-less and calendar dates are UTC)', () => {
  it.each([
    ['created_on:eq:2026-03-02T09:15:00Z', [2, 3]],
    ['created_on:eq:2026-03-02T20:15:00+11:00', [2, 3]],
    ['created_on:eq:2026-03-02T09:15:00', [2, 3]],
    ['created_on:neq:2026-03-02T09:15:00.000Z', [1, 4, 5, 6, 7]],
    ['created_on:lt:2026-03-02T09:15:00Z', [1, 6, 7]],
    ['created_on:lte:2026-03-02T09:15:00Z', [1, 2, 3, 6, 7]],
    ['created_on:gt:2026-03-03', [5]],
    ['created_on:gte:2026-03-03', [4, 5]],
    ['created_on:gte:2026-03-03T10:00:00+10:00', [4, 5]],
    ['created_on:in:2026-03-04|2026-03-01T00:00:00Z', [1, 5]],
    ['created_on:notin:2026-01-01T00:00:00Z', [1, 2, 3, 4, 5]],
  ])('%s', (filter, expected) => expect(ids(filter)).toEqual(expected));

  it('isnull / isnotnull on a nullable date (purchase order eta)', () => {
    const rows = [
      { id: 1, eta: null },
      { id: 2, eta: '2026-03-20T00:00:00Z' },
    ];
    const search = (filter_by: string) =>
      searchPage(
        rows,
        { filter_by },
        {
          op: 'searchPurchaseOrders',
          accessors: { eta: (r: (typeof rows)[number]) => r.eta },
          idOf: (r) => r.id,
          view: (r) => r.id,
        },
      ).data;
    expect(search('eta:isnull')).toEqual([1]);
    expect(search('eta:isnotnull')).toEqual([2]);
    expect(search('eta:gt:2026-01-01')).toEqual([2]);
    expect(search('eta:lt:2027-01-01')).toEqual([2]); // null never matches a range
  });
});

describe('keyed fields', () => {
  it.each([
    ['survey:3:eq:friend', [2]],
    ['survey:3:contains:friend', [2, 5]],
    ['survey:3:isnull', [1, 3, 4, 6, 7]],
    ['survey:3:isnotnull', [2, 5]],
    ['survey:4:isnull', [1, 2, 3, 4, 5, 6, 7]],
    ['sales_channel:2:eq:true', [2, 3]],
    ['sales_channel:1:eq:false', [1, 3, 4, 5, 6, 7]],
    ['sales_channel:1:eq:true,sales_channel:2:eq:true', [2]],
  ])('%s', (filter, expected) => expect(ids(filter)).toEqual(expected));
});

describe('references and multi-valued fields', () => {
  const withHome = customers.map((c) => (c.id <= 2 ? { ...c, home: { id: 12, name: 'Sydney CBD' } } : c));

  it('matches a reference by name, case-insensitively, and eq/in also by id', () => {
    expect(ids('home_outlet_name:eq:sydney cbd', withHome)).toEqual([1, 2]);
    expect(ids('home_outlet_name:eq:12', withHome)).toEqual([1, 2]);
    expect(ids('home_outlet_name:in:99|12', withHome)).toEqual([1, 2]);
    expect(ids('home_outlet_name:neq:12', withHome)).toEqual([3, 4, 5, 6, 7]);
    expect(ids('home_outlet_name:contains:1', withHome)).toEqual([]); // text operators look at the name only
    expect(ids('home_outlet_name:isnull', withHome)).toEqual([3, 4, 5, 6, 7]);
  });

  it('any value of a list matches a positive operator; negatives are complements; empty is null', () => {
    expect(ids('price_group_standard:eq:wholesale')).toEqual([6, 7]);
    expect(ids('price_group_standard:eq:8')).toEqual([7]);
    expect(ids('price_group_standard:neq:retail')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids('price_group_standard:startswith:re')).toEqual([7]);
    expect(ids('price_group_standard:isnull')).toEqual([1, 2, 3, 4, 5]);
    expect(ids('price_group_standard:isnotnull')).toEqual([6, 7]);
  });
});

describe('clauses, where and errors', () => {
  it('combines clauses with AND and applies `where` first', () => {
    expect(ids('first_name:contains:a,receive_email:eq:true')).toEqual([1]);
    expect(searchIds(customers, { filter_by: 'first_name:isnotnull' }, (r) => r.id % 2 === 0)).toEqual([
      2, 6,
    ]);
  });

  it('answers an invalid clause with a 400 naming the parameter', () => {
    const attempt = (request: Record<string, string>) => () => searchIds(customers, request);
    expect(attempt({ filter_by: 'first_name:lt:x' })).toThrow(ApiError);
    let thrown: unknown;
    try {
      attempt({ filter_by: 'nope:eq:1' })();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(400);
    expect(Object.keys((thrown as ApiError).errors ?? {})).toEqual(['filter_by']);
    expect(attempt({ order_by: 'first_name sideways' })).toThrow(/order_by/);
    expect(attempt({ select: 'id' })).toThrow(/select/); // customers have no select fields
  });

  it('rejects grammar parameters for an operation without grammar (op: null)', () => {
    const search = (request: Record<string, string>) =>
      searchPage([{ id: 1 }], request, { op: null, accessors: {}, idOf: (r) => r.id, view: (r) => r });
    expect(search({}).data).toEqual([{ id: 1 }]);
    expect(() => search({ filter_by: 'name:eq:x' })).toThrow(ApiError);
  });

  it('reports a missing accessor as a simulator bug, not a client error', () => {
    expect(() => searchIds(customers, { filter_by: 'email:eq:x' })).toThrow(/no accessor for field "email"/);
  });
});
