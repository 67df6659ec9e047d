/**
 * Supplier update body (PUT /suppliers/{id}). The API has no supplier create, so this is the only
 * supplier request. id and modified_on are the server's and are not accepted.
 */
import { z } from 'zod';
import { boundedString, idRef } from '../primitives';
import { addressOf, optionalRef } from './shared';

/** A nullable string of 0..max characters, as the API bounds most of the supplier's text. */
const text = (max: number) => boundedString(0, max).nullish();

/**
 * contact_email / order_email: email format, at most 120 characters. The API's lower bound of 0 admits the
 * empty string, which therefore passes as "no address"; null also clears.
 */
const email = () => z.union([z.literal(''), z.email().max(120)]).nullish();

/** The characters the API forbids in supplier comments. */
export const SUPPLIER_COMMENTS_FORBIDDEN = '*|:<>[]{}()"\'`;@&$#!/?';
export const SUPPLIER_COMMENTS_PATTERN = /^[^*|:<>[\]{}()"'`;@&$#!/?]*$/;

/**
 * Update (PUT): partial. Every field optional and omitted fields unchanged; null clears a nullable field.
 * No field is required because the supplier already exists and the id is in the path. po_sku1_enabled and
 * po_sku2_enabled default (false / true) on the server's record; a request does not apply those defaults,
 * since doing so would overwrite stored values the user did not touch.
 */
export const SupplierUpdateSchema = z.strictObject({
  supplier_code: text(20),
  name: text(50),
  address: addressOf(idRef()).optional(),
  phone: text(20),
  fax: text(20),
  contact_name: text(50),
  contact_email: email(),
  order_email: email(),
  admin_only_orders: z.boolean().optional(),
  deposit_required: z.boolean().optional(),
  shipping_port: optionalRef(),
  country_of_origin: optionalRef(),
  shipping_terms: text(50),
  payment_terms: text(50),
  comments: boundedString(0, 255)
    .regex(SUPPLIER_COMMENTS_PATTERN, {
      message: `comments must not contain any of ${SUPPLIER_COMMENTS_FORBIDDEN.split('').join(' ')}`,
    })
    .nullish(),
  purchase_order_template: z.string().nullish(),
  po_sku1_enabled: z.boolean().nullish(),
  po_sku2_enabled: z.boolean().nullish(),
  is_enabled: z.boolean().optional(),
});
export type SupplierUpdate = z.infer<typeof SupplierUpdateSchema>;
