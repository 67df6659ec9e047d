/**
 * The supplier choices (./parties.ts) read the cached suppliers in slices, giving the thread back between
 * them: the same choices, in the same order, as before, whatever the slice size.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { supplierChoices } from './parties';
import { DockhandDb } from './schema';
import type { SlicePolicy } from './yieldingRead';

let db: DockhandDb;
beforeEach(async () => {
  db = new DockhandDb(`parties-${crypto.randomUUID()}`);
  await db.open();
});
afterEach(() => db.close());

const supplier = (id: number, name: string, enabled = true) =>
  ({ id, name, supplier_code: `S${id}`, is_enabled: enabled }) as never;

it('offers the cached suppliers by name, read a slice at a time', async () => {
  const names = ['Zephyr', 'acme', 'Émile', 'Bolt', 'cedar', 'Acme'];
  await db.suppliers.bulkPut(names.map((name, i) => supplier(i + 1, name, i !== 2)));
  let yields = 0;
  const slices: SlicePolicy = { rows: 2, budgetMs: 8, now: () => 0, yieldNow: async () => void yields++ };
  const choices = await supplierChoices(db, {}, slices);
  const expected = names.map((name, i) => `${name} (S${i + 1})`).sort((a, b) => a.localeCompare(b));
  expect(choices.map((choice) => choice.label)).toEqual(expected);
  // Six suppliers two a read: a yield between each two reads, and one before the sort.
  expect(yields).toBe(2 + 1);
  const enabled = await supplierChoices(db, { enabledOnly: true }, slices);
  expect(enabled.map((choice) => choice.value)).toEqual(choices.map((c) => c.value).filter((id) => id !== 3));
});
