/**
 * Credit notes and their items (GET /creditnotes…): read and search only.
 *
 * Credit note search: `ids` overrides every other parameter except paging (the API: "the other properties are
 * ignored"; the answer is still a page). Otherwise supplier_return_ids, outlet_ids, supplier_ids,
 * supplier_reference (exact match), created_since / modified_since and filter_by all have to hold.
 */
import type { CreditNote, CreditNoteItem } from '../../../src/api/resources';
import { notFound } from '../../errors';
import {
  allOf,
  creditNoteAccessors,
  creditNoteItemAccessors,
  idListFilter,
  searchPage,
  sinceFilter,
} from '../../search';
import { ok, type Handler } from '../context';
import { found, intParam } from '../checks';

type Audited = Pick<CreditNote, 'created_on' | 'modified_on'>;
const createdOn = (row: Audited) => row.created_on;
const modifiedOn = (row: Audited) => row.modified_on;

export const getCreditNote: Handler<'getCreditNote'> = ({ state, params }) =>
  ok(found(state.creditNotes, intParam(params, 'id'), 'credit note'));

export const searchCreditNotes: Handler<'searchCreditNotes'> = ({ state, query }) => {
  const byIds = query.ids !== undefined;
  const reference = query.supplier_reference;
  const where = byIds
    ? idListFilter(query.ids, (note: CreditNote) => note.id)
    : allOf<CreditNote>(
        idListFilter(query.supplier_return_ids, (note) => note.supplier_return_id, 'supplier_return_ids'),
        idListFilter(query.outlet_ids, (note) => note.outlet.id, 'outlet_ids'),
        idListFilter(query.supplier_ids, (note) => note.supplier.id, 'supplier_ids'),
        reference === undefined ? undefined : (note) => note.supplier_reference === reference,
        sinceFilter(query, createdOn, modifiedOn),
      );
  const request = byIds ? { page_number: query.page_number, page_size: query.page_size } : query;
  return ok(
    searchPage(state.creditNotes.values(), request, {
      op: 'searchCreditNotes',
      accessors: creditNoteAccessors,
      idOf: (note) => note.id ?? 0,
      view: (note) => note,
      where,
    }),
  );
};

export const searchCreditNoteItems: Handler<'searchCreditNoteItems'> = ({ state, params, query }) => {
  const note = found(state.creditNotes, intParam(params, 'id'), 'credit note');
  const where = allOf<CreditNoteItem>(
    (item) => item.credit_note_id === note.id,
    idListFilter(
      query.supplier_return_item_ids,
      (item) => item.supplier_return_item_id,
      'supplier_return_item_ids',
    ),
    sinceFilter(query, createdOn, modifiedOn),
  );
  return ok(
    searchPage(state.creditNoteItems.values(), query, {
      op: 'searchCreditNoteItems',
      accessors: creditNoteItemAccessors(state),
      idOf: (item) => item.id ?? 0,
      view: (item) => item,
      where,
    }),
  );
};

export const getCreditNoteItem: Handler<'getCreditNoteItem'> = ({ state, params }) => {
  const note = found(state.creditNotes, intParam(params, 'id'), 'credit note');
  const itemId = intParam(params, 'item_id');
  const item = state.creditNoteItems.get(itemId);
  if (!item || item.credit_note_id !== note.id) throw notFound(`item of credit note ${note.id}`, itemId);
  return ok(item);
};
