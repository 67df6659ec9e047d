/**
 * The customer form's rules, for a new customer and an edit. The body is checked with the contract's own
 * schemas (src/api/requests/customer.ts), so the form never accepts what the server would refuse; only the
 * messages are the form's, keyed by form field and in a clerk's words. DOM-free.
 *
 * The business number is `abn` in requests and `acn` in responses (the same number): the form calls it
 * "ABN", opens with what the server stored, and sends `abn` when it changed.
 *
 * Rules of the form's own: a customer keeps a first name, last name or company (the contract asks it of a
 * create; an edit that cleared all three would leave a customer nobody can find), and a new customer's type
 * and home outlet are chosen here (the server's defaults are not known to this computer, and the list shows
 * both at once).
 */
import { z } from 'zod';
import { CustomerCreateSchema, CustomerUpdateSchema, type CustomerUpdate } from '../../api/requests';
import { AMOUNT_MAX, boundedNumber, CENT_PLACES, PAYMENT_TERMS_MAX, TEXT_MAX } from '../edits/formBounds';
import * as rules from '../edits/formRules';
import type { ContractIssue, FormErrors, FormResult, KeyTable } from '../edits/formRules';
import type { CachedCustomer } from './customerIndex';

export type { FormErrors } from '../edits/formRules';

/** What the form holds while it is edited: text as typed ('' = empty), selects and numbers null when empty. */
export interface CustomerForm {
  customerNumber: string;
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  phone: string;
  mobile: string;
  fax: string;
  website: string;
  customReference: string;
  abn: string;
  /** `YYYY-MM-DD` as a date input gives it, '' while empty. */
  dateOfBirth: string;
  dateOfBirthWithheld: boolean;
  customerTypeId: number | null;
  homeOutletId: number | null;
  billingLine1: string;
  billingLine2: string;
  billingSuburb: string;
  billingState: string;
  billingPostcode: string;
  billingCountry: string;
  receiveEmail: boolean;
  receivePost: boolean;
  receiveSms: boolean;
  priceGroupIds: number[];
  salesChannelIds: number[];
  loyaltyEnabled: boolean;
  loyaltyAutoPriceGroup: boolean;
  accountEnabled: boolean;
  paymentTerms: number | null;
  creditLimit: number | null;
  creditBlocked: boolean;
  exportToWeb: boolean;
}
export type CustomerFormField = keyof CustomerForm;

const TEXT_FIELDS = {
  customerNumber: 'customer_number',
  firstName: 'first_name',
  lastName: 'last_name',
  company: 'company',
  email: 'email',
  phone: 'phone',
  mobile: 'mobile',
  fax: 'fax',
  website: 'website',
  customReference: 'custom_reference',
  abn: 'abn',
} as const satisfies Partial<Record<CustomerFormField, keyof CustomerUpdate>>;

/** References chosen in a select: form field → body key, sent as `{ id }`. */
const REF_FIELDS = {
  customerTypeId: 'customer_type',
  homeOutletId: 'home_outlet',
} as const satisfies Partial<Record<CustomerFormField, keyof CustomerUpdate>>;

const BILLING_FIELDS = {
  billingLine1: 'address_line1',
  billingLine2: 'address_line2',
  billingSuburb: 'suburb',
  billingState: 'state',
  billingPostcode: 'postcode',
  billingCountry: 'country',
} as const satisfies Partial<Record<CustomerFormField, string>>;

/** The text fields in the order the form shows them: names first, then numbers and contacts. */
export const CUSTOMER_TEXT = [
  'firstName',
  'lastName',
  'company',
  'customerNumber',
  'abn',
  'email',
  'phone',
  'mobile',
  'fax',
  'website',
  'customReference',
] as const satisfies readonly (keyof typeof TEXT_FIELDS)[];

/** The billing address's lines, in order. */
export const CUSTOMER_BILLING = rules.keysOf(BILLING_FIELDS);

/** Fields of the nested objects the server merges key by key: body object → form field → body key. */
const NESTED_FIELDS = {
  marketing: { receiveEmail: 'receive_email', receivePost: 'receive_post', receiveSms: 'receive_sms' },
  loyalty_program: { loyaltyEnabled: 'enabled', loyaltyAutoPriceGroup: 'auto_price_group' },
  account_customer: {
    accountEnabled: 'enabled',
    paymentTerms: 'payment_terms',
    creditLimit: 'credit_limit',
    creditBlocked: 'credit_blocked',
  },
} as const satisfies Record<string, Partial<Record<CustomerFormField, string>>>;

export const CUSTOMER_FIELD_LABELS: Record<CustomerFormField, string> = {
  customerNumber: 'Customer number',
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  email: 'Email',
  phone: 'Phone',
  mobile: 'Mobile',
  fax: 'Fax',
  website: 'Website',
  customReference: 'Custom reference',
  abn: 'ABN',
  dateOfBirth: 'Date of birth',
  dateOfBirthWithheld: 'Date of birth withheld',
  customerTypeId: 'Customer type',
  homeOutletId: 'Home outlet',
  billingLine1: 'Street address',
  billingLine2: 'Address line 2',
  billingSuburb: 'Suburb',
  billingState: 'State',
  billingPostcode: 'Postcode',
  billingCountry: 'Country',
  receiveEmail: 'Email',
  receivePost: 'Post',
  receiveSms: 'SMS',
  priceGroupIds: 'Price groups',
  salesChannelIds: 'Sales channels',
  loyaltyEnabled: 'In the loyalty program',
  loyaltyAutoPriceGroup: 'Price group set by loyalty',
  accountEnabled: 'Account customer',
  paymentTerms: 'Payment terms (days)',
  creditLimit: 'Credit limit',
  creditBlocked: 'Credit blocked',
  exportToWeb: 'Export to web',
};

/** A new customer's form: empty, nothing chosen, every flag off (the server's own defaults). */
export function blankCustomerForm(): CustomerForm {
  return {
    ...rules.blankText(rules.keysOf(TEXT_FIELDS)),
    ...rules.blankText(rules.keysOf(BILLING_FIELDS)),
    dateOfBirth: '',
    dateOfBirthWithheld: false,
    customerTypeId: null,
    homeOutletId: null,
    receiveEmail: false,
    receivePost: false,
    receiveSms: false,
    priceGroupIds: [],
    salesChannelIds: [],
    loyaltyEnabled: false,
    loyaltyAutoPriceGroup: false,
    accountEnabled: false,
    paymentTerms: 0,
    creditLimit: 0,
    creditBlocked: false,
    exportToWeb: false,
  };
}

/** The form as it opens for an edit: the cached customer's values (the ABN is the stored `acn`). */
export function customerFormOf(customer: CachedCustomer): CustomerForm {
  const billing = customer.billing_address;
  return {
    customerNumber: customer.customer_number ?? '',
    firstName: customer.first_name ?? '',
    lastName: customer.last_name ?? '',
    company: customer.company ?? '',
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    mobile: customer.mobile ?? '',
    fax: customer.fax ?? '',
    website: customer.website ?? '',
    customReference: customer.custom_reference ?? '',
    abn: customer.acn ?? '',
    dateOfBirth: customer.date_of_birth ?? '',
    dateOfBirthWithheld: customer.date_of_birth_withheld,
    customerTypeId: customer.customer_type.id,
    homeOutletId: customer.home_outlet.id,
    billingLine1: billing.address_line1 ?? '',
    billingLine2: billing.address_line2 ?? '',
    billingSuburb: billing.suburb ?? '',
    billingState: billing.state ?? '',
    billingPostcode: billing.postcode ?? '',
    billingCountry: billing.country ?? '',
    receiveEmail: customer.marketing.receive_email,
    receivePost: customer.marketing.receive_post,
    receiveSms: customer.marketing.receive_sms,
    priceGroupIds: customer.price_groups.map((group) => group.id),
    salesChannelIds: customer.sales_channels.map((channel) => channel.id),
    loyaltyEnabled: customer.loyalty_program.enabled,
    loyaltyAutoPriceGroup: customer.loyalty_program.auto_price_group,
    accountEnabled: customer.account_customer.enabled,
    paymentTerms: customer.account_customer.payment_terms,
    creditLimit: customer.account_customer.credit_limit,
    creditBlocked: customer.account_customer.credit_blocked,
    exportToWeb: customer.export_to_web,
  };
}

/**
 * The longest each text field may be. The API bounds none of the customer's text; these are the bounds it
 * gives the same kind of field elsewhere (../edits/formBounds.ts, TEXT_MAX), so a 10,000-character name
 * never reaches the server. The inputs take them as maxlength too.
 */
export const CUSTOMER_MAX_LENGTH = {
  customerNumber: TEXT_MAX.reference,
  firstName: TEXT_MAX.name,
  lastName: TEXT_MAX.name,
  company: TEXT_MAX.company,
  email: TEXT_MAX.email,
  phone: TEXT_MAX.phone,
  mobile: TEXT_MAX.phone,
  fax: TEXT_MAX.phone,
  website: TEXT_MAX.website,
  customReference: TEXT_MAX.reference,
  abn: TEXT_MAX.businessNumber,
  billingLine1: TEXT_MAX.addressLine,
  billingLine2: TEXT_MAX.addressLine,
  billingSuburb: TEXT_MAX.suburb,
  billingState: TEXT_MAX.state,
  billingPostcode: TEXT_MAX.postcode,
  billingCountry: TEXT_MAX.country,
} as const satisfies Partial<Record<CustomerFormField, number>>;

/** The longest `field` may be, for its input's maxlength; undefined for a field that is not text. */
export const customerMaxLength = (field: string): number | undefined =>
  (CUSTOMER_MAX_LENGTH as Partial<Record<string, number>>)[field];

/**
 * The form's sanity bounds, in one place: text lengths above, payment terms at most a year of days, a
 * credit limit at most AMOUNT_MAX in whole cents (the API bounds neither beyond "not negative").
 */
const CUSTOMER_BOUNDS = {
  ...rules.textBounds(CUSTOMER_MAX_LENGTH),
  paymentTerms: boundedNumber(z.number(), 'Payment terms', { max: PAYMENT_TERMS_MAX }).nullable(),
  creditLimit: boundedNumber(z.number(), 'The credit limit', {
    max: AMOUNT_MAX,
    places: CENT_PLACES,
  }).nullable(),
};

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The body for what the form changed from `before` and nothing else (`{}` when nothing changed): an
 * emptied text field sends null, which clears it; nested objects send only their changed keys (the server
 * merges them key by key); a list of price groups or sales channels is sent whole when it changed.
 */
export function customerBody(before: CustomerForm, form: CustomerForm): CustomerUpdate {
  const body: Record<string, unknown> = {
    ...rules.changedText(TEXT_FIELDS, before, form, { trim: true }),
    ...rules.changedRefs(REF_FIELDS, before, form),
  };
  if (form.dateOfBirth !== before.dateOfBirth) body.date_of_birth = form.dateOfBirth || null;
  if (form.dateOfBirthWithheld !== before.dateOfBirthWithheld)
    body.date_of_birth_withheld = form.dateOfBirthWithheld;
  const billing = rules.changedText(BILLING_FIELDS, before, form, { trim: true });
  if (Object.keys(billing).length) body.billing_address = billing;
  for (const [object, fields] of Object.entries(NESTED_FIELDS)) {
    const changed = rules.changedValues(fields, before, form);
    if (Object.keys(changed).length) body[object] = changed;
  }
  if (!sameIds(form.priceGroupIds, before.priceGroupIds))
    body.price_groups = form.priceGroupIds.map((id) => ({ id }));
  if (!sameIds(form.salesChannelIds, before.salesChannelIds))
    body.sales_channels = form.salesChannelIds.map((id) => ({ id }));
  if (form.exportToWeb !== before.exportToWeb) body.export_to_web = form.exportToWeb;
  return body as CustomerUpdate;
}

/** The body path of a contract issue → the form field it belongs to. */
function formFieldOf(path: readonly PropertyKey[]): string {
  const [head, inner] = path.map(String);
  if (head === 'billing_address') return rules.fieldOfKey(BILLING_FIELDS, inner) ?? 'billingLine1';
  if (head === 'price_groups') return 'priceGroupIds';
  if (head === 'sales_channels') return 'salesChannelIds';
  if (head === 'date_of_birth') return 'dateOfBirth';
  const nested = NESTED_FIELDS[head as keyof typeof NESTED_FIELDS] as KeyTable | undefined;
  if (nested) return rules.fieldOfKey(nested, inner) ?? '$';
  return rules.fieldOfKey(REF_FIELDS, head) ?? rules.fieldOfKey(TEXT_FIELDS, head) ?? '$';
}

/** One contract issue in a clerk's words. */
function messageFor(field: string, issue: ContractIssue): string {
  switch (field) {
    case 'firstName':
      return 'Give the customer a first name, a last name or a company name.';
    case 'dateOfBirth':
      return 'Enter the date of birth as a date, or leave it empty.';
    case 'paymentTerms':
      return 'Payment terms are a whole number of days, 0 or more.';
    case 'creditLimit':
      return 'The credit limit is an amount of 0 or more.';
    default:
      return issue.code === 'custom' ? issue.message : rules.NOT_ACCEPTED;
  }
}

export type CustomerFormResult = FormResult<CustomerUpdate>;

const hasName = (form: CustomerForm) =>
  [form.firstName, form.lastName, form.company].some((text) => text.trim() !== '');

function check(
  form: CustomerForm,
  before: CustomerForm,
  body: CustomerUpdate,
  schema: typeof CustomerCreateSchema | typeof CustomerUpdateSchema,
  errors: FormErrors,
): CustomerFormResult {
  rules.addBoundErrors(CUSTOMER_BOUNDS, form, before, errors);
  if (!hasName(form))
    rules.addError(errors, 'firstName', messageFor('firstName', { code: 'custom', message: '', path: [] }));
  if (form.accountEnabled && form.paymentTerms === null)
    rules.addError(errors, 'paymentTerms', 'Enter the payment terms in days (0 for none).');
  if (form.accountEnabled && form.creditLimit === null)
    rules.addError(errors, 'creditLimit', 'Enter the credit limit (0 for none).');
  return rules.checkedBody(schema as typeof CustomerUpdateSchema, body, errors, formFieldOf, messageFor);
}

/** An edit: the body for what changed from `seen` (the customer as the form opened), checked. */
export function validateCustomerEdit(seen: CachedCustomer, form: CustomerForm): CustomerFormResult {
  const before = customerFormOf(seen);
  // A number the user left empty is not a change: null never reaches the body as a number.
  const filled = {
    ...form,
    paymentTerms: form.paymentTerms ?? before.paymentTerms,
    creditLimit: form.creditLimit ?? before.creditLimit,
  };
  return check(form, before, customerBody(before, filled), CustomerUpdateSchema, {});
}

/** A new customer: everything filled in, with the type and home outlet chosen, checked as a create. */
export function validateNewCustomer(form: CustomerForm): CustomerFormResult {
  const errors: FormErrors = {};
  if (form.customerTypeId === null) errors.customerTypeId = ['Choose a customer type.'];
  if (form.homeOutletId === null) errors.homeOutletId = ['Choose a home outlet.'];
  const blank = blankCustomerForm();
  const filled = { ...form, paymentTerms: form.paymentTerms ?? 0, creditLimit: form.creditLimit ?? 0 };
  return check(form, blank, customerBody(blank, filled), CustomerCreateSchema, errors);
}
