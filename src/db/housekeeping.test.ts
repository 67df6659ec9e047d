/**
 * Store bookkeeping that outlives a single op: tombstones (a queued delete keeps its row deleted against
 * server copies until it is done or discarded), the clean-up of resolved temp ids, and paging through a
 * table's keys (the product supplier sweep).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { allocateTempId, enqueue } from './outbox';
import type { CachedPurchaseOrderItem, DockhandDb } from './schema';
import type { StorePort } from './storePort';
import { memoryStore } from './testing/memoryStore';
import { queueTwoLineOrder } from './testing/twoLineOrder';

let db: DockhandDb;
let store: StorePort;
const at = () => new Date().toISOString();

beforeEach(() => {
  ({ db, store } = memoryStore('housekeeping-test'));
});

/** A PO line row, with only the fields these tests read. */
const line = (po_item_id: number, po_id: number, modified_on = '2025-01-01T00:00:00Z') =>
  ({ po_item_id, po_id, product: { id: 10001 }, modified_on }) as unknown as CachedPurchaseOrderItem;

const deleteLine = (poId: number, itemId: number) =>
  enqueue(db, {
    kind: 'deletePurchaseOrderItem',
    params: { id: poId, item_id: itemId },
    label: 'Remove line',
    cacheChanges: [{ table: 'purchaseOrderItems', delete: [itemId] }],
  });

const pulled = (rows: unknown[]) =>
  store.applyPulledPage({ writes: [{ table: 'purchaseOrderItems', put: rows }], cursor: null, at: at() });

describe('tombstones', () => {
  it('keeps a row deleted by a queued op out of pulls and op results until the delete is done', async () => {
    await db.purchaseOrderItems.put(line(7001, 100));
    const op = await deleteLine(100, 7001);
    expect(await db.purchaseOrderItems.get(7001)).toBeUndefined();

    // A pull (with a newer server copy) and another op's response both leave it deleted.
    expect(await pulled([line(7001, 100, '2025-02-01T00:00:00Z')])).toMatchObject({ written: 0 });
    const other = await enqueue(db, {
      kind: 'updateSupplier',
      params: { id: 101 },
      body: { phone: '1' },
      label: 'x',
      cacheChanges: [],
    });
    await store.markSending({ id: other.id, at: at() });
    await store.completeOp({
      id: other.id,
      at: at(),
      cacheWrites: [{ table: 'purchaseOrderItems', put: [line(7001, 100)] }],
      tempIds: [],
    });
    expect(await db.purchaseOrderItems.get(7001)).toBeUndefined();

    await store.markSending({ id: op.id, at: at() });
    await store.completeOp({ id: op.id, at: at(), cacheWrites: [], tempIds: [] });
    expect(await pulled([line(7001, 100, '2025-03-01T00:00:00Z')])).toMatchObject({ written: 1 });
  });

  it('tombstones an uncached row too, and a discard lifts the tombstone and puts back what was cached', async () => {
    const uncached = await deleteLine(100, 7002);
    expect(await pulled([line(7002, 100)])).toMatchObject({ written: 0 });
    await store.discard({ id: uncached.id });
    expect(await pulled([line(7002, 100)])).toMatchObject({ written: 1 });

    await db.purchaseOrderItems.put(line(7003, 100));
    const cached = await deleteLine(100, 7003);
    await store.discard({ id: cached.id });
    expect(await db.purchaseOrderItems.get(7003)).toMatchObject({ po_id: 100 });
  });

  it('keeps the row deleted when one of two queued deletes is discarded', async () => {
    await db.purchaseOrderItems.put(line(7004, 100));
    const first = await deleteLine(100, 7004);
    await deleteLine(100, 7004);
    await store.discard({ id: first.id });
    expect(await db.purchaseOrderItems.get(7004)).toBeUndefined();
    expect(await pulled([line(7004, 100)])).toMatchObject({ written: 0 });
  });

  it('follows a deleted offline line to its server id when its order lands', async () => {
    const { op: create, po, lines } = await queueTwoLineOrder(db);
    const removal = await deleteLine(po, lines[1]!);
    expect(removal.state).toBe('blocked');

    await store.markSending({ id: create.id, at: at() });
    await store.completeOp({
      id: create.id,
      at: at(),
      resultId: 100900,
      cacheWrites: [],
      tempIds: [],
      childIds: [{ entity: 'purchaseOrderItems', ids: [7101, 7102] }],
    });
    expect((await store.getOp({ id: removal.id })).op).toMatchObject({
      state: 'queued',
      params: { id: 100900, item_id: 7102 },
    });
    // The pull of the new order brings both lines; the one the queued delete removed stays removed.
    await pulled([line(7101, 100900), line(7102, 100900)]);
    expect(await db.purchaseOrderItems.where('po_id').equals(100900).primaryKeys()).toEqual([7101]);
  });
});

describe('resolved temp ids', () => {
  it('are deleted once resolved longer than the retention and named by no live op', async () => {
    const customer = await allocateTempId(db, 'customers');
    const create = await enqueue(db, {
      kind: 'createCustomer',
      params: {},
      body: { first_name: 'Ada', last_name: 'Ng' },
      createsTempId: customer,
      label: 'New customer',
      cacheChanges: [{ table: 'customers', put: [{ id: customer, first_name: 'Ada', last_name: 'Ng' }] }],
    });
    const unused = await allocateTempId(db, 'customers');
    await store.markSending({ id: create.id, at: at() });
    await store.completeOp({
      id: create.id,
      at: '2026-03-01T10:00:00.000Z',
      resultId: 50900,
      cacheWrites: [],
      tempIds: [],
    });
    expect(await db.tempIds.get(customer)).toMatchObject({
      serverId: 50900,
      resolvedAt: '2026-03-01T10:00:00.000Z',
    });

    // A live op still naming it (one written before the mapping existed, say) keeps it.
    await db.outbox.add({
      id: 'stale-op',
      kind: 'updateCustomer',
      aggregate: `customer:${customer}`,
      params: { id: customer },
      body: { mobile: '1' },
      dependsOnTempIds: [],
      state: 'failed',
      attempts: 0,
      createdAt: at(),
      label: 'stale',
    });
    const before = { before: '2000-01-01T00:00:00.000Z' };
    const early = await store.prune({ ...before, tempIdsResolvedBefore: '2026-03-01T09:00:00.000Z' });
    expect(early.tempIds).toBe(0);
    const held = await store.prune({ ...before, tempIdsResolvedBefore: '2026-03-02T00:00:00.000Z' });
    expect(held.tempIds).toBe(0);

    await store.discard({ id: 'stale-op' });
    const cleaned = await store.prune({ ...before, tempIdsResolvedBefore: '2026-03-02T00:00:00.000Z' });
    expect(cleaned.tempIds).toBe(1);
    expect(await db.tempIds.get(customer)).toBeUndefined();
    // Never resolved: kept (blocking explains an op that names it).
    expect(await db.tempIds.get(unused)).toBeDefined();
  });
});

describe('keysWhere', () => {
  it('pages through a table’s keys in order', async () => {
    await db.products.bulkPut([30, 10, 20, 40].map((id) => ({ id }) as never));
    expect((await store.keysWhere({ table: 'products', after: 0, limit: 2 })).keys).toEqual([10, 20]);
    expect((await store.keysWhere({ table: 'products', after: 20, limit: 2 })).keys).toEqual([30, 40]);
    expect((await store.keysWhere({ table: 'products', after: 40, limit: 2 })).keys).toEqual([]);
    expect((await store.keysWhere({ table: 'products' })).keys).toEqual([10, 20, 30, 40]);
  });
});
