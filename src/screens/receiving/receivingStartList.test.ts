/**
 * The receiving start screen's open-order list as data: a link keeps only an open status, the search wants
 * every word, and the dock's own order is newest ETA first with orders without an ETA last.
 */
import { describe, expect, it } from 'vitest';
import type { OpenOrderRow } from '../../db/receiving/openOrders';
import { filterRows, filtersText, openOrderListSpec, sortRows } from './receivingStartList';

const row = (id: number, fields: Partial<OpenOrderRow> = {}): OpenOrderRow => ({
  id,
  externalId: null,
  supplierName: 'Bolt',
  outletName: 'Sydney',
  status: 'OnOrder',
  eta: null,
  unitsOrdered: 10,
  unitsRemaining: 10,
  drafting: false,
  searchText: `po ${id}\nbolt`,
  ...fields,
});

describe('the open-order list', () => {
  it('keeps an open status from a link and drops a closed one', () => {
    expect(openOrderListSpec.parse({ status: 'BackOrder', q: 'acme' }).filters.status).toBe('BackOrder');
    expect(openOrderListSpec.parse({ status: 'Received' }).filters.status).toBeNull();
  });

  it('filters by status and every word of the search, and says so when nothing is left', () => {
    const rows = [
      row(1, { searchText: 'po 1\nacme tools' }),
      row(2, { status: 'BackOrder' }),
      row(3, { searchText: 'po 3\nacme' }),
    ];
    expect(filterRows(rows, { status: null }, 'acme TOOLS').map((r) => r.id)).toEqual([1]);
    expect(filterRows(rows, { status: 'BackOrder' }, '').map((r) => r.id)).toEqual([2]);
    expect(filtersText({ filters: { status: 'BackOrder' }, search: ' acme ', sort: null })).toBe(
      'of status Back order, matching “acme”',
    );
  });

  it('lists newest ETA first, orders without one last, ties newest first; a column sorts either way', () => {
    const rows = [
      row(1, { eta: '2026-03-01T00:00:00Z', unitsRemaining: 5 }),
      row(2, { eta: null, unitsRemaining: 1 }),
      row(3, { eta: '2026-04-01T00:00:00Z', unitsRemaining: 9 }),
      row(4, { eta: '2026-03-01T00:00:00Z', unitsRemaining: 7 }),
    ];
    expect(sortRows(rows, null).map((r) => r.id)).toEqual([3, 4, 1, 2]);
    expect(sortRows(rows, { key: 'remaining', direction: 'asc' }).map((r) => r.id)).toEqual([2, 1, 4, 3]);
  });
});
