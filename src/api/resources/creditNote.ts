/**
 * The credit note and the credit note item (GET /creditnotes, /creditnotes/{id}/creditnoteitems). The child
 * fields of their supplier, outlet, product and user objects are not shown: supplier and outlet are {id, name}
 * like every other reference, the product is the summary shared with return items, and users are the audited
 * user of purchase orders.
 */
import { z } from 'zod';
import { boundedString, dateTime, double, int32, namedRef } from '../primitives';
import { auditUser, productSummary } from './shared';

const audit = {
  created_on: dateTime(),
  modified_on: dateTime(),
  created_by: auditUser(),
  modified_by: auditUser(),
};

export const CreditNoteSchema = z.strictObject({
  id: int32().nullable(),
  supplier_return_id: int32().nullable(),
  supplier: namedRef(),
  outlet: namedRef(),
  supplier_reference: boundedString(0, 50).nullable(),
  // The API's default: a missing flag parses to false; an explicit null stays null.
  include_tax: z.boolean().nullable().default(false),
  rounding_adjustment: double(),
  total_credit_quantity: int32(),
  total_credit_amount_ex: double(),
  total_credit_amount_tax: double(),
  total_credit_amount_inc: double(),
  total_applied_credit_quantity: int32(),
  total_applied_credit_amount_ex: double(),
  total_applied_credit_amount_inc: double(),
  total_applied_credit_tax: double(),
  supplier_credited_on: dateTime().nullable(),
  ...audit,
});

const amount = () => double().nullable();

export const CreditNoteItemSchema = z.strictObject({
  id: int32().nullable(),
  credit_note_id: int32(),
  supplier_return_item_id: int32().nullable(),
  product: productSummary(),
  credit_quantity: int32().nullable(),
  applied_credit_quantity: int32().nullable(),
  credit_amount_ex: amount(),
  total_credit_amount_ex: amount(),
  total_credit_amount_tax: amount(),
  total_credit_amount_inc: amount(),
  applied_credit_tax: amount(),
  applied_credit_amount_inc: amount(),
  applied_credit_amount_ex: amount(),
  total_applied_credit_amount_ex: amount(),
  total_applied_credit_amount_inc: amount(),
  total_applied_credit_tax: amount(),
  ...audit,
});

export type CreditNote = z.infer<typeof CreditNoteSchema>;
export type CreditNoteItem = z.infer<typeof CreditNoteItemSchema>;
