import { describe, expect, it } from 'vitest';
import type { CustomerKeys } from './customerIndex';
import type { CustomerSort } from './customerList';
import { CustomerOrder, customerComparator, type CustomerCompare } from './customerOrder';
import { seededRandom } from '../../lib/seededRandom';

const WORDS = ['ada', 'bolt', 'cy', 'dee', 'eve', null] as const;

function keysOf(id: number, random: () => number): CustomerKeys {
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const name = pick() ?? 'zed';
  return {
    id,
    number: `C${id}`,
    name,
    company: null,
    email: null,
    phone: null,
    type: { id: 1, name: 'Retail' },
    outlet: { id: 1, name: 'Sydney' },
    account: false,
    loyalty: false,
    salesChannels: [],
    pendingOps: [],
    text: name,
    sort: { name, number: `c${id}`, company: pick(), email: pick(), type: pick(), outlet: pick() },
    modifiedOn: '',
  };
}

/** Wraps the comparator to count its calls. */
function counting() {
  let calls = 0;
  const comparatorFor = (sort: CustomerSort | null): CustomerCompare => {
    const compare = customerComparator(sort);
    return (a, b) => (calls++, compare(a, b));
  };
  return { comparatorFor, calls: () => calls, reset: () => (calls = 0) };
}

const wholeSort = (entries: ReadonlyMap<number, CustomerKeys>, sort: CustomerSort | null) =>
  [...entries.values()].sort(customerComparator(sort)).map((keys) => keys.id);

describe('CustomerOrder', () => {
  it('after any mix of added, changed and removed customers, gives the order a whole sort gives', async () => {
    const random = seededRandom(24);
    const entries = new Map<number, CustomerKeys>();
    for (let id = -3; id <= 300; id++) entries.set(id, keysOf(id, random));
    const order = new CustomerOrder();
    const sorts: (CustomerSort | null)[] = [
      null,
      { key: 'company', direction: 'desc' },
      { key: 'email', direction: 'asc' },
    ];
    for (let round = 0; round < 60; round++) {
      const sort = sorts[Math.floor(round / 20)]!;
      for (let edit = 0; edit < 15; edit++) {
        const id = Math.floor(random() * 400) - 5;
        const what = random();
        if (what < 0.2) entries.delete(id);
        else entries.set(id, keysOf(id, random));
      }
      expect((await order.of(entries, sort)).map((keys) => keys.id)).toEqual(wholeSort(entries, sort));
    }
  });

  it('sorts only what changed: the same order again when nothing did, a few comparisons for one change', async () => {
    const random = seededRandom(7);
    const entries = new Map<number, CustomerKeys>();
    for (let id = 1; id <= 2_000; id++) entries.set(id, keysOf(id, random));
    const count = counting();
    const order = new CustomerOrder(count.comparatorFor);
    const first = await order.of(entries, null);
    expect(count.calls()).toBeGreaterThan(2_000);

    count.reset();
    expect(await order.of(entries, null)).toBe(first);
    expect(count.calls()).toBe(0);

    // One customer changed (the projection gives it a new keys object): a merge, not a sort of 2,000.
    entries.set(500, keysOf(500, random));
    count.reset();
    const next = await order.of(entries, null);
    expect(next.map((keys) => keys.id)).toEqual(wholeSort(entries, null));
    expect(count.calls()).toBeLessThanOrEqual(entries.size);
  });

  it('a new sort orders everything again', async () => {
    const random = seededRandom(3);
    const entries = new Map<number, CustomerKeys>();
    for (let id = 1; id <= 50; id++) entries.set(id, keysOf(id, random));
    const order = new CustomerOrder();
    await order.of(entries, null);
    const sort: CustomerSort = { key: 'outlet', direction: 'desc' };
    expect((await order.of(entries, sort)).map((keys) => keys.id)).toEqual(wholeSort(entries, sort));
  });
});
