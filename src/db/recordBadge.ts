/**
 * The badge an order with local edits shows: "Pending" while its ops wait their turn, or the state of the
 * one that needs the user (failed, conflict…), so a rejected offline order stands out in the list too.
 */
import type { OpState } from './ops';

export type OrderBadge = OpState | 'pending';

/** Worst first: what the user must act on outranks what the engine is still working on. */
const PRIORITY: readonly OpState[] = ['failed', 'conflicted', 'blocked', 'uncertain', 'sending'];

export function orderBadge(
  pendingOps: readonly string[] | undefined,
  stateOf: (opId: string) => OpState | undefined,
): OrderBadge | null {
  if (!pendingOps?.length) return null;
  const states = new Set(pendingOps.map(stateOf));
  return PRIORITY.find((state) => states.has(state)) ?? 'pending';
}

/** Op states worth reading from the outbox for badges (the others all read "Pending"). */
export const NOTABLE_STATES = PRIORITY;
