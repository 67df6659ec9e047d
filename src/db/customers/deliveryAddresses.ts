/**
 * Editing one of a customer's delivery addresses offline: the form, its body (only what changed, checked
 * with the contract's DeliveryAddressUpdateSchema), and ONE transaction that queues
 * `updateDeliveryAddress` and writes the edit into the cached customer at once.
 *
 * The address lives inside the customer row, and the engine's spec for this op writes nothing when it is
 * done (electron/core/sync/ops/customers.ts: its response is the address alone, and a cache write replaces
 * whole rows), so the local edit here is what shows the change until the next pull of the customer brings
 * the server's copy. It applies the server's rule as well: `default: true` clears the other addresses'
 * default (server/README.md, parties).
 */
import { DeliveryAddressUpdateSchema, type DeliveryAddressUpdate } from '../../api/requests';
import type { DeliveryAddress } from '../../api/resources';
import type { OpRecord } from '../ops';
import { inEditTransaction, serverRecordOf } from '../edits/queueEdit';
import { enqueue } from '../outbox';
import type { DockhandDb } from '../schema';
import { customerName, type CachedCustomer } from './customerIndex';
import { TEXT_MAX } from '../edits/formBounds';
import * as rules from '../edits/formRules';
import type { FormErrors, FormResult } from '../edits/formRules';

export interface DeliveryAddressForm {
  firstName: string;
  lastName: string;
  company: string;
  line1: string;
  line2: string;
  suburb: string;
  state: string;
  postcode: string;
  country: string;
  countryCode: string;
  phone: string;
  mobile: string;
  isDefault: boolean;
}
export type DeliveryAddressField = keyof DeliveryAddressForm;

const TEXT_FIELDS = {
  firstName: 'first_name',
  lastName: 'last_name',
  company: 'company',
  line1: 'address_line1',
  line2: 'address_line2',
  suburb: 'suburb',
  state: 'state',
  postcode: 'postcode',
  country: 'country',
  countryCode: 'country_code',
  phone: 'phone',
  mobile: 'mobile',
} as const satisfies Record<Exclude<DeliveryAddressField, 'isDefault'>, keyof DeliveryAddressUpdate>;

export const DELIVERY_ADDRESS_LABELS: Record<DeliveryAddressField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  line1: 'Street address',
  line2: 'Address line 2',
  suburb: 'Suburb',
  state: 'State',
  postcode: 'Postcode',
  country: 'Country',
  countryCode: 'Country code',
  phone: 'Phone',
  mobile: 'Mobile',
  isDefault: 'Default delivery address',
};

/**
 * The longest each line may be. The API bounds none of them; these are the bounds it gives the same kind
 * of field elsewhere (../edits/formBounds.ts, TEXT_MAX). A country code is ISO 3166's two or three letters.
 * The inputs take them as maxlength too.
 */
export const DELIVERY_ADDRESS_MAX_LENGTH = {
  firstName: TEXT_MAX.name,
  lastName: TEXT_MAX.name,
  company: TEXT_MAX.company,
  line1: TEXT_MAX.addressLine,
  line2: TEXT_MAX.addressLine,
  suburb: TEXT_MAX.suburb,
  state: TEXT_MAX.state,
  postcode: TEXT_MAX.postcode,
  country: TEXT_MAX.country,
  countryCode: 3,
  phone: TEXT_MAX.phone,
  mobile: TEXT_MAX.phone,
} as const satisfies Record<keyof typeof TEXT_FIELDS, number>;

/** The address's sanity bounds, in one place: each line at most its length above. */
const ADDRESS_BOUNDS = rules.textBounds(DELIVERY_ADDRESS_MAX_LENGTH);

export function blankDeliveryAddressForm(): DeliveryAddressForm {
  return { ...rules.blankText(rules.keysOf(TEXT_FIELDS)), isDefault: false };
}

export function deliveryAddressFormOf(address: DeliveryAddress): DeliveryAddressForm {
  const form = blankDeliveryAddressForm();
  for (const [field, key] of Object.entries(TEXT_FIELDS) as [keyof typeof TEXT_FIELDS, string][])
    form[field] = (address[key as keyof DeliveryAddress] as string | null) ?? '';
  form.isDefault = address.default === true;
  return form;
}

/** The body for what changed from `before`: an emptied line sends null, which clears it. */
export function deliveryAddressBody(
  before: DeliveryAddressForm,
  form: DeliveryAddressForm,
): DeliveryAddressUpdate {
  return {
    ...rules.changedText(TEXT_FIELDS, before, form, { trim: true }),
    ...rules.changedValues({ isDefault: 'default' }, before, form),
  } as DeliveryAddressUpdate;
}

export type DeliveryAddressResult = FormResult<DeliveryAddressUpdate>;

/**
 * Checked with the bounds above (on the lines the user changed: a longer line the server already holds is
 * not theirs to fix) and the contract (which bounds none of the lines); each issue is named at its field.
 */
export function validateDeliveryAddress(
  before: DeliveryAddressForm,
  form: DeliveryAddressForm,
): DeliveryAddressResult {
  const errors: FormErrors = {};
  rules.addBoundErrors(ADDRESS_BOUNDS, form, before, errors);
  const fieldOf = (path: readonly PropertyKey[]) => {
    const key = String(path[0] ?? '');
    return key === 'default' ? 'isDefault' : (rules.fieldOfKey(TEXT_FIELDS, key) ?? '$');
  };
  return rules.checkedBody(
    DeliveryAddressUpdateSchema,
    deliveryAddressBody(before, form),
    errors,
    fieldOf,
    () => rules.NOT_ACCEPTED,
  );
}

/** The customer's addresses with the body applied to one, as the server stores it. */
export function addressesAfter(
  addresses: readonly DeliveryAddress[],
  addressId: number,
  body: DeliveryAddressUpdate,
): DeliveryAddress[] {
  const sent = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  return addresses.map((address) => {
    if (address.id === addressId) return { ...address, ...sent } as DeliveryAddress;
    return body.default === true && address.default === true ? { ...address, default: false } : address;
  });
}

/** The address in words, for labels: "12 Harbour St, Pyrmont". */
export function addressText(address: Partial<DeliveryAddress>): string {
  return (
    [address.address_line1, address.address_line2, address.suburb, address.state, address.postcode]
      .filter(Boolean)
      .join(', ') || 'no address lines'
  );
}

export type DeliveryAddressEditResult =
  { ok: true; op: OpRecord | null; customer: CachedCustomer } | { ok: false; errors: FormErrors };

/**
 * Validates the form and, when it changed something, queues `updateDeliveryAddress` (merge base: the
 * address as the form opened with, `seen`) and puts the customer with the edited address, in one
 * transaction. Nothing changed: `op` is null and nothing is written.
 */
export async function saveDeliveryAddress(
  db: DockhandDb,
  customerId: number,
  addressId: number,
  form: DeliveryAddressForm,
  options: { now?: Date; seen?: DeliveryAddress } = {},
): Promise<DeliveryAddressEditResult> {
  return inEditTransaction(db, async (): Promise<DeliveryAddressEditResult> => {
    const customer = await db.customers.get(customerId);
    const address = customer?.delivery_addresses.find((candidate) => candidate.id === addressId);
    if (!customer || !address)
      return { ok: false, errors: { $: ['This delivery address is not on this computer any more.'] } };
    const seen = options.seen ?? address;
    const valid = validateDeliveryAddress(deliveryAddressFormOf(seen), form);
    if (!valid.ok) return valid;
    if (Object.keys(valid.body).length === 0) return { ok: true, op: null, customer };
    const row = {
      ...serverRecordOf(customer),
      delivery_addresses: addressesAfter(customer.delivery_addresses, addressId, valid.body),
    };
    const op = await enqueue(db, {
      kind: 'updateDeliveryAddress',
      params: { id: customerId, address_id: addressId },
      body: valid.body,
      baseVersion: seen,
      cacheChanges: [{ table: 'customers', put: [row] }],
      // Named by the address being saved: the old one is what the clerk just replaced (issue #26).
      label: `Update delivery address of ${customerName(customer)} to ${addressText({ ...seen, ...valid.body })}`,
      now: options.now ?? new Date(),
    });
    return { ok: true, op, customer: (await db.customers.get(customerId)) ?? customer };
  });
}
