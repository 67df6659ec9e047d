import { describe, expect, it } from 'vitest';
import { buildFilter, buildOrder, buildSelect, escapeValue, queryFor, where } from './build';

describe('escapeValue', () => {
  it('escapes backslash, pipe and comma, nothing else', () => {
    expect(escapeValue('a\\b|c,d:e')).toBe('a\\\\b\\|c\\,d:e');
    expect(escapeValue('\\|')).toBe('\\\\\\|');
  });
});

describe('buildFilter', () => {
  it('writes every arity, keys, typed values and ISO dates', () => {
    expect(
      buildFilter([
        { field: 'status', op: 'in', values: ['OnOrder', 'Receiving, part|1'] },
        { field: 'eta', op: 'gt', values: [new Date(Date.UTC(2026, 0, 2, 3, 4, 5))] },
        { field: 'eta', op: 'lt', values: ['2026-02-01'] },
        { field: 'id', op: 'neq', values: [-7] },
        { field: 'sales_channel', key: '3', op: 'eq', values: [true] },
        { field: 'attribute', key: '12', op: 'isnotnull', values: [] },
      ]),
    ).toBe(
      'status:in:OnOrder|Receiving\\, part\\|1,eta:gt:2026-01-02T03:04:05.000Z,eta:lt:2026-02-01,id:neq:-7,' +
        'sales_channel:3:eq:true,attribute:12:isnotnull',
    );
    expect(buildFilter([])).toBe('');
  });

  it.each([
    [{ field: 'id', op: 'eq', values: [1, 2] }, 'operator "eq" takes exactly one value, got 2'],
    [{ field: 'id', op: 'in', values: [] }, 'operator "in" takes at least one value, got 0'],
    [{ field: 'id', op: 'isnull', values: [1] }, 'operator "isnull" takes no value, got 1'],
    [{ field: 'id', op: 'eq', values: [Number.NaN] }, 'value NaN is not a finite number'],
    [{ field: 'name', op: 'eq', values: [''] }, 'empty string value (use isnullorempty)'],
    [
      { field: 'eta', op: 'eq', values: [new Date(Number.NaN)] },
      'cannot write date Invalid Date as an ISO date-time',
    ],
    [{ field: 'id,x', op: 'eq', values: [1] }, 'field name "id,x" is not a plain field name'],
    [
      { field: 'attribute', key: 'a:b', op: 'isnull', values: [] },
      'key "a:b" of field "attribute" is not a whole-number id',
    ],
  ] as const)('throws on unwritable clause %j', (clause, message) => {
    expect(() => buildFilter([clause])).toThrow(message);
  });
});

describe('buildOrder and buildSelect', () => {
  it('write comma-separated entries', () => {
    expect(
      buildOrder([
        { field: 'eta', direction: 'desc' },
        { field: 'sales_channel', key: '2', direction: 'asc' },
      ]),
    ).toBe('eta desc,sales_channel:2 asc');
    expect(buildSelect(['id', 'po_id'])).toBe('id,po_id');
    expect(buildOrder([])).toBe('');
  });

  it('throw on malformed entries', () => {
    expect(() => buildOrder([{ field: 'id', direction: 'up' as 'asc' }])).toThrow(
      'direction "up" is not asc or desc',
    );
    expect(() => buildSelect(['id name'])).toThrow('field name "id name" is not a plain field name');
  });
});

describe('fluent helpers', () => {
  it('where() builds clauses for any field', () => {
    expect(where('status').eq('OnOrder')).toEqual({ field: 'status', op: 'eq', values: ['OnOrder'] });
    expect(where('attribute', 5).in('red', 'blue')).toEqual({
      field: 'attribute',
      key: '5',
      op: 'in',
      values: ['red', 'blue'],
    });
    expect(where('eta').isnull()).toEqual({ field: 'eta', op: 'isnull', values: [] });
  });

  it('queryFor() types values per field and writes dates as ISO', () => {
    const po = queryFor('searchPurchaseOrders');
    expect(po.where('eta').gte(new Date(Date.UTC(2026, 5, 1)))).toEqual({
      field: 'eta',
      op: 'gte',
      values: ['2026-06-01T00:00:00.000Z'],
    });
    expect(po.where('id').in(1, 2)).toEqual({ field: 'id', op: 'in', values: [1, 2] });
    expect(po.order('eta', 'desc')).toEqual({ field: 'eta', direction: 'desc' });
    expect(queryFor('searchCustomers').where('sales_channel', 4).eq(true)).toEqual({
      field: 'sales_channel',
      key: '4',
      op: 'eq',
      values: [true],
    });
  });

  it('queryFor() rejects at run time what the table forbids, with the parser message', () => {
    const po = queryFor('searchPurchaseOrders');
    expect(() => po.where('eta').contains('2026')).toThrow(
      'filter_by clause "eta:contains:2026": operator "contains" is not available for date field "eta"',
    );
    expect(() => po.where('id').eq(1.5)).toThrow('value "1.5" of integer field "id" is not an integer');
    expect(() => queryFor('searchCustomers').where('sales_channel').eq(true)).toThrow('needs an id segment');
  });

  it('queryFor() checks field names and value types at compile time', () => {
    const po = queryFor('searchPurchaseOrders');
    // @ts-expect-error: colour is a purchase order item field, not a purchase order field
    expect(() => po.where('colour')).not.toThrow();
    // @ts-expect-error: id is an integer field
    expect(() => po.where('id').eq('1')).not.toThrow();
    // @ts-expect-error: product_id can be filtered but not ordered by
    po.order('product_id', 'asc');
  });
});
