/**
 * The store's transitions recompute blocking only for the part of the outbox a change reaches
 * (./opIndex.ts). After every transition of a random history, the full recomputation over the whole outbox
 * (dexieStore.refreshBlocking) must find nothing left to change; and nextOps must list the heads the full
 * outbox sorted by seq names.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createDexieStore, refreshBlocking } from './dexieStore';
import type { OpRecord } from './ops';
import { DockhandDb } from './schema';
import { seededRandom } from '../lib/seededRandom';

/**
 * An outbox of creates (some with a child temp id), updates of created records and of server records,
 * several per aggregate, written raw and then blocked by the full refresh, as enqueue leaves it.
 */
async function randomOutbox(db: DockhandDb, random: () => number, size: number) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const created: number[] = [];
  let nextTemp = -1;
  const at = new Date('2026-01-01T00:00:00Z').toISOString();
  for (let i = 0; i < size; i++) {
    const roll = random();
    const op: OpRecord = {
      id: `op-${i}`,
      kind: 'updateCustomer',
      aggregate: `customer:${5000 + Math.floor(random() * 6)}`,
      params: {},
      dependsOnTempIds: [],
      state: 'queued',
      attempts: 0,
      createdAt: at,
      label: `op ${i}`,
    };
    if (roll < 0.35 || created.length === 0) {
      const tempId = nextTemp--;
      await db.tempIds.put({ tempId, entity: 'purchaseOrders', createdAt: at });
      if (random() < 0.5) {
        await db.tempIds.put({
          tempId: nextTemp--,
          entity: 'purchaseOrderItems',
          parentTempId: tempId,
          createdAt: at,
        });
      }
      op.kind = 'createPurchaseOrder';
      op.aggregate = `purchaseOrder:${tempId}`;
      op.createsTempId = tempId;
      created.push(tempId);
    } else if (roll < 0.75) {
      // Names a created record (or its child line): waits for that create.
      const parent = pick(created);
      const children = await db.tempIds.where('parentTempId').equals(parent).primaryKeys();
      const named = children.length && random() < 0.5 ? (children[0] as number) : parent;
      op.kind = 'createSupplierInvoice';
      op.aggregate = random() < 0.5 ? `purchaseOrder:${parent}` : `supplierInvoice:${i}`;
      op.body = { purchase_order_receipts: [{ purchase_order_id: parent, item_id: named }] };
      op.dependsOnTempIds = [...new Set([parent, named])];
    }
    await db.outbox.add(op);
  }
  await db.transaction('rw', db.outbox, db.tempIds, () => refreshBlocking(db));
}

async function heads(db: DockhandDb): Promise<string[]> {
  const live = await db.outbox.where('state').anyOf(['queued', 'uncertain', 'sending']).sortBy('seq');
  const first = new Map<string, OpRecord>();
  const all = await db.outbox.orderBy('seq').toArray();
  for (const op of all) {
    if (['done', 'discarded'].includes(op.state) || first.has(op.aggregate)) continue;
    first.set(op.aggregate, op);
  }
  return [...first.values()].filter((op) => live.some((l) => l.id === op.id)).map((op) => op.id);
}

describe('blocking around a change', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`agrees with the full recomputation after every transition (seed ${seed})`, async () => {
      const random = seededRandom(seed);
      const db = new DockhandDb(`op-index-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
      await randomOutbox(db, random, 40);
      const store = createDexieStore(db);
      const at = () => new Date().toISOString();
      let serverId = 100_000;
      for (let step = 0; step < 60; step++) {
        const ops = await db.outbox.toArray();
        const live = ops.filter((op) => !['done', 'discarded'].includes(op.state));
        if (live.length === 0) break;
        const op = live[Math.floor(random() * live.length)]!;
        const roll = random();
        if (op.state === 'queued' && roll < 0.55) {
          await store.markSending({ id: op.id, at: at() });
          const children = op.createsTempId
            ? await db.tempIds.where('parentTempId').equals(op.createsTempId).count()
            : 0;
          await store.completeOp({
            id: op.id,
            at: at(),
            ...(op.createsTempId ? { resultId: ++serverId } : {}),
            cacheWrites: [],
            tempIds: [],
            childIds: children
              ? [{ entity: 'purchaseOrderItems', ids: Array.from({ length: children }, () => ++serverId) }]
              : [],
          });
        } else if (op.state === 'queued' && roll < 0.7) {
          await store.failOp({ id: op.id, reason: 'refused' });
        } else if (op.state === 'queued' && roll < 0.8) {
          await store.markConflicted({
            id: op.id,
            conflicts: [{ field: 'notes', base: 'a', local: 'b', server: 'c' }],
          });
        } else if (op.state === 'failed') {
          await store.retryNow({ id: op.id });
        } else if (op.state === 'conflicted') {
          await store.resolveConflict({ id: op.id, values: { notes: 'b' } });
        } else if (roll > 0.93) {
          await store.discard({ id: op.id });
        } else continue;
        const stale = await db.transaction('rw', db.outbox, db.tempIds, () => refreshBlocking(db));
        expect(stale, `step ${step}: blocking left to change`).toEqual([]);
        const next = await store.nextOps({ limit: 100, exclude: [], now: at() });
        expect(next.ops.map((o) => o.id)).toEqual(await heads(db));
      }
      db.close();
    });
  }
});
