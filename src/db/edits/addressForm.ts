/**
 * An address whose country is a reference, as a form edits it: the street lines typed and the country chosen
 * from a list. The API gives suppliers (`address`) and supplier returns (`supplier_address`) the same shape
 * (src/api/resources/shared.ts, addressWithCountry), so their forms (../suppliers/supplierForm.ts,
 * ../supplierReturns/returnForm.ts) take its fields, labels, bounds, opening values and body from here. Each
 * form names its own country field. DOM-free.
 */
import { TEXT_MAX } from './formBounds';
import * as rules from './formRules';

/** The street lines as the form holds them: text as typed, '' while empty. */
export interface AddressLines {
  addressLine1: string;
  suburb: string;
  state: string;
  postcode: string;
}

/** Form field → the address's body key. */
const ADDRESS_FIELDS = {
  addressLine1: 'address_line1',
  suburb: 'suburb',
  state: 'state',
  postcode: 'postcode',
} as const satisfies Record<keyof AddressLines, string>;

export const ADDRESS_LABELS: Record<keyof AddressLines, string> = {
  addressLine1: 'Street address',
  suburb: 'Suburb',
  state: 'State',
  postcode: 'Postcode',
};

/** The API bounds none of the lines: these are ./formBounds.ts's bounds for such lines (inputs' maxlength too). */
export const ADDRESS_MAX_LENGTH = {
  addressLine1: TEXT_MAX.addressLine,
  suburb: TEXT_MAX.suburb,
  state: TEXT_MAX.state,
  postcode: TEXT_MAX.postcode,
} as const satisfies Record<keyof AddressLines, number>;

/** The stored address → the form's lines. */
export function addressLinesOf(address: {
  address_line1: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
}): AddressLines {
  return {
    addressLine1: address.address_line1 ?? '',
    suburb: address.suburb ?? '',
    state: address.state ?? '',
    postcode: address.postcode ?? '',
  };
}

/**
 * The address body for what changed from `before`, or undefined when nothing did: an emptied line sends
 * null (which clears it), a country chosen anew `{ id }` (`countryField`: the form's country field).
 */
export function changedAddress(
  before: object,
  form: object,
  countryField: string,
): Record<string, unknown> | undefined {
  const address = {
    ...rules.changedText(ADDRESS_FIELDS, before, form),
    ...rules.changedRefs({ [countryField]: 'country' }, before, form),
  };
  return Object.keys(address).length ? address : undefined;
}

/** The form field of a contract issue inside the address (`inner`: the body key under it). */
export const addressFieldOf = (inner: string | undefined, countryField: string): string =>
  inner === 'country' ? countryField : (rules.fieldOfKey(ADDRESS_FIELDS, inner) ?? 'addressLine1');
