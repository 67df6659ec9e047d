/**
 * A tier's passes in lanes that run side by side (./puller.ts): a pass that follows another (`after`,
 * `openedBy`: the lines of the closed orders, the credit notes' items) or belongs to the same family (the
 * open-order passes) joins that one's lane; every other pass starts a lane of its own. Lanes keep the tier's
 * order and run PASSES_IN_FLIGHT at a time, so the heavy lane of purchase orders (first) has one other lane
 * beside it taking the small lists in turn: the renderer stores both, and the first sync of the small demo
 * no longer waits for the order pages before asking for invoices, customers and credit notes.
 */
import type { ListResource } from './resources';

/** Lanes of one tier in flight at once. */
export const PASSES_IN_FLIGHT = 2;

export function lanesOf<T extends { resource: ListResource }>(runs: readonly T[]): T[][] {
  const lanes: T[][] = [];
  const laneOf = new Map<string, T[]>();
  for (const run of runs) {
    const { name, family, after, openedBy } = run.resource;
    const joined = [after, openedBy, family].flatMap((key) => (key ? [laneOf.get(key)] : [])).find(Boolean);
    const lane = joined ?? [];
    if (!joined) lanes.push(lane);
    lane.push(run);
    laneOf.set(name, lane);
    if (family) laneOf.set(family, lane);
  }
  return lanes;
}
