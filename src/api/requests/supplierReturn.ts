/**
 * Supplier return update body and supplier return item create body (PUT /supplierreturns/{id},
 * POST /supplierreturns/{id}/supplierreturnitems).
 */
import { z } from 'zod';
import { boundedString, idRef, int32 } from '../primitives';
import { addressOf, nonNegativeAmount, optionalRef } from './shared';

/** The country of a supplier return address is `{id, name}`; the id identifies it, the name is optional. */
const countryRef = z.strictObject({ id: int32(), name: z.string().nullish() });

/** supplier_address: the shared address lines with an `{id, name}` country. */
export const SupplierReturnAddressSchema = addressOf(countryRef);
export type SupplierReturnAddress = z.infer<typeof SupplierReturnAddressSchema>;

/**
 * Update (PUT): partial. Every field optional, omitted fields unchanged. notes 0..8000 and
 * return_authorisation 0..100 as the API bounds them; the empty string clears them. include_tax defaults
 * to true on the server's record; the request does not apply that default, since doing so on a partial
 * update would switch tax on for a return the user did not touch (it is recorded as JSON Schema metadata).
 */
export const SupplierReturnUpdateSchema = z.strictObject({
  supplier: optionalRef(),
  outlet: optionalRef(),
  supplier_address: SupplierReturnAddressSchema.optional(),
  notes: boundedString(0, 8000).optional(),
  return_authorisation: boundedString(0, 100).optional(),
  include_tax: z.boolean().optional().meta({ default: true }),
  supplier_return_status: optionalRef(),
});
export type SupplierReturnUpdate = z.infer<typeof SupplierReturnUpdateSchema>;

/**
 * Item create. Required: product, supplier_return_reason and return_quantity >= 1, because a return line is
 * "so many of this product, for this reason", and returning nothing is not a line. original_buy_ex and
 * claim_amount_ex are amounts, never negative, and optional (the server can take them from the product's
 * buy price). Source, original invoice and notes are optional.
 */
export const SupplierReturnItemCreateSchema = z.strictObject({
  product: idRef(),
  supplier_return_reason: idRef(),
  return_quantity: int32().min(1),
  original_buy_ex: nonNegativeAmount().optional(),
  claim_amount_ex: nonNegativeAmount().optional(),
  supplier_return_item_source: optionalRef(),
  original_supplier_invoice: z.string().optional(),
  supplier_return_item_notes: z.string().optional(),
});
export type SupplierReturnItemCreate = z.infer<typeof SupplierReturnItemCreateSchema>;
