/**
 * The shared parts of a list's declaration: the URL read leniently and written back the same, every word of
 * a search, the sort with missing values last both ways and the list's own tie-break, and choices in order.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { formatRoute } from '../../lib/routes';
import { listSpec, naturalKey, positiveId, searchMatch, sortBy } from './listQuery';
import { choicesOf, isFiltering } from './listShell';

interface Filters {
  supplierId: number | null;
  state: 'open' | 'shut' | null;
}
const spec = listSpec<Filters, 'name' | 'total'>(
  {
    supplierId: { param: 'supplier', schema: positiveId },
    state: { param: 'state', schema: z.enum(['open', 'shut']) },
  },
  ['name', 'total'],
);

describe('listSpec', () => {
  it('reads filters, search and sort from their URL names and writes them back the same', () => {
    const params = spec.parse({ supplier: '41', state: 'open', q: 'bolt', sort: 'total', dir: 'desc' });
    expect(params).toEqual({
      filters: { supplierId: 41, state: 'open' },
      search: 'bolt',
      sort: { key: 'total', direction: 'desc' },
    });
    expect(formatRoute('x', [], spec.format(params))).toBe(
      '#/x?dir=desc&q=bolt&sort=total&state=open&supplier=41',
    );
    expect(spec.parse(spec.format(params) as Record<string, string>)).toEqual(params);
  });

  it('drops what is not valid instead of refusing the link', () => {
    expect(spec.parse({ supplier: '-3', state: 'ajar', sort: 'colour', dir: 'up', q: 'tee' })).toEqual({
      filters: { supplierId: null, state: null },
      search: 'tee',
      sort: null,
    });
    expect(spec.parse({ sort: 'name', dir: 'sideways' }).sort).toEqual({ key: 'name', direction: 'asc' });
    expect(spec.noFilters).toEqual({ supplierId: null, state: null });
    expect(isFiltering(spec.parse({}), spec.noFilters)).toBe(false);
    expect(isFiltering(spec.parse({ q: ' ' }), spec.noFilters)).toBe(false);
    expect(isFiltering(spec.parse({ state: 'shut' }), spec.noFilters)).toBe(true);
  });
});

describe('searchMatch', () => {
  it('wants every word, in any order and case', () => {
    const matches = searchMatch('  BOLT acme ');
    expect(matches('acme apparel bolt')).toBe(true);
    expect(matches('acme apparel')).toBe(false);
    expect(searchMatch('')('anything')).toBe(true);
  });
});

describe('sortBy', () => {
  interface Row {
    id: number;
    name: string | null;
  }
  const rows: Row[] = [
    { id: 1, name: 'S10' },
    { id: 2, name: null },
    { id: 3, name: 's9' },
    { id: 4, name: 'S10' },
  ];
  const rules = {
    values: { name: (row: Row) => naturalKey(row.name) },
    otherwise: { key: 'name' as const, direction: 'asc' as const },
    tie: (a: Row, b: Row) => b.id - a.id,
  };

  it('orders naturally, missing values last both ways, ties by the list’s own rule', () => {
    expect(sortBy(rows, null, rules).map((row) => row.id)).toEqual([3, 4, 1, 2]);
    expect(sortBy(rows, { key: 'name', direction: 'desc' }, rules).map((row) => row.id)).toEqual([
      4, 1, 3, 2,
    ]);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('choicesOf', () => {
  it('keeps the order the labels are written in', () => {
    expect(choicesOf({ yes: 'Account customers', no: 'Without an account' })).toEqual([
      { value: 'yes', label: 'Account customers' },
      { value: 'no', label: 'Without an account' },
    ]);
  });
});
