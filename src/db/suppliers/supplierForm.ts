/**
 * The supplier edit form's rules. Every bound is the contract's (src/api/requests/supplier.ts: codes at most
 * 20 characters, names 50, emails 120, comments 255 without certain symbols), checked by validating the body
 * the form would send with the contract's own update schema, so the form never accepts what the server would
 * refuse. Only the messages are the form's: keyed by form field (`contactEmail`), in a clerk's words, and
 * the comments rule names the symbols to take out rather than showing a pattern. DOM-free.
 *
 * Two rules are the form's own: a supplier keeps a code and a name (product links name their supplier by its
 * code, and every list shows the name), and a shipping port or country, once set, can be changed but not
 * removed (the API's update takes a reference, never none).
 */
import { SupplierUpdateSchema, type SupplierUpdate } from '../../api/requests';
import { SUPPLIER_COMMENTS_FORBIDDEN } from '../../api/resources';
import * as addressForm from '../edits/addressForm';
import { TEXT_MAX, upToText } from '../edits/formBounds';
import * as rules from '../edits/formRules';
import type { ContractIssue, FormErrors, FormResult } from '../edits/formRules';
import type { CachedSupplier } from './supplierRecords';

export type { FormErrors } from '../edits/formRules';

/** What the form holds while it is edited: text as typed ('' = empty), selects null while none is chosen. */
export interface SupplierForm extends addressForm.AddressLines {
  code: string;
  name: string;
  phone: string;
  fax: string;
  contactName: string;
  contactEmail: string;
  orderEmail: string;
  addressCountryId: number | null;
  shippingPortId: number | null;
  countryOfOriginId: number | null;
  shippingTerms: string;
  paymentTerms: string;
  comments: string;
  purchaseOrderTemplate: string;
  adminOnlyOrders: boolean;
  depositRequired: boolean;
  poSku1Enabled: boolean;
  poSku2Enabled: boolean;
  isEnabled: boolean;
}
export type SupplierFormField = keyof SupplierForm;

/** Plain text fields: form field → body field. */
const TEXT_FIELDS = {
  code: 'supplier_code',
  name: 'name',
  phone: 'phone',
  fax: 'fax',
  contactName: 'contact_name',
  contactEmail: 'contact_email',
  orderEmail: 'order_email',
  shippingTerms: 'shipping_terms',
  paymentTerms: 'payment_terms',
  comments: 'comments',
  purchaseOrderTemplate: 'purchase_order_template',
} as const satisfies Partial<Record<SupplierFormField, keyof SupplierUpdate>>;

const REF_FIELDS = {
  shippingPortId: 'shipping_port',
  countryOfOriginId: 'country_of_origin',
} as const satisfies Partial<Record<SupplierFormField, keyof SupplierUpdate>>;

const FLAG_FIELDS = {
  adminOnlyOrders: 'admin_only_orders',
  depositRequired: 'deposit_required',
  poSku1Enabled: 'po_sku1_enabled',
  poSku2Enabled: 'po_sku2_enabled',
  isEnabled: 'is_enabled',
} as const satisfies Partial<Record<SupplierFormField, keyof SupplierUpdate>>;

/** The form's labels, used in messages that name a field and in the error summary. */
export const SUPPLIER_FIELD_LABELS: Record<SupplierFormField, string> = {
  code: 'Supplier code',
  name: 'Name',
  phone: 'Phone',
  fax: 'Fax',
  contactName: 'Contact name',
  contactEmail: 'Contact email',
  orderEmail: 'Order email',
  ...addressForm.ADDRESS_LABELS,
  addressCountryId: 'Country',
  shippingPortId: 'Shipping port',
  countryOfOriginId: 'Country of origin',
  shippingTerms: 'Shipping terms',
  paymentTerms: 'Payment terms',
  comments: 'Comments',
  purchaseOrderTemplate: 'Purchase order template',
  adminOnlyOrders: 'Only administrators may order',
  depositRequired: 'Deposit required',
  poSku1Enabled: 'Show supplier SKU on orders',
  poSku2Enabled: 'Show barcode (SKU2) on orders',
  isEnabled: 'Enabled',
};

/**
 * The longest each text field may be: the API's bounds (2.10 of its field tables, enforced again by the
 * contract's schema) and, for the address lines and the template name it leaves unbounded, the bounds of
 * ../edits/formBounds.ts. The inputs take them as maxlength.
 */
const API_MAX_LENGTH = {
  code: 20,
  name: 50,
  phone: 20,
  fax: 20,
  contactName: 50,
  contactEmail: 120,
  orderEmail: 120,
  shippingTerms: 50,
  paymentTerms: 50,
  comments: 255,
} as const satisfies Partial<Record<SupplierFormField, number>>;
const OWN_MAX_LENGTH = {
  ...addressForm.ADDRESS_MAX_LENGTH,
  purchaseOrderTemplate: TEXT_MAX.name,
} as const satisfies Partial<Record<SupplierFormField, number>>;

/** The longest `field` may be, for its input's maxlength; undefined for a field that is not text. */
const MAX_LENGTH: Partial<Record<SupplierFormField, number>> = { ...API_MAX_LENGTH, ...OWN_MAX_LENGTH };
export const supplierMaxLength = (field: string): number | undefined =>
  MAX_LENGTH[field as SupplierFormField];

/** The bounds the contract does not check, in one place. */
const OWN_BOUNDS = rules.textBounds(OWN_MAX_LENGTH);

/** The comments rule in words, shown under the field (the contract's list, spaced out to read). */
export const COMMENTS_RULE = `Up to 255 characters. Letters, numbers, spaces, commas, full stops and hyphens are fine; these symbols are not: ${SUPPLIER_COMMENTS_FORBIDDEN.join(' ')}`;

/** Each field's hint: the contract's bound where the clerk is likely to meet it, and what a field is for. */
export const SUPPLIER_HINTS: Partial<Record<SupplierFormField, string>> = {
  ...Object.fromEntries(
    (['code', 'name', 'contactName', 'phone', 'fax', 'shippingTerms', 'paymentTerms'] as const).map(
      (field) => [field, upToText(API_MAX_LENGTH[field])],
    ),
  ),
  orderEmail: 'Where purchase orders are sent',
  comments: COMMENTS_RULE,
};

/** The form as it opens: the cached supplier's values. */
export function supplierFormOf(supplier: CachedSupplier): SupplierForm {
  return {
    code: supplier.supplier_code ?? '',
    name: supplier.name ?? '',
    phone: supplier.phone ?? '',
    fax: supplier.fax ?? '',
    contactName: supplier.contact_name ?? '',
    contactEmail: supplier.contact_email ?? '',
    orderEmail: supplier.order_email ?? '',
    ...addressForm.addressLinesOf(supplier.address),
    addressCountryId: supplier.address.country?.id ?? null,
    shippingPortId: supplier.shipping_port.id,
    countryOfOriginId: supplier.country_of_origin.id,
    shippingTerms: supplier.shipping_terms ?? '',
    paymentTerms: supplier.payment_terms ?? '',
    comments: supplier.comments ?? '',
    purchaseOrderTemplate: supplier.purchase_order_template ?? '',
    adminOnlyOrders: supplier.admin_only_orders,
    depositRequired: supplier.deposit_required,
    poSku1Enabled: supplier.po_sku1_enabled ?? false,
    poSku2Enabled: supplier.po_sku2_enabled ?? true,
    isEnabled: supplier.is_enabled,
  };
}

/**
 * The update body for what the form changed from `seen` (the supplier as the form opened with), and
 * nothing else; `{}` when nothing changed. An emptied text field sends null, which clears it.
 */
export function supplierUpdateBody(seen: CachedSupplier, form: SupplierForm): SupplierUpdate {
  const before = supplierFormOf(seen);
  const address = addressForm.changedAddress(before, form, 'addressCountryId');
  return {
    ...rules.changedText(TEXT_FIELDS, before, form),
    ...rules.changedValues(FLAG_FIELDS, before, form),
    ...(address ? { address } : {}),
    ...rules.changedRefs(REF_FIELDS, before, form),
  } as SupplierUpdate;
}

/** The body path of a contract issue → the form field it belongs to. */
function formFieldOf(path: readonly PropertyKey[]): string {
  const [head, inner] = path.map(String);
  if (head === 'address') return addressForm.addressFieldOf(inner, 'addressCountryId');
  return (
    rules.fieldOfKey(REF_FIELDS, head) ??
    rules.fieldOfKey(TEXT_FIELDS, head) ??
    rules.fieldOfKey(FLAG_FIELDS, head) ??
    '$'
  );
}

/** The symbols of the comments rule found in `text`, each once, in the order of the rule. */
export function forbiddenIn(text: string): string[] {
  return SUPPLIER_COMMENTS_FORBIDDEN.filter((symbol) => text.includes(symbol));
}

const EMAIL_FIELDS = new Set(['contactEmail', 'orderEmail']);

/** One contract issue in a clerk's words. */
function messageFor(field: string, issue: ContractIssue, form: SupplierForm): string {
  if (field === 'comments' && issue.code === 'invalid_format') {
    const found = forbiddenIn(form.comments);
    return `Take out ${found.join(' ')}: comments cannot contain ${found.length === 1 ? 'this symbol' : 'these symbols'}.`;
  }
  return rules.tooLongOr(
    issue,
    form[field as SupplierFormField],
    EMAIL_FIELDS.has(field)
      ? 'Not an email address: write it like orders@example.com, or leave it empty.'
      : rules.NOT_ACCEPTED,
  );
}

/**
 * The body for the form's changes, checked with the contract: field errors in words when it would be
 * refused. `seen` is the supplier as the form opened with.
 */
export function validateSupplierForm(seen: CachedSupplier, form: SupplierForm): FormResult<SupplierUpdate> {
  const errors: FormErrors = {};
  if (form.code.trim() === '')
    rules.addError(errors, 'code', 'A supplier needs a code: product links name their supplier by it.');
  if (form.name.trim() === '') rules.addError(errors, 'name', 'A supplier needs a name.');
  const before = supplierFormOf(seen);
  rules.addKeptErrors(['shippingPortId', 'countryOfOriginId', 'addressCountryId'], form, before, errors);
  rules.addBoundErrors(OWN_BOUNDS, form, before, errors);
  return rules.checkedBody(
    SupplierUpdateSchema,
    supplierUpdateBody(seen, form),
    errors,
    formFieldOf,
    (field, issue) => messageFor(field, issue, form),
  );
}
