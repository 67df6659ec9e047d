/**
 * The supplier return and its items. Response names are not shown; they follow the update/create body
 * names and the item search fields, with totals named like the credit note's (total_…_ex/_tax/_inc).
 */
import { z } from 'zod';
import { boundedString, dateTime, double, int32, namedRef } from '../primitives';
import { addressWithCountry, auditUser, productSummary, statusRef } from './shared';

/**
 * Incomplete → In Progress → Finalised (ours: the API does not show them; server/README.md, Purchasing); item
 * statuses follow their return, so they share the list.
 */
import { SUPPLIER_RETURN_STATUSES } from '../enums';
export { SUPPLIER_RETURN_STATUSES, type SupplierReturnStatus } from '../enums';

export const SupplierReturnSchema = z.strictObject({
  id: int32(),
  supplier: namedRef(),
  outlet: namedRef(),
  supplier_return_status: statusRef(SUPPLIER_RETURN_STATUSES),
  // The update body's address shape, country as {id, name}.
  supplier_address: addressWithCountry(namedRef()),
  notes: boundedString(0, 8000).nullable(),
  return_authorisation: boundedString(0, 100).nullable(),
  include_tax: z.boolean(),
  total_return_quantity: int32(),
  total_claim_amount_ex: double(),
  total_claim_amount_tax: double(),
  total_claim_amount_inc: double(),
  total_credit_received_ex: double(),
  total_credit_received_inc: double(),
  // Null until work on the return starts / it is finalised.
  started_on: dateTime().nullable(),
  created_on: dateTime(),
  modified_on: dateTime(),
  finalised_on: dateTime().nullable(),
  // Child fields not shown: {id} only (credit notes have no name). Null until the supplier issues one.
  credit_note: z.strictObject({ id: int32() }).nullable(),
  created_by: auditUser(),
  modified_by: auditUser(),
});

export const SupplierReturnItemSchema = z.strictObject({
  id: int32(),
  supplier_return_id: int32(),
  product: productSummary(),
  supplier_return_reason: namedRef(),
  // Child fields not shown: the ids the item search names (credit_note_id, credit_note_item_id). Null until credited.
  credit_note_item: z.strictObject({ id: int32(), credit_note_id: int32() }).nullable(),
  return_quantity: int32(),
  // "supplier price ex" / "total supplier buy ex": the create body's original_buy_ex and its search-field total.
  original_buy_ex: double(),
  total_original_buy_ex: double(),
  supplier_return_item_status: statusRef(SUPPLIER_RETURN_STATUSES),
  // Source values not shown: {id, name}.
  supplier_return_item_source: namedRef(),
  original_supplier_invoice: z.string().nullable(),
  claim_amount_ex: double(),
  supplier_return_item_notes: z.string().nullable(),
  total_claim_amount_ex: double(),
  total_claim_amount_tax: double(),
  total_claim_amount_inc: double(),
  created_on: dateTime(),
  modified_on: dateTime(),
  created_by: auditUser(),
  modified_by: auditUser(),
});

export type SupplierReturn = z.infer<typeof SupplierReturnSchema>;
export type SupplierReturnItem = z.infer<typeof SupplierReturnItemSchema>;
