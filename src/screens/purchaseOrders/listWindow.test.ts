/**
 * The unfiltered list's window reads its rows by one key range (./listQuery.ts `readListRows` with `keyRun`):
 * its ids are a run of the primary key however sparse their numbers, so no get per id (issue #24).
 */
import { expect, it, vi } from 'vitest';
import { samplePurchaseOrder } from '../../api/resources/fixtures';
import { memoryDb } from '../../db/testing/memoryStore';
import { listOrderWindow, readListRows } from './listQuery';

it('reads a window of sparse ids as one key range, where loose ids are a get each', async () => {
  const db = memoryDb('po-window-rows');
  const { purchase_order_items: _, ...po } = samplePurchaseOrder();
  // Ids 100 apart: too sparse for the density rule, yet every key between the window's ends is in it.
  await db.purchaseOrders.bulkPut(
    [-1, ...Array.from({ length: 80 }, (_, i) => 1_000 + i * 100)].map((id) => ({ ...po, id })),
  );
  const window = await listOrderWindow(db, 0, 30);
  expect(window).toHaveLength(30);
  const gets = vi.spyOn(db.purchaseOrders, 'bulkGet');
  const asked = () => gets.mock.calls.flatMap(([keys]) => keys);
  const rows = await readListRows(db, window, { keyRun: true });
  expect([...rows.keys()].sort((a, b) => a - b)).toEqual([...window].sort((a, b) => a - b));
  // Only the order raised here (a temp id) is a get.
  expect(asked()).toEqual([-1]);
  gets.mockClear();
  await readListRows(db, window);
  expect(asked()).toHaveLength(30);
});
