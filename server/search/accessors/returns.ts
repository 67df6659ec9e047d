/**
 * Accessors of the supplier return item, credit note and credit note item searches.
 * Items carry only a product summary (id, SKUs, short description), so size and colour are looked up in
 * state.products (null for an unknown product); a return item's credit figures come from its credit note
 * item in state.creditNoteItems (null until it is credited).
 */
import type { CreditNote, CreditNoteItem, SupplierReturnItem } from '../../../src/api/resources';
import type { SimState } from '../../state';
import type { AccessorTable } from '../engine';
import { byName } from '../values';
import { attributeByName, productOf, userAccessors, type CompleteAccessors } from './shared';

type Audited = Pick<CreditNote, 'created_by' | 'modified_by'>;

const audit = <Row extends Audited>() => ({
  ...userAccessors('created_by', (row: Row) => row.created_by),
  ...userAccessors('modified_by', (row: Row) => row.modified_by),
});

export function supplierReturnItemAccessors(state: SimState): AccessorTable<SupplierReturnItem> {
  const creditOf = (item: SupplierReturnItem) =>
    item.credit_note_item ? state.creditNoteItems.get(item.credit_note_item.id) : undefined;
  const table: CompleteAccessors<'searchSupplierReturnItems', SupplierReturnItem> = {
    id: (item) => item.id,
    product_id: (item) => item.product.id,
    size: (item) => attributeByName(productOf(state, item.product.id), 'size'),
    colour: (item) => attributeByName(productOf(state, item.product.id), 'colour'),
    supplier_sku: (item) => item.product.supplier_sku,
    manufacturer_sku: (item) => item.product.manufacturer_sku,
    supplier_sku2: (item) => item.product.supplier_sku2,
    short_description: (item) => item.product.short_description,
    // Ordered by the reference's name, like every {id, name} order field.
    supplier_return_reason: (item) => byName(item.supplier_return_reason),
    return_quantity: (item) => item.return_quantity,
    original_buy_ex: (item) => item.original_buy_ex,
    total_original_buy_ex: (item) => item.total_original_buy_ex,
    supplier_return_item_status: (item) => byName(item.supplier_return_item_status),
    supplier_return_item_source: (item) => byName(item.supplier_return_item_source),
    original_supplier_invoice: (item) => item.original_supplier_invoice,
    total_claim_amount_ex: (item) => item.total_claim_amount_ex,
    total_claim_amount_tax: (item) => item.total_claim_amount_tax,
    total_claim_amount_inc: (item) => item.total_claim_amount_inc,
    claim_amount_ex: (item) => item.claim_amount_ex,
    credit_note_id: (item) => item.credit_note_item?.credit_note_id ?? null,
    credit_note_item_id: (item) => item.credit_note_item?.id ?? null,
    credit_amount_ex: (item) => creditOf(item)?.credit_amount_ex ?? null,
    supplier_return_item_notes: (item) => item.supplier_return_item_notes,
    total_credit_amount_ex: (item) => creditOf(item)?.total_credit_amount_ex ?? null,
    total_credit_amount_inc: (item) => creditOf(item)?.total_credit_amount_inc ?? null,
    ...audit<SupplierReturnItem>(),
  };
  return table;
}

/** Supplier and outlet are matched and ordered by name (eq/in also accept the id), as on purchase orders. */
export const creditNoteAccessors: CompleteAccessors<'searchCreditNotes', CreditNote> = {
  id: (note) => note.id,
  supplier_return_id: (note) => note.supplier_return_id,
  supplier: (note) => byName(note.supplier),
  outlet: (note) => byName(note.outlet),
  supplier_reference: (note) => note.supplier_reference,
  total_credit_quantity: (note) => note.total_credit_quantity,
  total_credit_amount_ex: (note) => note.total_credit_amount_ex,
  total_credit_amount_tax: (note) => note.total_credit_amount_tax,
  total_credit_amount_inc: (note) => note.total_credit_amount_inc,
  created_on: (note) => note.created_on,
  modified_on: (note) => note.modified_on,
  ...audit<CreditNote>(),
  supplier_credited_on: (note) => note.supplier_credited_on,
};

export function creditNoteItemAccessors(state: SimState): AccessorTable<CreditNoteItem> {
  const table: CompleteAccessors<'searchCreditNoteItems', CreditNoteItem> = {
    id: (item) => item.id,
    credit_note_id: (item) => item.credit_note_id,
    supplier_return_item_id: (item) => item.supplier_return_item_id,
    product_id: (item) => item.product.id,
    supplier_sku: (item) => item.product.supplier_sku,
    manufacturer_sku: (item) => item.product.manufacturer_sku,
    supplier_sku2: (item) => item.product.supplier_sku2,
    short_description: (item) => item.product.short_description,
    size: (item) => attributeByName(productOf(state, item.product.id), 'size'),
    colour: (item) => attributeByName(productOf(state, item.product.id), 'colour'),
    credit_quantity: (item) => item.credit_quantity,
    credit_amount_ex: (item) => item.credit_amount_ex,
    total_credit_amount_ex: (item) => item.total_credit_amount_ex,
    total_credit_amount_tax: (item) => item.total_credit_amount_tax,
    total_credit_amount_inc: (item) => item.total_credit_amount_inc,
    created_on: (item) => item.created_on,
    modified_on: (item) => item.modified_on,
    ...audit<CreditNoteItem>(),
  };
  return table;
}
