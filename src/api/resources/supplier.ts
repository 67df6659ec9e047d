/** The supplier (GET /suppliers/{id}). */
import { z } from 'zod';
import { boundedString, dateTime, int32, namedRef } from '../primitives';
import { addressWithCountry } from './shared';

/** The punctuation the API forbids in supplier comments (kept on one line to read as a list). */
// prettier-ignore
export const SUPPLIER_COMMENTS_FORBIDDEN = [
  '*', '|', ':', '<', '>', '[', ']', '{', '}', '(', ')', '"', "'", '`', ';', '@', '&', '$', '#', '!', '/', '?',
] as const;

/** Built from the list above so the two can never disagree: any text without those characters. */
export const SUPPLIER_COMMENTS_PATTERN = new RegExp(
  `^[^${SUPPLIER_COMMENTS_FORBIDDEN.map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')}]*$`,
);

const text = (max: number) => boundedString(0, max).nullable();
const email = () => z.email().max(120).nullable();

export const SupplierSchema = z.strictObject({
  id: int32().nullable(),
  supplier_code: text(20),
  name: text(50),
  // The country is shown as {id} only.
  address: addressWithCountry(z.strictObject({ id: int32() })),
  phone: text(20),
  fax: text(20),
  contact_name: text(50),
  contact_email: email(),
  order_email: email(),
  admin_only_orders: z.boolean(),
  deposit_required: z.boolean(),
  shipping_port: namedRef(),
  country_of_origin: namedRef(),
  shipping_terms: text(50),
  payment_terms: text(50),
  comments: boundedString(0, 255)
    .regex(SUPPLIER_COMMENTS_PATTERN, `Must not contain any of ${SUPPLIER_COMMENTS_FORBIDDEN.join(' ')}`)
    .nullable(),
  purchase_order_template: z.string().nullable(),
  // The API's defaults: a missing value parses to the default; an explicit null stays null.
  po_sku1_enabled: z.boolean().nullable().default(false),
  po_sku2_enabled: z.boolean().nullable().default(true),
  is_enabled: z.boolean(),
  modified_on: dateTime(),
});

export type Supplier = z.infer<typeof SupplierSchema>;
