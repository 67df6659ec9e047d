/**
 * The sync centre's groups: everything that needs the user, in full; the rest of the queue and the finished
 * ops newest first up to the bound, with true totals.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpRecord, OpState } from './ops';
import { DockhandDb } from './schema';
import { syncCentreView } from './syncCentre';

let db: DockhandDb;
let n = 0;
beforeEach(() => {
  db = new DockhandDb(`sync-centre-test-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
});

let next = 0;
const op = (state: OpState): OpRecord => {
  const id = `op-${++next}`;
  return {
    id,
    kind: 'updateSupplier',
    aggregate: `supplier:${id}`,
    params: { id: 41 },
    body: { notes: id },
    dependsOnTempIds: [],
    state,
    attempts: 0,
    createdAt: '2026-03-10T09:30:00.000Z',
    label: `Update ${id}`,
  };
};
const ids = (ops: OpRecord[]) => ops.map((o) => o.id);

describe('syncCentreView', () => {
  it('lists every op that needs the user, and the newest of the others with their totals', async () => {
    const added: OpRecord[] = [];
    const states: OpState[] = ['queued', 'done', 'failed', 'sending', 'done', 'conflicted', 'discarded'];
    for (let round = 0; round < 5; round++) for (const state of states) added.push(op(state));
    await db.outbox.bulkAdd(added);
    const newestFirst = (wanted: OpState[]) => ids(added.filter((o) => wanted.includes(o.state)).reverse());

    const view = await syncCentreView(db, 3);

    // 10 failed or conflicted: all listed, past the bound, newest first.
    expect(ids(view.attention.ops)).toEqual(newestFirst(['failed', 'conflicted']));
    expect(view.attention.total).toBe(10);
    // Queued and sending together, newest first across both states, cut to 3 of 10.
    expect(ids(view.onTheirWay.ops)).toEqual(newestFirst(['queued', 'sending']).slice(0, 3));
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
});
