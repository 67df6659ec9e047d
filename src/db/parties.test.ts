/**
 * The supplier choices (./parties.ts) read the cached suppliers in slices, giving the thread back between
 * them: the same choices, in the same order, as before, whatever the slice size.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LOOKUPS_PER_TASK, supplierChoices } from './parties';
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

it('reads the cached suppliers again only after a commit to them, and answers the same list until then', async () => {
  await db.suppliers.bulkPut([supplier(1, 'Bolt'), supplier(2, 'Acme')]);
  const reads = vi.spyOn(db.suppliers, 'bulkGet');
  const first = await supplierChoices(db);
  // Products and orders change (a sync's slices), the suppliers do not: nothing read, nothing sorted again.
  await db.purchaseOrders.put({
    id: 5,
    supplier: { id: 1 },
    outlet: { id: 1 },
    status: { name: 'Draft' },
  } as never);
  expect(await supplierChoices(db)).toBe(first);
  expect(reads).toHaveBeenCalledTimes(1);
  await db.suppliers.put(supplier(3, 'Cedar'));
  const next = await supplierChoices(db);
  expect(reads).toHaveBeenCalledTimes(2);
  expect(next.map((choice) => choice.label)).toEqual(['Acme (S2)', 'Bolt (S1)', 'Cedar (S3)']);
});

it('looks up the suppliers known only from products a batch a task, each once', async () => {
  const count = LOOKUPS_PER_TASK * 2 + 10;
  await db.products.bulkPut(
    Array.from({ length: count }, (_, i) => ({
      id: 1000 + i,
      supplier: {
        id: i + 1,
        name: `Maker ${String(i + 1).padStart(3, '0')}`,
        supplier_code: null,
        is_enabled: true,
      },
    })) as never,
  );
  let yields = 0;
  const slices: SlicePolicy = { rows: 500, budgetMs: 8, now: () => 0, yieldNow: async () => void yields++ };
  const lookups = vi.spyOn(db, 'transaction');
  const choices = await supplierChoices(db, {}, slices);
  expect(choices).toHaveLength(count);
  expect(choices[0]).toEqual({ value: 1, label: 'Maker 001' });
  // Three batches (two yields between them), then the yield before the sort; no supplier is cached.
  expect(lookups).toHaveBeenCalledTimes(3);
  expect(yields).toBe(2 + 1);
  // A new product's supplier is the only one looked up.
  await db.products.put({
    id: 5000,
    supplier: { id: 999, name: 'Newcomer', supplier_code: 'NEW', is_enabled: true },
  } as never);
  const more = await supplierChoices(db, {}, slices);
  expect(lookups).toHaveBeenCalledTimes(4);
  expect(more.map((choice) => choice.label)).toContain('Newcomer (NEW)');
});
