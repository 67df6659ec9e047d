import { beforeEach, describe, expect, it } from 'vitest';
import { createPullMethods, type PullApplyOptions } from './dexiePull';
import { enqueue } from './outbox';
import { nextSliceRows, takeSlice, type SliceSizing } from './pullSlices';
import type { DockhandDb, PullCursor } from './schema';
import { memoryDb } from './testing/memoryStore';
import { customerEdit, customerRow as customer } from './testing/customerRow';

let db: DockhandDb;
const AT = '2026-01-01T00:00:00.000Z';

beforeEach(() => {
  db = memoryDb('pull-test');
});

const cursorAt = (id: number): PullCursor => ({
  resource: 'customers',
  modifiedOn: '2025-01-01T00:00:00Z',
  id,
  completedAt: AT,
});

const fixed = (rows: number): SliceSizing => ({
  startRows: rows,
  minRows: rows,
  maxRows: rows,
  targetMs: 16,
});

/** What the store holds each time the page is paused between slices. */
function watchSlices(options: PullApplyOptions = {}) {
  const seen: { rows: number; cursorId: number | null }[] = [];
  const methods = createPullMethods(db, {
    ...options,
    yieldToHost: async () => {
      seen.push({
        rows: await db.customers.count(),
        cursorId: (await db.cursors.get('customers'))?.id ?? null,
      });
    },
  });
  return { methods, seen };
}

describe('applying a pulled page in slices', () => {
  it('writes a page larger than a slice in several transactions, and the cursor only with the last', async () => {
    await db.customers.bulkPut([customer(1), customer(2)] as never);
    const { methods, seen } = watchSlices({ sizing: fixed(2) });
    const page = [3, 4, 5, 6, 7].map((id) => customer(id));
    const result = await methods.applyPulledPage({
      writes: [{ table: 'customers', delete: [1, 2], put: page }],
      cursor: cursorAt(7),
      at: AT,
    });
    // Deletes first (as one transaction applies them), then the puts, two rows per slice.
    expect(seen).toEqual([
      { rows: 0, cursorId: null },
      { rows: 2, cursorId: null },
      { rows: 4, cursorId: null },
    ]);
    expect(result).toEqual({ written: 5, unchanged: 0, rebased: 0, deleted: 2 });
    expect(await db.customers.toCollection().primaryKeys()).toEqual([3, 4, 5, 6, 7]);
    expect((await db.cursors.get('customers'))?.id).toBe(7);
  });

  it('replays a page cut short between slices without losing the local edit or counting rows twice', async () => {
    await db.cursors.put(cursorAt(0));
    await db.customers.put(customer(1) as never);
    await enqueue(db, customerEdit(1, { custom_reference: 'VIP' }));
    const page = [
      customer(1, { first_name: 'Augusta', modified_on: '2025-02-01T00:00:00Z' }),
      customer(2),
      customer(3),
      customer(4),
    ];
    const request = { writes: [{ table: 'customers' as const, put: page }], cursor: cursorAt(4), at: AT };
    const crashing = createPullMethods(db, {
      sizing: fixed(2),
      yieldToHost: () => Promise.reject(new Error('renderer closed')),
    });
    await expect(crashing.applyPulledPage(request)).rejects.toThrow('renderer closed');
    expect(await db.customers.toCollection().primaryKeys()).toEqual([1, 2]);
    expect((await db.cursors.get('customers'))?.id).toBe(0);

    const { methods } = watchSlices({ sizing: fixed(2) });
    const replay = await methods.applyPulledPage(request);
    expect(replay).toEqual({ written: 2, unchanged: 1, rebased: 1, deleted: 0 });
    expect(await db.customers.get(1)).toMatchObject({ first_name: 'Augusta', custom_reference: 'VIP' });
    expect(await db.customers.count()).toBe(4);
    expect((await db.cursors.get('customers'))?.id).toBe(4);
  });

  it('writes a cursor-only page (an empty last page) in one transaction', async () => {
    const { methods, seen } = watchSlices();
    await methods.applyPulledPage({ writes: [], cursor: cursorAt(9), at: AT });
    expect(seen).toEqual([]);
    expect((await db.cursors.get('customers'))?.id).toBe(9);
  });

  it('shrinks the slices when the clock says they take longer than the target', async () => {
    // Every slice takes 32 ms by this clock (it moves 32 ms per reading): twice the 16 ms target.
    let clock = 0;
    const { methods, seen } = watchSlices({
      sizing: { startRows: 8, minRows: 2, maxRows: 100, targetMs: 16 },
      now: () => (clock += 32),
    });
    await methods.applyPulledPage({
      writes: [{ table: 'customers', put: Array.from({ length: 16 }, (_, i) => customer(i + 1)) }],
      cursor: null,
      at: AT,
    });
    // 8 rows, then half as many each time: 4, 2, and the last 2 with no pause after them.
    expect(seen.map((s) => s.rows)).toEqual([8, 12, 14]);
    expect(await db.customers.count()).toBe(16);

    // Another table starts at its own size: the slow customers did not shrink the products' slices.
    seen.length = 0;
    await methods.applyPulledPage({
      writes: [{ table: 'products', put: Array.from({ length: 10 }, (_, i) => ({ id: i + 1 })) }],
      cursor: null,
      at: AT,
    });
    expect(seen).toHaveLength(1);
    expect(await db.products.count()).toBe(10);
  });
});

describe('slice sizing', () => {
  const sizing: SliceSizing = { startRows: 100, minRows: 10, maxRows: 400, targetMs: 16 };
  it('scales to the target, at most doubling and within the bounds', () => {
    expect(nextSliceRows(100, 32, sizing)).toBe(50);
    expect(nextSliceRows(100, 1, sizing)).toBe(200);
    expect(nextSliceRows(300, 1, sizing)).toBe(400);
    expect(nextSliceRows(100, 10_000, sizing)).toBe(10);
    expect(nextSliceRows(100, 0, sizing)).toBe(200);
  });

  it('cuts writes in order, splitting one across slices, and always takes a row', () => {
    const writes = [
      { table: 'customers' as const, delete: [1, 2], put: [{ id: 3 }] },
      { table: 'products' as const, put: [{ id: 4 }, { id: 5 }] },
    ];
    const first = takeSlice(writes, 3);
    expect(first.slice).toEqual([writes[0]]);
    const second = takeSlice(first.rest, 1);
    expect(second.slice).toEqual([{ table: 'products', put: [{ id: 4 }] }]);
    expect(second.rest).toEqual([{ table: 'products', put: [{ id: 5 }] }]);
    expect(takeSlice(writes, 1)).toEqual({
      slice: [{ table: 'customers', delete: [1] }],
      rest: [{ table: 'customers', delete: [2], put: [{ id: 3 }] }, writes[1]],
    });
    expect(takeSlice(writes, 0).slice).toEqual([{ table: 'customers', delete: [1] }]);
  });
});
