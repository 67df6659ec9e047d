/**
 * Audit fields. Every mutation takes one stamp (one clock reading, one user) and applies it to every record
 * it touches, so a purchase order and the invoice that received into it carry the same modified_on.
 *
 * modified_on is the clock's millisecond and may repeat (decided: no artificial strictly-increasing clock).
 * The sync engine pulls by the (modified_on, id) cursor with an overlap window, so two records modified in
 * the same millisecond are both delivered and de-duplicated.
 */
import type { HandlerContext } from '../context';
import type { User } from '../../state';

export interface Stamp {
  /** ISO date-time of the mutation. */
  readonly at: string;
  readonly by: User;
}

export function stampOf(ctx: Pick<HandlerContext, 'now' | 'user'>): Stamp {
  return { at: ctx.now().toISOString(), by: ctx.user };
}

/** created_on/modified_on/created_by/modified_by of a new record. Users are copied, never shared. */
export const createdFields = (stamp: Stamp) => ({
  created_on: stamp.at,
  modified_on: stamp.at,
  created_by: { ...stamp.by },
  modified_by: { ...stamp.by },
});

/** Marks an audited record as modified by this mutation. */
export function touch(record: { modified_on: string; modified_by: User }, stamp: Stamp): void {
  record.modified_on = stamp.at;
  record.modified_by = { ...stamp.by };
}
