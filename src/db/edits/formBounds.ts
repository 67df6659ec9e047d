/**
 * The sanity bounds every form shares, with the message a clerk sees at the field. Each form schema takes
 * its bounds from here, so one number means one thing everywhere (issue #26: a rounding adjustment of
 * 99,999,999,999,999, a quantity of 999,999,999 and a 10,000-character note were accepted and synced).
 *
 * Where the API states a bound (a text length in its field tables, the price bound of ±922337203685477.6 in
 * src/api/primitives.ts) the contract's own request schema already enforces it and the form keeps it. Where
 * the API is silent, the bound is one a back office would set: far above any real order, far below the
 * absurd, and each is named here with why.
 */
import { z } from 'zod';

/**
 * Units on one line (ordered, received, returned): the API says only int32. A pallet of small parts is a
 * few thousand units; 100,000 on one line is a typing slip (an extra zero, a barcode in the box).
 */
export const QUANTITY_MAX = 100_000;

/**
 * A price per unit (a buy price, a claim per unit): the API bounds it only at ±922337203685477.6. No stock a
 * back office buys costs a million a unit; anything above is a slip.
 */
export const UNIT_PRICE_MAX = 1_000_000;

/**
 * A money amount for a whole document (freight, misc, duty on an invoice, a credit limit): a billion is far
 * above any one invoice and keeps every total the screens show readable.
 */
export const AMOUNT_MAX = 1_000_000_000;

/**
 * An invoice's rounding adjustment squares Dockhand's total with the paper invoice's: cents in practice
 * (the simulator's invoices carry ±0.02). A thousand either way is generous; more is not rounding.
 */
export const ROUNDING_MAX = 1_000;

/**
 * A currency conversion multiplier: at most 100,000 (one unit of the strongest currency in units of the
 * weakest is about 40,000 today; the direction of the rate is the back office's).
 */
export const CONVERSION_RATE_MAX = 100_000;

/** A customer's payment terms, in days: the API says only "number"; a year is the longest a business gives. */
export const PAYMENT_TERMS_MAX = 365;

/** A supplier's lead time, in days: the API says only "integer"; a year covers the slowest sea freight. */
export const LEAD_TIME_MAX = 365;

/** Whole cents: what a paper invoice prints and a clerk types. */
export const CENT_PLACES = 2;

/**
 * Unit prices may carry 4 decimal places: the API's price bound is 2^63 ten-thousandths (a 4-decimal money
 * type), so that is the finest price it keeps.
 */
export const PRICE_PLACES = 4;

/**
 * Free-text notes where the API gives no length (invoice notes, a return item's notes): 2,000 characters is
 * a page of text. Where the API gives one (a return's notes, 8,000) the contract's bound stands.
 */
export const NOTES_MAX = 2_000;

/**
 * A supplier's document reference (an invoice number, an original invoice on a return item): the API bounds
 * the same kind of reference on a credit note (supplier_reference) to 50 characters.
 */
export const REFERENCE_MAX = 50;

/**
 * Text lengths for fields the API leaves unbounded (customers, addresses, supplier address lines), taken
 * from the API's own bounds for the same kind of field elsewhere: names and contact names 50 (supplier
 * name), phones 20 (supplier phone), emails 120 (supplier email), company 100 (outlet company_name),
 * shipping port names 100.
 */
export const TEXT_MAX = {
  name: 50,
  company: 100,
  phone: 20,
  email: 120,
  addressLine: 100,
  suburb: 50,
  state: 50,
  postcode: 10,
  country: 50,
  website: 255,
  reference: REFERENCE_MAX,
  /** An ABN is 11 digits (14 with its spaces); 20 leaves room for an ACN or an overseas number. */
  businessNumber: 20,
} as const;

/** A number as a clerk reads it: "100,000", "1,000,000,000". */
export const figure = (n: number) => n.toLocaleString('en-AU', { maximumFractionDigits: PRICE_PLACES });

/** Whether `value` has at most `places` decimal places, allowing for binary floating point (0.1 + 0.2). */
export function hasAtMostPlaces(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * The message for a text over its bound, shown under its field, in the words the forms bounded by the API
 * already use (../supplierReturns/returnForm.ts): "At most 2,000 characters (this has 10,000)."
 */
export const tooLongText = (max: number, length: number) =>
  `At most ${figure(max)} characters (this has ${figure(length)}).`;

/** A bounded text field's hint: "Up to 50 characters". */
export const upToText = (max: number) => `Up to ${figure(max)} characters`;

/** A text schema of at most `max` characters, with the field's message. */
export const textAtMost = (max: number) =>
  z.string().max(max, {
    error: (issue) => tooLongText(max, typeof issue.input === 'string' ? issue.input.length : 0),
  });

/** "Quantity must be 100,000 or less" */
export const atMostMessage = (name: string, max: number) => `${name} must be ${figure(max)} or less`;

/** "Rounding adjustment must be -1,000 or more" */
export const atLeastMessage = (name: string, min: number) => `${name} must be ${figure(min)} or more`;

/** "Freight can have at most 2 decimal places" */
export const placesMessage = (name: string, places: number) =>
  places === 2
    ? `${name} must be in whole cents (at most 2 decimal places)`
    : `${name} can have at most ${places} decimal places`;

/**
 * A number held to `..max` (and `min..` when given) with at most `places` decimal places, each with its
 * field message, then checked by `schema` (the contract's own). The sanity bound goes first, so a value
 * past it gets the one message that says the bound (not also the contract's wider int32 one), and an
 * amount within it that the contract refuses (a negative cost) keeps the contract's message.
 */
export function boundedNumber<T extends z.ZodType<number, number>>(
  schema: T,
  name: string,
  bounds: { max: number; min?: number; places?: number },
) {
  return z
    .number()
    .refine((value) => value <= bounds.max, { message: atMostMessage(name, bounds.max), abort: true })
    .refine((value) => bounds.min === undefined || value >= bounds.min, {
      message: atLeastMessage(name, bounds.min ?? 0),
      abort: true,
    })
    .refine((value) => bounds.places === undefined || hasAtMostPlaces(value, bounds.places), {
      message: placesMessage(name, bounds.places ?? 0),
    })
    .pipe(schema);
}
