/**
 * The New purchase order form's rules: the contract's own create schemas (src/api/requests/purchaseOrder.ts)
 * supply every bound, so the form can never accept what the server would refuse; only the messages are
 * the form's, worded for the person on the dock and keyed by form field (`lines.0.quantity`).
 *
 * Rules of the form's, not the contract's: an order needs at least one line (the API accepts empty
 * drafts, but a draft nobody can add lines to offline is of no use here), its ETA is not in the past, and
 * a line's quantity and buy price stay within the sanity bounds of ./formBounds.ts (the API bounds them
 * only at int32 and ±922337203685477.6: 999,999,999 units were accepted, issue #26).
 */
import { z } from 'zod';
import { PurchaseOrderCreateSchema, PurchaseOrderItemCreateSchema } from '../../api/requests';
import { boundedNumber, PRICE_PLACES, QUANTITY_MAX, UNIT_PRICE_MAX } from './formBounds';
import type { FormErrors } from './formRules';

/** What the form holds while it is edited: selects and number fields are null while empty. */
export interface NewPurchaseOrderForm {
  supplierId: number | null;
  outletId: number | null;
  /** `YYYY-MM-DD` as a date input gives it; '' while empty. */
  eta: string;
  lines: { productId: number; quantity: number | null; buyPrice: number | null }[];
  /** reference_purchase_order_id: the order this one follows up, if any. */
  reference?: number | null;
}

export type { FormErrors };

const body = PurchaseOrderCreateSchema.shape;
const item = PurchaseOrderItemCreateSchema.shape;

/** The form's schema for orders raised on `today` (`YYYY-MM-DD`, the user's local calendar day). */
export function newPurchaseOrderSchema(today: string) {
  return z.object({
    supplierId: body.supplier.shape.id,
    outletId: body.outlet.shape.id,
    eta: body.eta
      .unwrap()
      .unwrap()
      .refine((eta) => eta >= today, {
        message: 'The ETA cannot be in the past',
        // Only a well-formed date is compared; a malformed one has its own message.
        when: (payload) => payload.issues.length === 0,
      }),
    reference: body.reference_purchase_order_id,
    lines: z
      .array(
        z.object({
          productId: item.product.shape.id,
          quantity: boundedNumber(item.quantity_ordered, 'Quantity', { max: QUANTITY_MAX }),
          // null: the server prices the line from the product's supplier buy price.
          buyPrice: boundedNumber(item.supplier_buy_ex.unwrap().unwrap(), 'Buy price', {
            max: UNIT_PRICE_MAX,
            places: PRICE_PLACES,
          }).nullish(),
        }),
      )
      .min(1),
  });
}

export type ValidNewPurchaseOrder = z.output<ReturnType<typeof newPurchaseOrderSchema>>;

const FIELD_NAMES: Record<string, string> = { quantity: 'Quantity', buyPrice: 'Buy price' };

/** One issue in the words the form shows; the contract's bounds come through as numbers. */
function messageOf(field: string, issue: z.core.$ZodIssue): string {
  const name = FIELD_NAMES[field] ?? field;
  if (issue.code === 'custom') return issue.message;
  if (field === 'supplierId') return 'Choose a supplier';
  if (field === 'outletId') return 'Choose an outlet';
  if (field === 'eta') return 'Enter the ETA as a date';
  if (field === 'lines') return 'Add at least one product';
  if (issue.code === 'too_small')
    return issue.minimum === 0 ? `${name} cannot be negative` : `${name} must be at least ${issue.minimum}`;
  if (issue.code === 'too_big') return `${name} must be at most ${issue.maximum}`;
  if (issue.code === 'invalid_type' && issue.expected === 'int') return `${name} must be a whole number`;
  if (issue.code === 'invalid_type' && field === 'quantity') return 'Enter a quantity';
  if (issue.code === 'invalid_type' && field === 'buyPrice') return 'Enter a price, or leave it empty';
  return issue.message;
}

/** Issues keyed by dotted path (`lines.0.quantity`), one message each. */
export function formErrorsOf(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const out: FormErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '$';
    const field = String(issue.path[issue.path.length - 1] ?? '$');
    (out[key] ??= []).push(messageOf(field, issue));
  }
  return out;
}

/** The local calendar day of `now`, as date inputs and `calendarDate()` write it. */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type FormResult = { ok: true; value: ValidNewPurchaseOrder } | { ok: false; errors: FormErrors };

export function validateNewPurchaseOrder(form: NewPurchaseOrderForm, now = new Date()): FormResult {
  const parsed = newPurchaseOrderSchema(localDate(now)).safeParse(form);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: formErrorsOf(parsed.error.issues) };
}

/** The form field an op-body path names (`body.purchase_order_items.0.quantity_ordered` → `lines.0.quantity`). */
export function formFieldOfBodyPath(path: string): string {
  const renamed = path
    .replace(/^body\./, '')
    .replace(/^purchase_order_items/, 'lines')
    .replace(/\.quantity_ordered$/, '.quantity')
    .replace(/\.supplier_buy_ex$/, '.buyPrice')
    .replace(/\.product(\.id)?$/, '.productId');
  return renamed.replace(/^(supplier|outlet)(\.id)?$/, '$1Id');
}
