/**
 * Sub-objects that several v2.1 response resources embed. Each is built once here so that, for example, an
 * audited user or a street address has one definition across purchase orders, invoices, returns and credit notes.
 */
import { z } from 'zod';
import { int32, userRef } from '../primitives';

/** created_by / modified_by / finalised_by. Credit notes and returns do not show the user's fields; we reuse the PO's. */
export const auditUser = userRef;

/** fob_currency: the API shows {id, currency_code, currency_name} on purchase orders; outlets reuse it. */
export const currencyRef = () =>
  z.strictObject({ id: int32(), currency_code: z.string(), currency_name: z.string() });

/** The street lines every address in the API shares; their value types are not shown, so nullable strings. */
const streetLines = {
  address_line1: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
};

/** A full postal address with a free-text country (customer billing address; outlet address reuses it). */
export const postalAddress = () =>
  z.strictObject({ ...streetLines, address_line2: z.string().nullable(), country: z.string().nullable() });

/**
 * An address whose country is a reference, as suppliers ({id}) and supplier returns ({id, name}) carry it.
 * The country is nullable: the API does not show it as required and a partly filled address is common.
 */
export const addressWithCountry = <C extends z.ZodType>(country: C) =>
  z.strictObject({ ...streetLines, country: country.nullable() });

/** A status object {id, name} whose name is one of a closed list (PO, supplier return and return item statuses). */
export const statusRef = <const T extends readonly [string, ...string[]]>(names: T) =>
  z.strictObject({ id: int32(), name: z.enum(names) });

/**
 * The product inside supplier return items and credit note items. Its fields are not shown; we keep the ones the
 * item search/order lists name (product_id, supplier_sku, manufacturer_sku, supplier_sku2, short_description).
 */
export const productSummary = () =>
  z.strictObject({
    id: int32(),
    supplier_sku: z.string().nullable(),
    manufacturer_sku: z.string().nullable(),
    supplier_sku2: z.string().nullable(),
    short_description: z.string().nullable(),
  });
