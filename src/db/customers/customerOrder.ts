/**
 * The customer list's order, kept from one run of the list's query to the next (issue #24). During a first
 * sync the list re-runs every couple of seconds while customers land, and sorting all 20,000 again each
 * time was one long main-thread task on a slow PC. The projection (./customerIndex.ts) replaces a
 * customer's keys object when the customer changes, so the last order tells what changed by identity:
 * the unchanged keep their places, only the new or changed are sorted, and the two are merged.
 */
import type { CustomerKeys } from './customerIndex';
import type { CustomerSort } from './customerList';
import { mergeInSlices, SliceBudget, sortInSlices } from '../yieldingRead';

export type CustomerCompare = (a: CustomerKeys, b: CustomerKeys) => number;

/**
 * In the order asked for (by name when none): missing values last, ties by name then id. Customers made
 * on this computer (negative ids) come first when no sort is chosen, so a new one is found at once.
 * A total order (the id breaks every tie), so a merge gives what a whole sort would.
 */
export function customerComparator(sort: CustomerSort | null): CustomerCompare {
  const key = sort?.key ?? 'name';
  const sign = sort?.direction === 'desc' ? -1 : 1;
  const localFirst = sort === null;
  return (a, b) => {
    if (localFirst && a.id < 0 !== b.id < 0) return a.id < 0 ? -1 : 1;
    const av = a.sort[key];
    const bv = b.sort[key];
    if (av !== bv) {
      if (av === null) return 1;
      if (bv === null) return -1;
      return sign * (av < bv ? -1 : 1);
    }
    const an = a.sort.name ?? '';
    const bn = b.sort.name ?? '';
    if (an !== bn) return an < bn ? -1 : 1;
    return a.id - b.id;
  };
}

/** One list's order (one per database: ./customerList.ts). */
export class CustomerOrder {
  #spec: string | null = null;
  #order: readonly CustomerKeys[] = [];

  constructor(private readonly comparatorFor = customerComparator) {}

  /**
   * Every entry in `sort`'s order. The same array as last time when nothing changed; after a change, only
   * the entries whose keys object is new are sorted (a new sort sorts everything once). Sorting and merging
   * give the thread back as `budget` is spent (../yieldingRead.ts).
   */
  async of(
    entries: ReadonlyMap<number, CustomerKeys>,
    sort: CustomerSort | null,
    budget: SliceBudget = new SliceBudget(),
  ): Promise<readonly CustomerKeys[]> {
    const compare = this.comparatorFor(sort);
    const spec = sort ? `${sort.key} ${sort.direction}` : '';
    // Read once: a run that overlaps this one (the list re-ran) must not hand this one an order half its own.
    const last = this.#order;
    let order: readonly CustomerKeys[];
    if (spec !== this.#spec) {
      order = await sortInSlices([...entries.values()], compare, budget);
    } else {
      const kept = last.filter((keys) => entries.get(keys.id) === keys);
      if (kept.length === last.length && kept.length === entries.size) return last;
      const unchanged = new Set(kept);
      const fresh: CustomerKeys[] = [];
      for (const keys of entries.values()) if (!unchanged.has(keys)) fresh.push(keys);
      order = await mergeInSlices(kept, await sortInSlices(fresh, compare, budget), compare, budget);
    }
    this.#spec = spec;
    return (this.#order = order);
  }
}
