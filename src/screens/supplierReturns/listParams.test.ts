import { describe, expect, it } from 'vitest';
import type { ReturnListRow } from '../../db/supplierReturns/returnRecords';
import { formatRoute } from '../../lib/routes';
import { filterRows, filtersText, sortRows, returnListSpec } from './listParams';

const { parse: listParamsOf, format: queryOfListParams } = returnListSpec;

const row = (id: number, overrides: Partial<ReturnListRow> = {}): ReturnListRow => ({
  id,
  status: 'Incomplete',
  supplier: { id: 41, name: 'Acme Apparel' },
  outlet: { id: 1, name: 'Sydney CBD' },
  quantity: 2,
  claimInc: 10,
  creditReceivedInc: 0,
  createdOn: '2026-01-01T00:00:00Z',
  currency: 'AUD',
  creditNoteId: null,
  badge: null,
  searchText: `${id} acme apparel sydney cbd`,
  ...overrides,
});

const rows = [
  row(400001, { status: 'Finalised', claimInc: 30 }),
  row(400002, { status: 'In Progress', searchText: '400002 ra-77 bolt' }),
  row(400003, { claimInc: 5 }),
];

describe('supplier return list params', () => {
  it('reads the URL leniently and writes it back the same', () => {
    const params = listParamsOf({ status: 'In Progress', q: 'bolt', sort: 'claim', dir: 'sideways' });
    expect(params).toEqual({
      filters: { status: 'In Progress' },
      search: 'bolt',
      sort: { key: 'claim', direction: 'asc' },
    });
    expect(listParamsOf({ status: 'Lost' }).filters.status).toBeNull();
    expect(formatRoute('supplier-returns', [], queryOfListParams(params))).toBe(
      '#/supplier-returns?dir=asc&q=bolt&sort=claim&status=In+Progress',
    );
  });

  it('filters by status and every word of the search', () => {
    expect(filterRows(rows, { status: 'Incomplete' }, '').map((r) => r.id)).toEqual([400003]);
    expect(filterRows(rows, { status: null }, 'RA-77 bolt').map((r) => r.id)).toEqual([400002]);
  });

  it('sorts newest first by default, statuses in lifecycle order', () => {
    expect(sortRows(rows, null).map((r) => r.id)).toEqual([400003, 400002, 400001]);
    expect(sortRows(rows, { key: 'status', direction: 'asc' }).map((r) => r.id)).toEqual([
      400003, 400002, 400001,
    ]);
    expect(sortRows(rows, { key: 'claim', direction: 'desc' }).map((r) => r.id)).toEqual([
      400001, 400002, 400003,
    ]);
  });

  it('says why the list is empty', () => {
    expect(filtersText({ filters: { status: 'In Progress' }, search: ' x ', sort: null })).toBe(
      'in progress, matching “x”',
    );
  });
});
