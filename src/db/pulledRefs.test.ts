/**
 * The by-id references a pulled page names (src/db/byIdRequests.ts): kept with the page's cursor in its last
 * transaction, read back by the by-id step, cleared when the record is stored, answered 404 or forgotten, and
 * never shown as a request the user made.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { requestById, waitingByIdRequests } from './byIdRequests';
import { createPullMethods } from './dexiePull';
import type { DockhandDb, PullCursor } from './schema';
import { memoryDb } from './testing/memoryStore';
import { returnsAskedFor } from './supplierReturns/returnRecords';

let db: DockhandDb;
const AT = '2026-01-01T00:00:00.000Z';

beforeEach(() => {
  db = memoryDb('pulled-refs-test');
});

const order = (id: number) => ({ id, modified_on: '2025-01-01T00:00:00Z' });
const cursorAt = (id: number): PullCursor => ({
  resource: 'purchaseOrders',
  modifiedOn: '2025-01-01T00:00:00Z',
  id,
  completedAt: AT,
});
const REFS = [
  { table: 'suppliers', id: 101 },
  { table: 'shippingPorts', id: 7 },
  { table: 'supplierReturns', id: 400017 },
] as const;
const pulled = async (methods: ReturnType<typeof createPullMethods>) =>
  (await methods.requestedById({ pulled: true })).refs;

describe('a pulled page’s by-id references', () => {
  it('are kept with the cursor, in the page’s last slice, and only the by-id step reads them', async () => {
    const kept: number[] = [];
    const methods = createPullMethods(db, {
      sizing: { startRows: 2, minRows: 2, maxRows: 2, targetMs: 16 },
      yieldToHost: async () => {
        kept.push((await pulled(methods)).length);
      },
    });
    await methods.applyPulledPage({
      writes: [{ table: 'purchaseOrders', put: [1, 2, 3, 4, 5].map(order) }],
      cursor: cursorAt(5),
      at: AT,
      refs: [...REFS],
    });
    // None while the page's earlier slices were stored: they come with the cursor.
    expect(kept).toEqual([0, 0]);
    expect((await db.cursors.get('purchaseOrders'))?.id).toBe(5);
    expect(await pulled(methods)).toEqual(expect.arrayContaining([...REFS]));
    expect(await pulled(methods)).toHaveLength(REFS.length);
    // Not the user's: the run's first step and the screens' "asked for" lists leave them out.
    expect((await methods.requestedById({})).refs).toEqual([]);
    expect(await waitingByIdRequests(db)).toEqual([]);
    expect(await returnsAskedFor(db)).toEqual([]);
  });

  it('are not kept when the page’s transaction fails', async () => {
    const methods = createPullMethods(db);
    // The cursor's write is the last of the transaction, after the references'.
    db.cursors.hook('creating', () => {
      throw new Error('disk full');
    });
    await expect(
      methods.applyPulledPage({
        writes: [{ table: 'purchaseOrders', put: [order(1)] }],
        cursor: cursorAt(1),
        at: AT,
        refs: [...REFS],
      }),
    ).rejects.toThrow('disk full');
    expect(await db.purchaseOrders.count()).toBe(0);
    expect(await pulled(methods)).toEqual([]);
  });

  it('are cleared by storing the record, by its 404, or by forgetting them; the user’s requests stay', async () => {
    const methods = createPullMethods(db);
    await requestById(db, 'suppliers', 101, new Date(AT));
    await methods.applyPulledPage({ writes: [], cursor: cursorAt(1), at: AT, refs: [...REFS] });
    expect(await pulled(methods)).toHaveLength(REFS.length + 1);

    // The supplier arrives, the return is gone on the server (a 404 is stored as a delete).
    await methods.applyPulledPage({
      writes: [
        { table: 'suppliers', put: [{ id: 101, name: 'Acme' }] },
        { table: 'supplierReturns', delete: [400017] },
      ],
      cursor: null,
      at: AT,
    });
    expect(await pulled(methods)).toEqual([{ table: 'shippingPorts', id: 7 }]);
    expect(await waitingByIdRequests(db)).toEqual([]);

    // The port was found fresh in the cache: the by-id step forgets it, leaving a request the user made.
    await requestById(db, 'shippingPorts', 7, new Date(AT));
    await methods.forgetPulledRefs({ refs: [{ table: 'shippingPorts', id: 7 }] });
    expect((await methods.requestedById({ pulled: true })).refs).toEqual([{ table: 'shippingPorts', id: 7 }]);
    expect((await methods.requestedById({})).refs).toEqual([{ table: 'shippingPorts', id: 7 }]);
  });
});
