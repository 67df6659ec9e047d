import { describe, expect, it } from 'vitest';
import { CreditNoteItemSchema, CreditNoteSchema } from '../../../src/api/resources';
import { call, fixtureState, problemOf, refusalStatus } from './testing';

const ids = (page: unknown) => (page as { data: { id: number }[] }).data.map((row) => row.id);

describe('credit notes', () => {
  it('reads a credit note and its items; 404 for unknown ids and items of another note', () => {
    const state = fixtureState();
    expect(CreditNoteSchema.parse(call(state, 'getCreditNote', { params: { id: 9001 } })).id).toBe(9001);
    expect(refusalStatus(state, 'getCreditNote', { params: { id: 1 } })).toBe(404);
    const item = CreditNoteItemSchema.parse(
      call(state, 'getCreditNoteItem', { params: { id: 9001, item_id: 9102 } }),
    );
    expect(item.id).toBe(9102);
    expect(refusalStatus(state, 'getCreditNoteItem', { params: { id: 9001, item_id: 9103 } })).toBe(404);
    expect(refusalStatus(state, 'getCreditNoteItem', { params: { id: 1, item_id: 9101 } })).toBe(404);
  });

  it('searches by the list parameters, supplier_reference, since filters and filter_by', () => {
    const state = fixtureState();
    const search = (query: Record<string, unknown>) => ids(call(state, 'searchCreditNotes', { query }));
    expect(search({})).toEqual([9001, 9002]);
    expect(search({ supplier_return_ids: '8002' })).toEqual([9001]);
    expect(search({ outlet_ids: '2' })).toEqual([9002]);
    expect(search({ supplier_ids: '41,99' })).toEqual([9001]);
    expect(search({ supplier_reference: 'CN-4000' })).toEqual([9002]);
    expect(search({ created_since: '2026-03-10T00:00:00Z' })).toEqual([9002]);
    expect(search({ filter_by: 'supplier_reference:startswith:CN-3' })).toEqual([9001]);
    expect(search({ order_by: 'id desc' })).toEqual([9002, 9001]);
  });

  it('ids overrides every other parameter except paging', () => {
    const state = fixtureState();
    const search = (query: Record<string, unknown>) => ids(call(state, 'searchCreditNotes', { query }));
    expect(
      search({ ids: '9001,9002', outlet_ids: '2', filter_by: 'id:eq:9002', order_by: 'id desc' }),
    ).toEqual([9001, 9002]);
    expect(search({ ids: '9001,9002', page_size: 1, page_number: 2 })).toEqual([9002]);
  });

  it('searches the items of one credit note; 404 for an unknown note', () => {
    const state = fixtureState();
    const search = (query: Record<string, unknown>, id = 9001) =>
      ids(call(state, 'searchCreditNoteItems', { params: { id }, query }));
    expect(search({})).toEqual([9101, 9102]);
    expect(search({ supplier_return_item_ids: '8102' })).toEqual([9102]);
    expect(search({ order_by: 'id desc' })).toEqual([9102, 9101]);
    expect(search({ modified_since: '2030-01-01T00:00:00Z' })).toEqual([]);
    expect(search({}, 9002)).toEqual([9103]);
    expect(problemOf(() => search({}, 1)).status).toBe(404);
  });
});
