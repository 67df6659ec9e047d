import { describe, expect, it } from 'vitest';
import type { SupplierListRow } from '../../db/suppliers/supplierRecords';
import { filterRows, filtersText, sortRows, supplierListSpec } from './listParams';

const { parse: listParamsOf, format: queryOfListParams } = supplierListSpec;

const row = (id: number, code: string | null, name: string | null, enabled = true): SupplierListRow => ({
  id,
  code,
  name,
  contact: null,
  phone: null,
  email: null,
  enabled,
  badge: null,
  searchText: [code, name].filter(Boolean).join(' ').toLowerCase(),
});

const rows = [row(1, 'S10', 'Zeta Goods'), row(2, 'S9', 'alpha Traders', false), row(3, null, null)];

describe('the URL', () => {
  it('keeps status, search and sort, and drops what is not valid', () => {
    const params = listParamsOf({ status: 'disabled', q: 'alpha', sort: 'code', dir: 'desc' });
    expect(params).toEqual({
      filters: { status: 'disabled' },
      search: 'alpha',
      sort: { key: 'code', direction: 'desc' },
    });
    expect(listParamsOf(queryOfListParams(params) as Record<string, string>)).toEqual(params);
    expect(listParamsOf({ status: 'gone', sort: 'colour', dir: 'up' })).toEqual({
      filters: { status: null },
      search: '',
      sort: null,
    });
  });
});

describe('filtering and sorting', () => {
  it('matches every word of the search in code or name, and the status', () => {
    expect(filterRows(rows, { status: null }, 'S9 ALPHA').map((r) => r.id)).toEqual([2]);
    expect(filterRows(rows, { status: 'enabled' }, '').map((r) => r.id)).toEqual([1, 3]);
    expect(filterRows(rows, { status: 'disabled' }, 'zeta')).toEqual([]);
  });

  it('sorts naturally ignoring case, missing values last in both directions', () => {
    expect(sortRows(rows, null).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, { key: 'code', direction: 'asc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, { key: 'code', direction: 'desc' }).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('says why nothing matches', () => {
    expect(filtersText({ filters: { status: 'disabled' }, search: ' zeta ', sort: null })).toBe(
      'disabled, matching “zeta”',
    );
  });
});
