import { describe, expect, it } from 'vitest';
import type { CreditNoteListRow } from '../../db/creditNotes/creditNoteRecords';
import { formatRoute } from '../../lib/routes';
import { filterRows, filtersText, partyChoices, sortRows, creditNoteListSpec } from './listParams';

const { parse: listParamsOf, format: queryOfListParams } = creditNoteListSpec;

const row = (id: number, overrides: Partial<CreditNoteListRow> = {}): CreditNoteListRow => ({
  id,
  supplier: { id: 41, name: 'Acme Apparel' },
  outlet: { id: 1, name: 'Sydney CBD' },
  supplierReference: `CN-${id}`,
  creditedOn: null,
  quantity: 1,
  totalEx: 10,
  totalInc: 11,
  currency: 'AUD',
  returnId: null,
  searchText: `cn-${id} ${id} acme apparel sydney cbd`,
  ...overrides,
});

const rows = [
  row(9, { totalInc: 50 }),
  row(10, {
    supplier: { id: 42, name: 'Bolt' },
    creditedOn: '2026-01-02T00:00:00Z',
    searchText: 'cn-10 bolt',
  }),
  row(11, { outlet: { id: 2, name: 'Parramatta' }, supplierReference: null, totalInc: 5 }),
];

describe('credit note list params', () => {
  it('reads the URL leniently and writes it back the same', () => {
    const params = listParamsOf({
      supplier: '42',
      outlet: 'x',
      applied: 'open',
      q: 'cn',
      sort: 'total',
      dir: 'desc',
    });
    expect(params).toEqual({
      filters: { supplierId: 42, outletId: null, applied: 'open' },
      search: 'cn',
      sort: { key: 'total', direction: 'desc' },
    });
    expect(formatRoute('credit-notes', [], queryOfListParams(params))).toBe(
      '#/credit-notes?applied=open&dir=desc&q=cn&sort=total&supplier=42',
    );
  });

  it('filters by supplier, outlet, applied and every word of the search', () => {
    const none = listParamsOf({}).filters;
    expect(filterRows(rows, { ...none, supplierId: 42 }, '').map((r) => r.id)).toEqual([10]);
    expect(filterRows(rows, { ...none, outletId: 2 }, '').map((r) => r.id)).toEqual([11]);
    expect(filterRows(rows, { ...none, applied: 'applied' }, '').map((r) => r.id)).toEqual([10]);
    expect(filterRows(rows, { ...none, applied: 'open' }, '').map((r) => r.id)).toEqual([9, 11]);
    expect(filterRows(rows, none, 'ACME cn-9').map((r) => r.id)).toEqual([9]);
  });

  it('sorts newest first by default, references naturally, missing values last', () => {
    expect(sortRows(rows, null).map((r) => r.id)).toEqual([11, 10, 9]);
    expect(sortRows(rows, { key: 'reference', direction: 'asc' }).map((r) => r.id)).toEqual([9, 10, 11]);
    expect(sortRows(rows, { key: 'total', direction: 'desc' }).map((r) => r.id)).toEqual([9, 10, 11]);
    expect(sortRows(rows, { key: 'creditedOn', direction: 'asc' }).map((r) => r.id)).toEqual([10, 11, 9]);
  });

  it('offers the suppliers and outlets the notes name, and says why a list is empty', () => {
    expect(partyChoices(rows).suppliers).toEqual([
      { value: 41, label: 'Acme Apparel' },
      { value: 42, label: 'Bolt' },
    ]);
    expect(
      filtersText(
        {
          filters: { applied: 'open', supplierId: 42, outletId: null },
          search: ' tee ',
          sort: null,
        },
        partyChoices(rows),
      ),
    ).toBe('not yet applied, from Bolt, matching “tee”');
  });
});
