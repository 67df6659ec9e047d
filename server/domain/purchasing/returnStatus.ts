/**
 * Supplier return status (Incomplete → In Progress → Finalised; item statuses follow their return; the API
 * shows none, so these are ours, ../../README.md). Decided here:
 *  - a status only moves forward; skipping a step is allowed (Incomplete → Finalised), going back is a 409,
 *    and setting the current status again changes nothing;
 *  - a finalised return rejects every change (409), and a return without items cannot be finalised (409);
 *  - started_on is set when the return first leaves Incomplete (or gets its first item), finalised_on when it
 *    is finalised;
 *  - every item takes the return's new status and is marked modified with it.
 */
import { SUPPLIER_RETURN_STATUSES } from '../../../src/api/enums';
import type { SupplierReturn, SupplierReturnItem } from '../../../src/api/resources';
import { conflict } from '../../errors';
import type { NamedValue } from '../../state';
import { touch, type Stamp } from './audit';
import { withKnownName } from '../checks';

type ReturnStatus = SupplierReturn['supplier_return_status'];

const rankOf = (name: string) => (SUPPLIER_RETURN_STATUSES as readonly string[]).indexOf(name);

export const isFinalised = (ret: SupplierReturn) => ret.supplier_return_status.name === 'Finalised';

export function rejectIfFinalised(ret: SupplierReturn): void {
  if (isFinalised(ret)) throw conflict(`Supplier return ${ret.id} is finalised and can no longer be changed`);
}

const asReturnStatus = (value: NamedValue): ReturnStatus =>
  withKnownName(SUPPLIER_RETURN_STATUSES, value, 'Supplier return status');

/**
 * Checks a move of the return to `next` against the rules above without changing anything, so a handler can
 * refuse the whole update before it writes. Returns the status to apply, or null when it is the current one.
 */
export function checkStatusMove(
  ret: SupplierReturn,
  items: readonly SupplierReturnItem[],
  next: NamedValue,
): ReturnStatus | null {
  const status = asReturnStatus(next);
  const current = ret.supplier_return_status;
  if (status.name === current.name) return null;
  if (rankOf(status.name) < rankOf(current.name)) {
    throw conflict(`Supplier return ${ret.id} is ${current.name}; it cannot go back to ${status.name}`);
  }
  if (status.name === 'Finalised' && items.length === 0) {
    throw conflict(`Supplier return ${ret.id} has no items; a return without items cannot be finalised`);
  }
  return status;
}

/** Moves the return and its items to a status checkStatusMove returned. */
export function applyStatus(
  ret: SupplierReturn,
  items: readonly SupplierReturnItem[],
  status: ReturnStatus,
  stamp: Stamp,
): void {
  ret.supplier_return_status = status;
  ret.started_on ??= stamp.at;
  if (status.name === 'Finalised') ret.finalised_on = stamp.at;
  for (const item of items) {
    item.supplier_return_item_status = { ...status };
    touch(item, stamp);
  }
}
