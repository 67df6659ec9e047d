/**
 * A run's later pages leave out the products it has stored already, over the real Dexie store: what ends up
 * stored is what storing every page whole stores, and a failed page, a newer version or a delete is never
 * taken for "stored".
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleProduct } from '../../../../src/api/resources/fixtures';
import type { CacheWrite } from '../../../../src/db/cacheWrites';
import { createDexieStore } from '../../../../src/db/dexieStore';
import { DockhandDb } from '../../../../src/db/schema';
import type { PortRequest, StorePort } from '../../../../src/db/storePort';
import { withoutRepeatedRows } from './repeatedRows';

const at = '2026-11-20T00:00:00.000Z';
const v1 = '2026-11-01T00:00:00.000Z';
const v2 = '2026-11-02T00:00:00.000Z';
const product = (id: number, modified_on = v1) => sampleProduct({ id, modified_on });
const page = (...writes: CacheWrite[]) => ({ writes, cursor: null, at });

let db: DockhandDb;
let sent: PortRequest<'applyPulledPage'>[];
let failNext: boolean;
let store: StorePort;

beforeEach(async () => {
  db = new DockhandDb(`repeated-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  const inner = createDexieStore(db);
  sent = [];
  failNext = false;
  const recording = Object.create(inner) as StorePort;
  recording.applyPulledPage = (request) => {
    sent.push(request);
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error('the store went away'));
    }
    return inner.applyPulledPage(request);
  };
  store = withoutRepeatedRows(recording).store;
});

const sentIds = (i: number) =>
  sent[i]!.writes.flatMap((write) =>
    (write.put ?? []).map((row) => `${write.table}:${(row as { id: number }).id}`),
  );

describe('withoutRepeatedRows', () => {
  it('leaves out products an earlier page stored at the same version, and counts them unchanged', async () => {
    expect(
      await store.applyPulledPage(page({ table: 'products', put: [product(1), product(2)] })),
    ).toMatchObject({
      written: 2,
      unchanged: 0,
    });
    const second = await store.applyPulledPage(
      page(
        { table: 'purchaseOrders', put: [] },
        { table: 'products', put: [product(1), product(2, v2), product(3)] },
      ),
    );
    expect(sentIds(1)).toEqual(['products:2', 'products:3']);
    expect(second).toMatchObject({ written: 2, unchanged: 1 });
    expect((await db.products.get(2))!.modified_on).toBe(v2);
    expect((await db.products.toArray()).map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('learns nothing from a page the store failed, and forgets a deleted row', async () => {
    failNext = true;
    await expect(store.applyPulledPage(page({ table: 'products', put: [product(1)] }))).rejects.toThrow();
    await store.applyPulledPage(page({ table: 'products', put: [product(1)] }));
    expect(sentIds(1)).toEqual(['products:1']);
    expect(await db.products.get(1)).toBeDefined();

    await store.applyPulledPage(page({ table: 'products', delete: [1] }));
    expect(await db.products.get(1)).toBeUndefined();
    await store.applyPulledPage(page({ table: 'products', put: [product(1)] }));
    expect(sentIds(3)).toEqual(['products:1']);
    expect(await db.products.get(1)).toBeDefined();
  });

  it('passes other tables whole, however often their rows come', async () => {
    const outlet = { id: 9, modified_on: v1, name: 'Dock 9' };
    await store.applyPulledPage(page({ table: 'outlets', put: [outlet] }));
    await store.applyPulledPage(page({ table: 'outlets', put: [outlet] }));
    expect(sentIds(1)).toEqual(['outlets:9']);
  });
});
