import { beforeEach, describe, expect, it } from 'vitest';
import { createPullMethods } from './dexiePull';
import type { DockhandDb } from './schema';
import { memoryDb } from './testing/memoryStore';

let db: DockhandDb;
const AT = '2026-01-01T00:00:00.000Z';
const MODIFIED = '2025-06-01T00:00:00Z';

beforeEach(() => {
  db = memoryDb('listed-children');
});

const order = (id: number) => ({ id, status: { id: 1, name: 'OnOrder' }, modified_on: MODIFIED });
const line = (po_item_id: number, po_id: number, fields: Record<string, unknown> = {}) => ({
  po_item_id,
  po_id,
  product: { id: 10_000 + po_item_id },
  quantity_ordered: 1,
  modified_on: MODIFIED,
  ...fields,
});
const cursor = { resource: 'purchaseOrders', modifiedOn: MODIFIED, id: 2, completedAt: AT };

describe('children a pulled page lists in full', () => {
  beforeEach(async () => {
    await db.purchaseOrderItems.bulkPut([
      line(11, 1),
      line(12, 1), // deleted on the server: the page no longer lists it
      line(13, 1),
      line(14, 1, { _pendingOps: ['op-edit-14'] }), // a queued local edit: its op's own answer decides
      line(-5, 1, { _temp: true }), // a line added offline, not sent yet
      line(21, 2), // order 2 has no lines left on the server
      line(31, 3), // order 3 is not on this page
    ] as never);
  });

  it('deletes the cached children the page leaves out, with its first slice, and keeps the rest', async () => {
    const afterFirstSlice: number[][] = [];
    const methods = createPullMethods(db, {
      // One row a slice: line 13, which the page still lists, is written in a later slice than the deletes.
      sizing: { startRows: 1, minRows: 1, maxRows: 1, targetMs: 16 },
      yieldToHost: async () => {
        if (afterFirstSlice.length === 0)
          afterFirstSlice.push((await db.purchaseOrderItems.toCollection().primaryKeys()) as number[]);
      },
    });
    const result = await methods.applyPulledPage({
      writes: [
        { table: 'purchaseOrders', put: [order(1), order(2)] },
        { table: 'purchaseOrderItems', put: [line(11, 1), line(13, 1)] },
      ],
      cursor,
      at: AT,
      listedChildren: { table: 'purchaseOrderItems', parentField: 'po_id', parents: [1, 2] },
    });

    const kept = [-5, 11, 13, 14, 31];
    expect(await db.purchaseOrderItems.toCollection().primaryKeys()).toEqual(kept);
    expect(afterFirstSlice[0]).toEqual(kept);
    expect(result.deleted).toBe(2);
    expect(await db.cursors.get('purchaseOrders')).toMatchObject({ id: 2 });
  });

  it('deletes nothing for a page that does not say its children are listed', async () => {
    const methods = createPullMethods(db);
    await methods.applyPulledPage({
      writes: [{ table: 'purchaseOrders', put: [order(1), order(2)] }],
      cursor,
      at: AT,
    });
    expect(await db.purchaseOrderItems.count()).toBe(7);
  });
});
