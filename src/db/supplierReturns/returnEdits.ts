/**
 * Editing a supplier return's header offline: ONE `updateSupplierReturn` op written by the outbox
 * (../outbox.ts) with the cached row it changes, in one transaction. The op carries only the fields the user
 * changed and the return as they saw it (the engine's 3-way merge base); the row shows the change at once.
 * A finalised return is refused here, as the server would refuse it (409).
 */
import type { SupplierReturnUpdate } from '../../api/requests';
import type { OpRecord } from '../ops';
import { saveRecordUpdate } from '../edits/queueEdit';
import type { DockhandDb } from '../schema';
import { isFinalised, type CachedSupplierReturn } from './returnRecords';
import { statusOfId, validateReturnForm, type FormErrors, type ReturnHeaderForm } from './returnForm';

/**
 * The cached row with the body applied as the server stores it (PUT merges the address key by key). The
 * country's name is taken from the cache (`countryName`), since the body names only its id.
 */
export function returnRowAfter(
  row: CachedSupplierReturn,
  update: SupplierReturnUpdate,
  countryName?: string,
): CachedSupplierReturn {
  const next: CachedSupplierReturn = { ...row };
  if (update.supplier_address) {
    const { country, ...lines } = update.supplier_address;
    next.supplier_address = {
      ...row.supplier_address,
      ...lines,
      ...(country
        ? { country: { id: country.id, name: countryName ?? country.name ?? `Country ${country.id}` } }
        : {}),
    };
  }
  if (update.notes !== undefined) next.notes = update.notes;
  if (update.return_authorisation !== undefined) next.return_authorisation = update.return_authorisation;
  if (update.include_tax !== undefined) next.include_tax = update.include_tax;
  const status = update.supplier_return_status ? statusOfId(update.supplier_return_status.id) : undefined;
  if (update.supplier_return_status && status)
    next.supplier_return_status = { id: update.supplier_return_status.id, name: status };
  return next;
}

/** The change in words, for the op's label in the sync centre. */
function labelOf(id: number, body: SupplierReturnUpdate): string {
  const status = body.supplier_return_status ? statusOfId(body.supplier_return_status.id) : undefined;
  const words = Object.keys(body)
    .filter((key) => key !== 'supplier_return_status')
    .map((key) => (key === 'supplier_address' ? 'address' : key.replace(/_/g, ' ')));
  const parts = [status ? `status ${status}` : '', ...words].filter(Boolean);
  return `Update supplier return ${id} (${parts.join(', ')})`;
}

export type ReturnEditResult =
  { ok: true; op: OpRecord | null; supplierReturn: CachedSupplierReturn } | { ok: false; errors: FormErrors };

/**
 * Validates the form and, when it changed something, queues `updateSupplierReturn` and updates the cached
 * row, in one transaction. Nothing changed: `op` is null and nothing is written. Invalid or finalised: field
 * errors, nothing written. `seen` is the return as the form opened with (default: the cached row now).
 */
export async function saveReturnHeader(
  db: DockhandDb,
  id: number,
  form: ReturnHeaderForm,
  options: { now?: Date; seen?: CachedSupplierReturn } = {},
): Promise<ReturnEditResult> {
  const saved = await saveRecordUpdate<CachedSupplierReturn, SupplierReturnUpdate>(db, {
    kind: 'updateSupplierReturn',
    table: 'supplierReturns',
    id,
    missing: 'This return is not on this computer any more.',
    ...options,
    check: async (row, seen) => {
      if (isFinalised(row))
        return { ok: false, errors: { $: ['This return is finalised: it can no longer be changed.'] } };
      const itemCount = await db.supplierReturnItems.where('supplier_return_id').equals(id).count();
      return validateReturnForm(seen, form, itemCount);
    },
    after: async (row, body) => {
      const countryId = body.supplier_address?.country?.id;
      const countryName =
        countryId === undefined
          ? undefined
          : ((
              await db.supplierReturns
                .filter((other) => other.supplier_address.country?.id === countryId)
                .first()
            )?.supplier_address.country?.name ??
            (await db.suppliers.filter((supplier) => supplier.country_of_origin.id === countryId).first())
              ?.country_of_origin.name);
      return returnRowAfter(row, body, countryName);
    },
    label: (_row, body) => labelOf(id, body),
  });
  return saved.ok ? { ok: true, op: saved.op, supplierReturn: saved.row } : saved;
}
