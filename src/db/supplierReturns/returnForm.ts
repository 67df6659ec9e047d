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
import { z } from 'zod';
import { SupplierReturnUpdateSchema, type SupplierReturnUpdate } from '../../api/requests';
import { TEXT_MAX, textAtMost } from '../edits/formBounds';
import { SUPPLIER_RETURN_STATUSES, type SupplierReturnStatus } from '../../api/resources';
import type { FormErrors } from '../edits/purchaseOrderForm';
import type { CachedSupplierReturn } from './returnRecords';

export type { FormErrors } from '../edits/purchaseOrderForm';

/** What the form holds while it is edited: text as typed ('' = empty), the country null while none is set. */
export interface ReturnHeaderForm {
  addressLine1: string;
  suburb: string;
  state: string;
  postcode: string;
  countryId: number | null;
  notes: string;
  returnAuthorisation: string;
  includeTax: boolean;
  /** null only when the select's empty choice is picked: refused, a return always has a status. */
  status: SupplierReturnStatus | null;
}
export type ReturnHeaderField = keyof ReturnHeaderForm;

export const RETURN_FIELD_LABELS: Record<ReturnHeaderField, string> = {
  addressLine1: 'Street address',
  suburb: 'Suburb',
  state: 'State',
  postcode: 'Postcode',
  countryId: 'Country',
  notes: 'Notes',
  returnAuthorisation: 'Return authorisation',
  includeTax: 'Claim includes tax',
  status: 'Status',
};

const ADDRESS_FIELDS = {
  addressLine1: 'address_line1',
  suburb: 'suburb',
  state: 'state',
  postcode: 'postcode',
} as const satisfies Partial<Record<ReturnHeaderField, string>>;

const AddressBoundsSchema = z.object({
  addressLine1: textAtMost(TEXT_MAX.addressLine),
  suburb: textAtMost(TEXT_MAX.suburb),
  state: textAtMost(TEXT_MAX.state),
  postcode: textAtMost(TEXT_MAX.postcode),
});

/** Status ids as the reference data numbers them: lifecycle order from 1 (the engine's labels read them so). */
export const statusId = (status: SupplierReturnStatus) => SUPPLIER_RETURN_STATUSES.indexOf(status) + 1;
export const statusOfId = (id: number): SupplierReturnStatus | undefined => SUPPLIER_RETURN_STATUSES[id - 1];

/** The form as it opens: the cached return's values. */
export function returnFormOf(row: CachedSupplierReturn): ReturnHeaderForm & { status: SupplierReturnStatus } {
  const address = row.supplier_address;
  return {
    addressLine1: address.address_line1 ?? '',
    suburb: address.suburb ?? '',
    state: address.state ?? '',
    postcode: address.postcode ?? '',
    countryId: address.country?.id ?? null,
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
  const body: SupplierReturnUpdate = {};
  const address: Record<string, unknown> = {};
  for (const [field, key] of Object.entries(ADDRESS_FIELDS) as [keyof typeof ADDRESS_FIELDS, string][])
    if (form[field] !== before[field]) address[key] = form[field] === '' ? null : form[field];
  if (form.countryId !== before.countryId && form.countryId !== null)
    address.country = { id: form.countryId };
  if (Object.keys(address).length)
    body.supplier_address = address as SupplierReturnUpdate['supplier_address'];
  if (form.notes !== before.notes) body.notes = form.notes;
  if (form.returnAuthorisation !== before.returnAuthorisation)
    body.return_authorisation = form.returnAuthorisation;
  if (form.includeTax !== before.includeTax) body.include_tax = form.includeTax;
  if (form.status !== null && form.status !== before.status)
    body.supplier_return_status = { id: statusId(form.status) };
  return body;
}

/** The body path of a contract issue → the form field it belongs to. */
function formFieldOf(path: readonly PropertyKey[]): ReturnHeaderField | '$' {
  const [head, inner] = path.map(String);
  if (head === 'supplier_address') {
    if (inner === 'country') return 'countryId';
    return (
      (Object.entries(ADDRESS_FIELDS).find(([, key]) => key === inner)?.[0] as ReturnHeaderField) ??
      'addressLine1'
    );
  }
  if (head === 'notes') return 'notes';
  if (head === 'return_authorisation') return 'returnAuthorisation';
  if (head === 'include_tax') return 'includeTax';
  if (head === 'supplier_return_status') return 'status';
  return '$';
}

export type ReturnFormResult = { ok: true; body: SupplierReturnUpdate } | { ok: false; errors: FormErrors };

/**
 * The body for the form's changes, checked with the contract and the server's status rules: field errors
 * in words when it would be refused. `itemCount` is how many items the return has here (queued ones too).
 */
export function validateReturnForm(
  seen: CachedSupplierReturn,
  form: ReturnHeaderForm,
  itemCount: number,
): ReturnFormResult {
  const errors: FormErrors = {};
  const add = (field: ReturnHeaderField | '$', message: string) => (errors[field] ??= []).push(message);
  const before = returnFormOf(seen);
  if (form.countryId === null && before.countryId !== null)
    add('countryId', 'Once set, the country can be changed but not removed.');
  if (form.status === null) add('status', 'Choose a status: a return always has one.');
  else if (statusId(form.status) < statusId(before.status))
    add(
      'status',
      `A return’s status only moves forward: this one is ${before.status} and cannot go back to ${form.status}.`,
    );
  else if (form.status === 'Finalised' && before.status !== 'Finalised' && itemCount === 0)
    add('status', 'A return without items cannot be finalised: add what goes back to the supplier first.');
  // The address lines the API leaves unbounded, held to ../edits/formBounds.ts when the user changes them.
  for (const issue of AddressBoundsSchema.safeParse(form).error?.issues ?? []) {
    const field = String(issue.path[0]) as keyof typeof ADDRESS_FIELDS;
    if (form[field] !== before[field]) add(field, issue.message);
  }
  const body = returnUpdateBody(seen, form);
  const parsed = SupplierReturnUpdateSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path);
      if (errors[field]) continue;
      const { code, maximum } = issue as { code: string; maximum?: unknown };
      const length = field === 'notes' || field === 'returnAuthorisation' ? form[field].length : 0;
      add(
        field,
        code === 'too_big' && typeof maximum === 'number'
          ? `At most ${maximum.toLocaleString('en')} characters (this has ${length.toLocaleString('en')}).`
          : 'This value is not accepted.',
      );
    }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
