import { describe, expect, it } from 'vitest';
import { invoiceListSpec, NO_FILTERS } from './listColumns';
import { filterRows, filtersText, sortRows, type InvoiceListRow } from './listRows';

const { parse: listParamsOf, format: queryOfListParams } = invoiceListSpec;

const row = (overrides: Partial<InvoiceListRow> & { id: number }): InvoiceListRow => ({
  number: `INV-${overrides.id}`,
  status: 'In Progress',
  poIds: [100],
  suppliers: [{ id: 1, name: 'Acme Apparel' }],
  invoicedOn: '2026-03-03T00:00:00Z',
  totalEx: 100,
  totalInc: 110,
  currency: 'AUD',
  badge: null,
  searchText: `inv-${overrides.id}\npo 100\nacme apparel`,
  ...overrides,
});

describe('list params in the URL', () => {
  it('reads filters, search and sort, and writes them back the same', () => {
    const query = {
      status: 'Finalised',
      supplier: '7',
      from: '2026-03-01',
      to: '2026-03-31',
      q: 'acme',
      sort: 'total',
      dir: 'desc',
    };
    const params = listParamsOf(query);
    expect(params).toEqual({
      filters: { status: 'Finalised', supplierId: 7, from: '2026-03-01', to: '2026-03-31' },
      search: 'acme',
      sort: { key: 'total', direction: 'desc' },
    });
    expect(queryOfListParams(params)).toEqual({ ...query, supplier: 7 });
  });

  it('drops what is not valid instead of breaking the list', () => {
    expect(
      listParamsOf({ status: 'Draft', supplier: 'x', from: '3/1/2026', sort: 'colour', dir: 'up' }),
    ).toEqual({
      filters: NO_FILTERS,
      search: '',
      sort: null,
    });
    expect(listParamsOf({ sort: 'number' }).sort).toEqual({ key: 'number', direction: 'asc' });
  });
});

describe('filterRows', () => {
  const rows = [
    row({ id: 1, status: 'Finalised', invoicedOn: '2026-02-27T00:00:00Z' }),
    row({ id: 2, suppliers: [{ id: 2, name: 'Beta' }], searchText: 'inv-2\npo 200\nbeta\nbeta01' }),
    row({ id: 3, invoicedOn: null }),
    row({ id: 4, invoicedOn: '2026-03-31T00:00:00Z' }),
  ];
  const ids = (found: InvoiceListRow[]) => found.map((r) => r.id);

  it('filters by status, supplier and the supplier invoice date (both ends included)', () => {
    expect(ids(filterRows(rows, { ...NO_FILTERS, status: 'Finalised' }, ''))).toEqual([1]);
    expect(ids(filterRows(rows, { ...NO_FILTERS, supplierId: 2 }, ''))).toEqual([2]);
    expect(ids(filterRows(rows, { ...NO_FILTERS, from: '2026-03-03', to: '2026-03-31' }, ''))).toEqual([
      2, 4,
    ]);
    // An invoice without a date is not in any date range.
    expect(ids(filterRows(rows, { ...NO_FILTERS, to: '2026-03-03' }, ''))).toEqual([1, 2]);
  });

  it('searches every word anywhere in the number, orders and suppliers', () => {
    expect(ids(filterRows(rows, NO_FILTERS, 'BETA01'))).toEqual([2]);
    expect(ids(filterRows(rows, NO_FILTERS, 'po 200 beta'))).toEqual([2]);
    expect(ids(filterRows(rows, NO_FILTERS, '  '))).toEqual([1, 2, 3, 4]);
    expect(ids(filterRows(rows, NO_FILTERS, 'gamma'))).toEqual([]);
  });
});

describe('sortRows', () => {
  const ids = (rows: InvoiceListRow[]) => rows.map((r) => r.id);
  const rows = [
    row({ id: 10, number: 'INV-10', totalInc: 5, suppliers: [] }),
    row({ id: -2, number: 'INV-9', totalInc: 50, suppliers: [{ id: 2, name: 'beta' }] }),
    row({ id: 12, number: null, totalInc: 20, suppliers: [{ id: 1, name: 'Acme' }] }),
    row({ id: -3, number: 'inv-100', totalInc: 20, suppliers: [{ id: 3, name: 'Zed' }] }),
  ];

  it('puts the newest first by default: received here (temp ids) on top', () => {
    expect(ids(sortRows(rows, null))).toEqual([-3, -2, 12, 10]);
  });

  it('orders numbers naturally and ignoring case, missing values last in either direction', () => {
    expect(ids(sortRows(rows, { key: 'number', direction: 'asc' }))).toEqual([-2, 10, -3, 12]);
    expect(ids(sortRows(rows, { key: 'number', direction: 'desc' }))).toEqual([-3, 10, -2, 12]);
    expect(ids(sortRows(rows, { key: 'supplier', direction: 'asc' }))).toEqual([12, -2, -3, 10]);
  });

  it('orders amounts as numbers, ties by recency', () => {
    expect(ids(sortRows(rows, { key: 'total', direction: 'desc' }))).toEqual([-2, -3, 12, 10]);
  });

  it('does not change the rows it is given', () => {
    const before = ids(rows);
    sortRows(rows, { key: 'total', direction: 'asc' });
    expect(ids(rows)).toEqual(before);
  });
});

describe('filtersText', () => {
  it('says which filters hide the invoices', () => {
    const params = listParamsOf({ status: 'Finalised', supplier: '2', from: '2026-03-01', q: ' acme ' });
    expect(filtersText(params, (id) => (id === 2 ? 'Beta' : '?'))).toBe(
      'status Finalised, supplier Beta, dated on or after 2026-03-01, matching “acme”',
    );
  });
});
