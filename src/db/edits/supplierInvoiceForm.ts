/**
 * The supplier invoice edit form's rules: the header and direct costs as the back office types them, checked
 * with the contract's own update schema (src/api/requests/supplierInvoice.ts), so the form never accepts what
 * the server would refuse. Only the messages are the form's, worded for a receiving clerk and keyed by form
 * field (`freightEx`), never by body path. DOM-free, like the purchase order form beside it.
 */
import { z } from 'zod';
import { DirectCostSchema, SupplierInvoiceUpdateSchema } from '../../api/requests';
import type { LandedCostsCalculation } from '../../api/resources';
import type { CachedSupplierInvoice } from '../schema';
import { typedAmountOf } from './directCosts';
import {
  AMOUNT_MAX,
  boundedNumber,
  CENT_PLACES,
  CONVERSION_RATE_MAX,
  NOTES_MAX,
  REFERENCE_MAX,
  ROUNDING_MAX,
  textAtMost,
} from './formBounds';
import type { FormErrors } from './purchaseOrderForm';

export type { FormErrors } from './purchaseOrderForm';

/** What the form holds while it is edited: number inputs and selects are null while empty. */
export interface InvoiceForm {
  number: string;
  /** `YYYY-MM-DD` as a date input gives it; '' while empty. */
  invoicedOn: string;
  notes: string;
  distributeCostsBy: string;
  internationalOrder: boolean;
  landedCosts: LandedCostsCalculation | null;
  /**
   * The record never returns the origin country (../../api/resources/supplierInvoice.ts), so this starts
   * empty and is sent when set.
   */
  originCountryId: number | null;
  currencyConversion: number | null;
  /** Empty reads as 0 (no adjustment); amounts below follow the same rule. */
  roundingAdjustment: number | null;
  /**
   * Freight and misc as typed: with their tax in it when the flag beside is set (./directCosts.ts, the one
   * meaning of `includes_tax`), so not always ex tax despite the name (kept: it keys errors and conflicts).
   */
  freightEx: number | null;
  freightIncludesTax: boolean;
  miscEx: number | null;
  miscIncludesTax: boolean;
  dutyEx: number | null;
}

export const INVOICE_FORM_FIELDS = [
  'number',
  'invoicedOn',
  'notes',
  'distributeCostsBy',
  'internationalOrder',
  'landedCosts',
  'originCountryId',
  'currencyConversion',
  'roundingAdjustment',
  'freightEx',
  'freightIncludesTax',
  'miscEx',
  'miscIncludesTax',
  'dutyEx',
] as const satisfies readonly (keyof InvoiceForm)[];
export type InvoiceFormField = (typeof INVOICE_FORM_FIELDS)[number];

/** The form's labels, at each field and in the error summary (amounts say "ex" or "inc tax" beside). */
export const INVOICE_FIELD_LABELS: Record<InvoiceFormField, string> = {
  number: 'Invoice number',
  invoicedOn: "Supplier's invoice date",
  notes: 'Notes',
  distributeCostsBy: 'Distribute costs by',
  internationalOrder: 'International order',
  landedCosts: 'Landed costs calculation',
  originCountryId: 'Country of origin',
  currencyConversion: 'Currency conversion rate',
  roundingAdjustment: 'Rounding adjustment',
  freightEx: 'Freight',
  freightIncludesTax: 'Freight includes tax',
  miscEx: 'Misc costs',
  miscIncludesTax: 'Misc costs include tax',
  dutyEx: 'Duty (ex tax)',
};

/** The longest a text field may be, for its input's maxlength (./formBounds.ts). */
export const invoiceMaxLength = (field: string): number | undefined =>
  field === 'number' ? REFERENCE_MAX : field === 'notes' ? NOTES_MAX : undefined;

/** The calendar day of a date-time the server sends (midnight UTC of the supplier's date). */
export function dayOf(iso: string | null): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : new Date(at).toISOString().slice(0, 10);
}

/** The form as it opens: the cached invoice's values. */
export function invoiceFormOf(invoice: CachedSupplierInvoice): InvoiceForm {
  const { freight, misc, duty } = invoice.direct_costs;
  return {
    number: invoice.supplier_invoice_number ?? '',
    invoicedOn: dayOf(invoice.supplier_invoiced_on),
    notes: invoice.notes ?? '',
    distributeCostsBy: invoice.distribute_costs_by ?? '',
    internationalOrder: invoice.international_order,
    landedCosts: invoice.landed_costs_calculation,
    originCountryId: null,
    currencyConversion: invoice.currency_conversion,
    roundingAdjustment: invoice.rounding_adjustment,
    freightEx: typedAmountOf(freight),
    freightIncludesTax: freight.includes_tax,
    miscEx: typedAmountOf(misc),
    miscIncludesTax: misc.includes_tax,
    dutyEx: duty.total_ex,
  };
}

const body = SupplierInvoiceUpdateSchema.shape;
const orZero = <T extends z.ZodType<number>>(schema: T) => schema.nullable().transform((value) => value ?? 0);

/**
 * How the invoice's costs are spread over its lines. The API types distribute_costs_by as a free string and
 * lists no values; these are the ones its records carry (server/data/invoices.ts), so a typo such as
 * "Banana" is never sent. A value the server stored outside this list is kept while it is left unchanged
 * (see `validateInvoiceForm`).
 */
export const DISTRIBUTE_COSTS_BY = ['Value', 'Quantity', 'Weight'] as const;

/** The form's schema: each field is the contract's own, unwrapped from optional. */
const InvoiceFormSchema = z.object({
  number: z.string().trim().pipe(body.supplier_invoice_number.unwrap()),
  invoicedOn: z.union([z.literal(''), body.supplier_invoiced_on.unwrap()]),
  notes: body.notes.unwrap(),
  distributeCostsBy: z.string().trim().pipe(body.distribute_costs_by.unwrap()),
  internationalOrder: body.international_order.unwrap(),
  landedCosts: body.landed_costs_calculation.unwrap().nullable(),
  // A country is named by a positive id; the contract's int32 also bounds it.
  originCountryId: body.origin_country.unwrap().shape.id.positive().nullable(),
  currencyConversion: body.currency_conversion.unwrap().nullable(),
  roundingAdjustment: orZero(body.rounding_adjustment.unwrap()),
  freightEx: orZero(DirectCostSchema.shape.total_ex),
  freightIncludesTax: z.boolean(),
  miscEx: orZero(DirectCostSchema.shape.total_ex),
  miscIncludesTax: z.boolean(),
  dutyEx: orZero(DirectCostSchema.shape.total_ex),
});

/** A money amount on the invoice: whole cents, at most AMOUNT_MAX. */
const amount = (name: string) =>
  boundedNumber(z.number(), name, { max: AMOUNT_MAX, places: CENT_PLACES }).nullable();

/**
 * The form's sanity bounds where the API is silent, in one place (./formBounds.ts says why each). Checked
 * apart from the contract, on the fields the user changed: a value the server already holds is not theirs
 * to fix while they edit something else. A field the contract refuses keeps the contract's message alone.
 */
const InvoiceBoundsSchema = z.object({
  number: z.string().trim().pipe(textAtMost(REFERENCE_MAX)),
  notes: textAtMost(NOTES_MAX),
  currencyConversion: boundedNumber(z.number(), 'The conversion rate', {
    max: CONVERSION_RATE_MAX,
  }).nullable(),
  roundingAdjustment: boundedNumber(z.number(), 'Rounding adjustment', {
    max: ROUNDING_MAX,
    min: -ROUNDING_MAX,
    places: CENT_PLACES,
  }).nullable(),
  freightEx: amount('Freight'),
  miscEx: amount('Misc costs'),
  dutyEx: amount('Duty'),
});

/**
 * Distribute costs by is one of DISTRIBUTE_COSTS_BY, or what the invoice already had (`kept`: a value the
 * server stored, even empty, is not the user's to fix unless they change it). Its own schema, like the rule
 * below, so it is reported with every other problem at once.
 */
const distributionRule = (kept: string) =>
  z.object({
    distributeCostsBy: z
      .string()
      .refine((value) => value === kept || (DISTRIBUTE_COSTS_BY as readonly string[]).includes(value), {
        message: 'Choose Value, Quantity or Weight',
      }),
  });

/**
 * The server refuses 'Currency Conversion' without a rate; said here, at the field, before saving. A schema of
 * its own so it is checked even while other fields are invalid (a refinement of the whole form would wait for
 * them), and every problem shows at once.
 */
const ConversionRateRule = z
  .object({ landedCosts: z.unknown(), currencyConversion: z.unknown() })
  .refine((form) => form.landedCosts !== 'Currency Conversion' || form.currencyConversion !== null, {
    path: ['currencyConversion'],
    message: 'Enter the conversion rate',
  });

export type ValidInvoiceForm = z.output<typeof InvoiceFormSchema>;

const FIELD_NAMES: Record<string, string> = {
  number: 'Invoice number',
  invoicedOn: "Supplier's invoice date",
  notes: 'Notes',
  distributeCostsBy: 'Distribute costs by',
  landedCosts: 'Landed costs calculation',
  originCountryId: 'Country of origin',
  currencyConversion: 'Conversion rate',
  roundingAdjustment: 'Rounding adjustment',
  freightEx: 'Freight',
  miscEx: 'Misc costs',
  dutyEx: 'Duty',
};

const AMOUNTS = new Set(['freightEx', 'miscEx', 'dutyEx']);

/** One issue in the words the form shows. */
function messageOf(field: string, issue: z.core.$ZodIssue): string {
  const name = FIELD_NAMES[field] ?? field;
  // The bounds of ./formBounds.ts carry their own field messages.
  if (issue.code === 'custom' || (issue.code === 'too_big' && issue.origin === 'string'))
    return issue.message;
  if (field === 'number') return 'Enter the invoice number from the supplier’s invoice';
  if (field === 'invoicedOn') return 'Enter the date on the supplier’s invoice, or leave it empty';
  if (field === 'landedCosts') return 'Choose Manual or Currency Conversion';
  if (field === 'currencyConversion' && issue.code === 'too_small')
    return 'The conversion rate must be more than 0';
  if (field === 'originCountryId' && issue.code === 'too_small')
    return 'A country id is a whole number above 0';
  if (AMOUNTS.has(field) && issue.code === 'too_small') return `${name} cannot be negative`;
  if (issue.code === 'invalid_type' && issue.expected === 'int') return `${name} must be a whole number`;
  if (issue.code === 'too_big') return `${name} is too large`;
  if (issue.code === 'invalid_type') return `Enter a number for ${name.toLowerCase()}`;
  return `${name}: ${issue.message}`;
}

/** Issues keyed by form field, one message each. */
export function invoiceFormErrorsOf(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const out: FormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '$');
    (out[field] ??= []).push(messageOf(field, issue));
  }
  return out;
}

export type InvoiceFormResult = { ok: true; value: ValidInvoiceForm } | { ok: false; errors: FormErrors };

/**
 * `seen` is the invoice as the form opened with: a field left as it had it is not held to the sanity
 * bounds, and a distribution it already had is accepted unchanged. Without it every field is held to them.
 */
export function validateInvoiceForm(form: InvoiceForm, seen?: CachedSupplierInvoice): InvoiceFormResult {
  const parsed = InvoiceFormSchema.safeParse(form);
  const before: Partial<InvoiceForm> = seen ? invoiceFormOf(seen) : {};
  const refused = new Set((parsed.error?.issues ?? []).map((issue) => issue.path[0]));
  const bounds = (InvoiceBoundsSchema.safeParse(form).error?.issues ?? []).filter((issue) => {
    const field = issue.path[0] as keyof InvoiceForm;
    return issue.code !== 'invalid_type' && !refused.has(field) && form[field] !== before[field];
  });
  const rule = ConversionRateRule.safeParse(form);
  const distribution = distributionRule(seen?.distribute_costs_by ?? '').safeParse(form);
  const issues = [
    ...(parsed.error?.issues ?? []),
    ...bounds,
    ...(rule.error?.issues ?? []),
    ...(distribution.error?.issues ?? []),
  ];
  return parsed.success && issues.length === 0
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: invoiceFormErrorsOf(issues) };
}

/**
 * What stops an invoice being finalised, at the field that fixes it, or null when nothing does: a finalised
 * invoice is the one the accounts pay from and cannot be changed after, so it needs the supplier's invoice
 * date (the API would accept it without one; the back office cannot).
 */
export function finaliseErrorsOf(
  invoice: Pick<CachedSupplierInvoice, 'supplier_invoiced_on'>,
): FormErrors | null {
  if (invoice.supplier_invoiced_on) return null;
  return { invoicedOn: [FINALISE_NEEDS_DATE] };
}

export const FINALISE_NEEDS_DATE =
  'Enter the supplier’s invoice date and save it before finalising: a finalised invoice cannot be changed.';

/** Body path (as the outbox or a server problem names it) → the form field that edits it. */
const FIELD_OF_PATH: Record<string, InvoiceFormField> = {
  supplier_invoice_number: 'number',
  supplier_invoiced_on: 'invoicedOn',
  notes: 'notes',
  distribute_costs_by: 'distributeCostsBy',
  international_order: 'internationalOrder',
  landed_costs_calculation: 'landedCosts',
  origin_country: 'originCountryId',
  'origin_country.id': 'originCountryId',
  currency_conversion: 'currencyConversion',
  rounding_adjustment: 'roundingAdjustment',
  'direct_costs.freight.total_ex': 'freightEx',
  'direct_costs.freight.includes_tax': 'freightIncludesTax',
  'direct_costs.misc.total_ex': 'miscEx',
  'direct_costs.misc.includes_tax': 'miscIncludesTax',
  'direct_costs.duty.total_ex': 'dutyEx',
};

/** The form field a body path names, or '$' (the form as a whole) for any other. */
export function invoiceFormFieldOf(path: string): InvoiceFormField | '$' {
  return FIELD_OF_PATH[path.replace(/^body\./, '')] ?? '$';
}
