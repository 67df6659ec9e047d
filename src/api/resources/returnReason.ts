/** The supplier return reason (soft-deleted via `deleted` + `deleted_on`). */
import { z } from 'zod';
import { dateTime, int32 } from '../primitives';

export const SupplierReturnReasonSchema = z.strictObject({
  id: int32().nullable(),
  name: z.string().nullable(),
  created_on: dateTime(),
  modified_on: dateTime(),
  // The API's default: a record without the flag is a live reason.
  deleted: z.boolean().default(false),
  deleted_on: dateTime().nullable(),
});

export type SupplierReturnReason = z.infer<typeof SupplierReturnReasonSchema>;

/** A reason as its create makes it: live, created and modified `now`. The simulator and the client's cached
 * row of a queued create both start from this. */
export const newReturnReason = (id: number, name: string, now: string): SupplierReturnReason => ({
  id,
  name,
  created_on: now,
  modified_on: now,
  deleted: false,
  deleted_on: null,
});
