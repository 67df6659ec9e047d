/** The outlet (GET /outlets/{id}). */
import { z } from 'zod';
import { boundedString, dateTime, int32, namedRef } from '../primitives';
import { currencyRef, postalAddress } from './shared';

/** An opening or closing HTML tag such as `<b>`, `</p>` or `<a href="…">`; a bare `<` or `a < b` is fine. */
export const HTML_TAG_PATTERN = /<\/?[a-zA-Z][^>]*>/;

/** The two outlet comment fields: 0..8000 characters, nullable, no HTML tags. */
const plainComment = () =>
  boundedString(0, 8000)
    .refine((value) => !HTML_TAG_PATTERN.test(value), { message: 'Must not contain HTML tags' })
    .nullable();

const text = (max: number) => boundedString(0, max).nullable();

// Child fields of every nested object are not shown; each is kept minimal:
// - fob_currency: the purchase order's {id, currency_code, currency_name};
// - store_type, default_*_outlet, invoice_email_template: {id, name} references;
// - address: the customer billing address shape; bank_details: the three fields a remittance needs; logo: {url}.
// The optional settings (default outlets, bank details, logo, email template) are nullable: an outlet need not
// have them.
export const OutletSchema = z.strictObject({
  id: int32().nullable(),
  name: text(255),
  external_reference: text(30),
  enabled: z.boolean(),
  company_name: text(100),
  company_registration_number: text(50),
  company_registration_label: text(15),
  billing_type: int32().nullable(),
  fob_currency: currencyRef(),
  store_type: namedRef(),
  address: postalAddress(),
  bank_details: z
    .strictObject({
      bank_name: z.string().nullable(),
      account_name: z.string().nullable(),
      account_number: z.string().nullable(),
    })
    .nullable(),
  default_source_outlet: namedRef().nullable(),
  default_fulfil_outlet: namedRef().nullable(),
  logo: z.strictObject({ url: z.string() }).nullable(),
  invoice_email_template: namedRef().nullable(),
  phone: text(50),
  fax: text(50),
  email: text(50),
  minimum_replenishment_quantity: int32().min(0).nullable(),
  invoice_receipt_comments: plainComment(),
  purchase_order_comments: plainComment(),
  display_address_on_invoice: z.boolean(),
  modified_on: dateTime(),
});

export type Outlet = z.infer<typeof OutletSchema>;
