/**
 * The supplier return header form's rules. The bounds are the contract's (src/api/requests/supplierReturn.ts:
 * notes at most 8,000 characters, the return authorisation 100), checked by validating the body the form
 * would send with the contract's own update schema, so the form never accepts what the server would refuse.
 * Only the messages are the form's: keyed by form field, in a clerk's words. DOM-free.
 *
 * Two rules are the server's, said before anything is queued (server/README.md, "Supplier returns"): a
 * status moves forward only (Incomplete → In Progress → Finalised), and a return without items cannot be
 * finalised. A country, once set, can be changed but not removed (the update takes a reference, never none).
 */
import { SupplierReturnUpdateSchema, type SupplierReturnUpdate } from '../../api/requests';
import * as addressForm from '../edits/addressForm';
import * as rules from '../edits/formRules';
import type { FormErrors, FormResult } from '../edits/formRules';
import { SUPPLIER_RETURN_STATUSES, type SupplierReturnStatus } from '../../api/resources';
import type { CachedSupplierReturn } from './returnRecords';

export type { FormErrors } from '../edits/formRules';

/** What the form holds while it is edited: text as typed ('' = empty), the country null while none is set. */
export interface ReturnHeaderForm extends addressForm.AddressLines {
  countryId: number | null;
  notes: string;
  returnAuthorisation: string;
  includeTax: boolean;
  /** null only when the select's empty choice is picked: refused, a return always has a status. */
  status: SupplierReturnStatus | null;
}
export type ReturnHeaderField = keyof ReturnHeaderForm;

export const RETURN_FIELD_LABELS: Record<ReturnHeaderField, string> = {
  ...addressForm.ADDRESS_LABELS,
  countryId: 'Country',
  notes: 'Notes',
  returnAuthorisation: 'Return authorisation',
  includeTax: 'Claim includes tax',
  status: 'Status',
};

/** Fields sent as they are: an emptied note or authorisation is the empty string, which clears it. */
const VALUE_FIELDS = {
  notes: 'notes',
  returnAuthorisation: 'return_authorisation',
  includeTax: 'include_tax',
} as const satisfies Partial<Record<ReturnHeaderField, keyof SupplierReturnUpdate>>;

const ADDRESS_BOUNDS = rules.textBounds(addressForm.ADDRESS_MAX_LENGTH);

/** Status ids as the reference data numbers them: lifecycle order from 1 (the engine's labels read them so). */
export const statusId = (status: SupplierReturnStatus) => SUPPLIER_RETURN_STATUSES.indexOf(status) + 1;
export const statusOfId = (id: number): SupplierReturnStatus | undefined => SUPPLIER_RETURN_STATUSES[id - 1];

/** The form as it opens: the cached return's values. */
export function returnFormOf(row: CachedSupplierReturn): ReturnHeaderForm & { status: SupplierReturnStatus } {
  return {
    ...addressForm.addressLinesOf(row.supplier_address),
    countryId: row.supplier_address.country?.id ?? null,
    notes: row.notes ?? '',
    returnAuthorisation: row.return_authorisation ?? '',
    includeTax: row.include_tax,
    status: row.supplier_return_status.name,
  };
}

/**
 * The update body for what the form changed from `seen` (the return as the form opened with), and nothing
 * else; `{}` when nothing changed. An emptied address line sends null and emptied notes or authorisation
 * the empty string, which is how the contract clears each.
 */
export function returnUpdateBody(seen: CachedSupplierReturn, form: ReturnHeaderForm): SupplierReturnUpdate {
  const before = returnFormOf(seen);
  const address = addressForm.changedAddress(before, form, 'countryId');
  const body = rules.changedValues(VALUE_FIELDS, before, form) as SupplierReturnUpdate;
  if (address) body.supplier_address = address as SupplierReturnUpdate['supplier_address'];
  if (form.status !== null && form.status !== before.status)
    body.supplier_return_status = { id: statusId(form.status) };
  return body;
}

/** The body path of a contract issue → the form field it belongs to. */
function formFieldOf(path: readonly PropertyKey[]): string {
  const [head, inner] = path.map(String);
  if (head === 'supplier_address') return addressForm.addressFieldOf(inner, 'countryId');
  if (head === 'supplier_return_status') return 'status';
  return rules.fieldOfKey(VALUE_FIELDS, head) ?? '$';
}

/** Why `status` cannot be saved, in words, or null when it can (the server's rules, said first here). */
function statusRefusal(status: SupplierReturnStatus | null, was: SupplierReturnStatus, itemCount: number) {
  if (status === null) return 'Choose a status: a return always has one.';
  if (statusId(status) < statusId(was))
    return `A return’s status only moves forward: this one is ${was} and cannot go back to ${status}.`;
  if (status === 'Finalised' && was !== 'Finalised' && itemCount === 0)
    return 'A return without items cannot be finalised: add what goes back to the supplier first.';
  return null;
}

/**
 * The body for the form's changes, checked with the contract and the server's status rules: field errors
 * in words when it would be refused. `itemCount` is how many items the return has here (queued ones too).
 */
export function validateReturnForm(
  seen: CachedSupplierReturn,
  form: ReturnHeaderForm,
  itemCount: number,
): FormResult<SupplierReturnUpdate> {
  const errors: FormErrors = {};
  const before = returnFormOf(seen);
  rules.addKeptErrors(
    ['countryId'],
    form,
    before,
    errors,
    'Once set, the country can be changed but not removed.',
  );
  const refusal = statusRefusal(form.status, before.status, itemCount);
  if (refusal) rules.addError(errors, 'status', refusal);
  // The address lines the API leaves unbounded, held to ../edits/formBounds.ts when the user changes them.
  rules.addBoundErrors(ADDRESS_BOUNDS, form, before, errors);
  const body = returnUpdateBody(seen, form);
  const message = (field: string, issue: rules.ContractIssue) =>
    rules.tooLongOr(issue, form[field as ReturnHeaderField]);
  return rules.checkedBody(SupplierReturnUpdateSchema, body, errors, formFieldOf, message);
}
