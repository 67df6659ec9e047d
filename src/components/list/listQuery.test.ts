/**
 * The shared parts of a list's declaration: the URL read leniently and written back the same, every word of
 * a search, the sort with missing values last both ways and the list's own tie-break, and choices in order.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { formatRoute } from '../../lib/routes';
import {
  dayRangeText,
  isoDay,
  listSpec,
  narrowedBy,
  naturalKey,
  positiveId,
  searchMatch,
  sortBy,
} from './listQuery';
import { choicesOf, csvColumns, dateRange, isFiltering, statusFilter, type ListColumn } from './listShell';

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

  it('takes no sort from a link to a list that sorts by nothing; an emptied date is no filter', () => {
    const dated = listSpec<{ from: string | null }, never>({ from: { param: 'from', schema: isoDay } }, []);
    expect(dated.parse({ sort: 'name', dir: 'desc', from: '2026-03-01' })).toEqual({
      filters: { from: '2026-03-01' },
      search: '',
      sort: null,
    });
    expect(dated.parse({ from: '1/3/2026' }).filters.from).toBeNull();
    expect(isFiltering({ filters: { from: '' }, search: '', sort: null }, dated.noFilters)).toBe(false);
    // A setting (what the rows say, not which rows show) never counts as filtering.
    const dayOnly = { filters: { from: '2026-03-01' }, search: '', sort: null };
    expect(isFiltering(dayOnly, dated.noFilters)).toBe(true);
    expect(isFiltering(dayOnly, dated.noFilters, ['from'])).toBe(false);
    expect(isFiltering({ ...dayOnly, search: 'bolt' }, dated.noFilters, ['from'])).toBe(true);
  });
});

describe('csvColumns', () => {
  it('writes the declared values in order, a column’s companion right after it, nothing for a badge', () => {
    type Row = { amount: number; currency: string };
    const columns: ListColumn<Row, never>[] = [
      {
        key: 'amount',
        label: 'Total',
        csv: (row) => row.amount,
        csvAlso: { header: 'Currency', value: (row) => row.currency },
      },
      { key: 'badge', label: '' },
      { key: 'flag', label: '', csvHeader: 'Flagged', csv: () => 'No' },
    ];
    const csv = csvColumns(columns);
    expect(csv.map((column) => column.header)).toEqual(['Total', 'Currency', 'Flagged']);
    expect(csv.map((column) => column.value({ amount: 12.5, currency: 'NZD' }))).toEqual([12.5, 'NZD', 'No']);
  });

  it('writes several companions, one column each, for a column that shows more than one value', () => {
    type Row = Record<'AUD' | 'USD', number | null>;
    const columns: ListColumn<Row, never>[] = [
      {
        key: 'spend',
        label: 'Spend',
        csvAlso: (['AUD', 'USD'] as const).map((code) => ({
          header: `Spend ${code}`,
          value: (row) => row[code],
        })),
      },
    ];
    const csv = csvColumns(columns);
    expect(csv.map((column) => column.header)).toEqual(['Spend AUD', 'Spend USD']);
    expect(csv.map((column) => column.value({ AUD: 10, USD: null }))).toEqual([10, null]);
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

describe('the words and filters every list shares', () => {
  it('says why a list is empty from the filters that are set, then the search', () => {
    expect(narrowedBy(' bo ', 'of status Open', false, null, dayRangeText('due', null, '2026-03-31'))).toBe(
      'of status Open, due on or before 2026-03-31, matching “bo”',
    );
    expect(narrowedBy('', dayRangeText('due', '2026-03-01', '2026-03-31'))).toBe(
      'due 2026-03-01 to 2026-03-31',
    );
    expect(narrowedBy(' ', dayRangeText('due', null, null))).toBe('');
  });

  it('offers each status in words, and refuses a range of days the wrong way round', () => {
    type Filters = { status: string | null; from: string | null; to: string | null };
    expect(statusFilter<Filters>(['OnOrder'], (name) => name.toUpperCase()).options).toEqual([
      { value: 'OnOrder', label: 'ONORDER' },
    ]);
    const [, to] = dateRange<Filters>({ key: 'from', label: 'ETA from' }, { key: 'to', label: 'ETA to' });
    const error = (from: string | null, until: string | null) =>
      to!.error!({ status: null, from, to: until });
    expect(error('2026-03-02', '2026-03-01')).toBe('Must be on or after “ETA from”');
    expect(error('2026-03-01', '2026-03-01')).toBeUndefined();
    expect(error(null, '2026-03-01')).toBeUndefined();
  });
});
