/**
 * The sync centre's groups: everything that needs the user, in full; the rest of the queue up to the bound,
 * waiting ops oldest first (the order they are sent in), finished ops newest first, with true totals.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpRecord, OpState } from './ops';
import type { DockhandDb } from './schema';
import { memoryDb } from './testing/memoryStore';
import { syncCentreView } from './syncCentre';
import { sampleOp } from './testing/sampleOp';

let db: DockhandDb;
beforeEach(() => {
  db = memoryDb('sync-centre-test');
});

let next = 0;
const op = (state: OpState) => sampleOp(`op-${++next}`, { state });
const ids = (ops: OpRecord[]) => ops.map((o) => o.id);

describe('syncCentreView', () => {
  it('lists waiting ops in send order (oldest first), finished ones newest first, with their totals', async () => {
    const added: OpRecord[] = [];
    const states: OpState[] = ['queued', 'done', 'failed', 'sending', 'done', 'conflicted', 'discarded'];
    for (let round = 0; round < 5; round++) for (const state of states) added.push(op(state));
    await db.outbox.bulkAdd(added);
    const oldestFirst = (wanted: OpState[]) => ids(added.filter((o) => wanted.includes(o.state)));
    const newestFirst = (wanted: OpState[]) => oldestFirst(wanted).reverse();

    const view = await syncCentreView(db, 3);

    // 10 failed or conflicted: all listed, past the bound, oldest first.
    expect(ids(view.attention.ops)).toEqual(oldestFirst(['failed', 'conflicted']));
    expect(view.attention.total).toBe(10);
    // Queued and sending together, the next 3 to be sent across both states, of 10.
    expect(ids(view.onTheirWay.ops)).toEqual(oldestFirst(['queued', 'sending']).slice(0, 3));
    expect(view.onTheirWay.total).toBe(10);
    expect(ids(view.synced.ops)).toEqual(newestFirst(['done']).slice(0, 3));
    expect(view.synced.total).toBe(10);
    expect(ids(view.discarded.ops)).toEqual(newestFirst(['discarded']).slice(0, 3));
    expect(view.discarded.total).toBe(5);
  });

  it('follows an op from one group to another', async () => {
    const queued = op('queued');
    await db.outbox.add(queued);
    expect((await syncCentreView(db)).onTheirWay.total).toBe(1);
    await db.outbox.where('id').equals(queued.id).modify({ state: 'blocked' });
    const view = await syncCentreView(db);
    expect(ids(view.attention.ops)).toEqual([queued.id]);
    expect(view.onTheirWay.total).toBe(0);
  });

  it("names the products of a refused op's lines from the cache", async () => {
    await db.products.put({ id: 101, short_description: 'Ember dome tent', inventory: [] } as never);
    await db.outbox.add({
      ...op('failed'),
      kind: 'createPurchaseOrder',
      body: { purchase_order_items: [{ product: { id: 101 }, quantity_ordered: 24 }] },
      problem: {
        status: 400,
        title: 'Bad Request',
        detail: null,
        errors: { 'purchase_order_items[0].quantity_ordered': ['Must be at most 10'] },
      },
    });
    const view = await syncCentreView(db);
    expect([...view.names.products]).toEqual([[101, 'Ember dome tent']]);
  });
});
