/**
 * The pull worker's side (./pulledPageWorker.ts) over fake-indexeddb: a packed page is parsed, validated
 * and stored with its cursor; everything malformed is answered with a reason and writes nothing.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { packPulledPage } from '../bridge/storeLink';
import { DEFAULT_PACE_POLICY, UserPace } from './pullSlices';
import { pulledPageServer, type FromPullWorker } from './pulledPageWorker';
import { DockhandDb } from './schema';

const AT = '2026-01-01T00:00:00.000Z';
const customer = (id: number) => ({ id, last_name: `Customer ${id}`, modified_on: '2025-01-01T00:00:00Z' });
const cursor = { resource: 'customers', modifiedOn: '2025-01-01T00:00:00Z', id: 3, completedAt: AT };

function worker() {
  const indexedDB = new IDBFactory();
  const posted: FromPullWorker[] = [];
  const server = pulledPageServer((message) => posted.push(message), {
    openDb: (name) => new DockhandDb(name, { indexedDB, IDBKeyRange }),
  });
  const reader = new DockhandDb('worker-test', { indexedDB, IDBKeyRange });
  return { server, posted, reader };
}

describe('the pull worker', () => {
  it('stores a packed page with its cursor, in slices, and answers what it wrote', async () => {
    const { server, posted, reader } = worker();
    await server.receive({ type: 'open', name: 'worker-test' });
    expect(posted).toEqual([{ type: 'ready' }]);
    const page = packPulledPage({
      writes: [{ table: 'customers', put: [customer(1), customer(2), customer(3)] }],
      cursor,
      at: AT,
    });
    await server.receive({ type: 'apply', id: 7, page });
    expect(posted[1]).toEqual({
      type: 'answer',
      id: 7,
      result: { ok: true, value: { written: 3, unchanged: 0, rebased: 0, deleted: 0 } },
    });
    expect((await reader.customers.toArray()).map((row) => row.id)).toEqual([1, 2, 3]);
    expect(await reader.cursors.get('customers')).toEqual(cursor);
    server.close();
  });

  it('keeps the by-id references a packed page names, with its cursor; a malformed one is refused', async () => {
    const { server, posted, reader } = worker();
    await server.receive({ type: 'open', name: 'worker-test' });
    const page = packPulledPage({
      writes: [{ table: 'customers', put: [customer(1)] }],
      cursor,
      at: AT,
      refs: [{ table: 'outlets', id: 2 }],
    });
    await server.receive({ type: 'apply', id: 5, page });
    expect(posted.pop()).toMatchObject({ id: 5, result: { ok: true } });
    const kept = await reader.meta.where('key').startsWith('byIdRef:').toArray();
    expect(kept.map((entry) => entry.value)).toEqual([{ table: 'outlets', id: 2, at: AT }]);

    const odd = { ...page, cursor: { ...cursor, id: 4 }, refs: [{ table: 'customers', id: 1 }] };
    await server.receive({ type: 'apply', id: 6, page: odd });
    // Only by-id tables can be named: the message itself is refused.
    expect(posted.pop()).toEqual({ type: 'failed', error: 'The pull worker was sent a malformed message' });
    expect(await reader.cursors.get('customers')).toEqual(cursor);
    server.close();
  });

  it('keeps what a packed page says of its listed children, and deletes the lines it leaves out', async () => {
    const { server, posted, reader } = worker();
    await server.receive({ type: 'open', name: 'worker-test' });
    const line = (po_item_id: number) => ({ po_item_id, po_id: 1, product: { id: 5 }, modified_on: AT });
    await reader.purchaseOrderItems.bulkPut([line(11), line(12)] as never);
    const page = packPulledPage({
      writes: [{ table: 'purchaseOrderItems', put: [line(11)] }],
      cursor: { ...cursor, resource: 'purchaseOrders' },
      at: AT,
      listedChildren: { table: 'purchaseOrderItems', parentField: 'po_id', parents: [1] },
    });
    await server.receive({ type: 'apply', id: 4, page });
    expect(posted.pop()).toMatchObject({ id: 4, result: { ok: true, value: { deleted: 1 } } });
    expect(await reader.purchaseOrderItems.toCollection().primaryKeys()).toEqual([11]);
    server.close();
  });

  it('refuses what is malformed with a reason, and writes nothing', async () => {
    const { server, posted, reader } = worker();
    await server.receive({ type: 'apply', id: 1, page: packPulledPage({ writes: [], cursor, at: AT }) });
    expect(posted.pop()).toMatchObject({
      id: 1,
      result: { ok: false, error: 'The pull worker has no database open' },
    });
    await server.receive({ type: 'format the disk' });
    expect(posted.pop()).toEqual({ type: 'failed', error: 'The pull worker was sent a malformed message' });

    await server.receive({ type: 'open', name: 'worker-test' });
    await server.receive({ type: 'apply', id: 2, page: { writesJson: '[{', cursor, at: AT } });
    expect(posted.pop()).toMatchObject({
      id: 2,
      result: { ok: false, error: expect.stringMatching(/not JSON/) },
    });
    const wrongTable = JSON.stringify([{ table: 'passwords', put: [customer(1)] }]);
    await server.receive({ type: 'apply', id: 3, page: { writesJson: wrongTable, cursor, at: AT } });
    expect(posted.pop()).toMatchObject({
      id: 3,
      result: { ok: false, error: expect.stringMatching(/Invalid applyPulledPage/) },
    });
    expect(await reader.customers.count()).toBe(0);
    expect(await reader.cursors.count()).toBe(0);
    server.close();
  });

  it('stores the pages of a pass sent ahead of their answers in order, and none after one out of turn', async () => {
    const { server, posted, reader } = worker();
    await server.receive({ type: 'open', name: 'worker-test' });
    const chained = (seq: number, ids: number[], pass = 'customers:run-1') =>
      packPulledPage({
        writes: [{ table: 'customers', put: ids.map(customer) }],
        cursor: { ...cursor, id: ids[ids.length - 1]! },
        at: AT,
        chain: { pass, seq },
      });
    // Both sent before either is answered, as the engine sends them.
    await Promise.all([
      server.receive({ type: 'apply', id: 1, page: chained(0, [1, 2]) }),
      server.receive({ type: 'apply', id: 2, page: chained(1, [3, 4]) }),
    ]);
    expect(posted.slice(1).map((m) => m.type === 'answer' && [m.id, m.result.ok])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect((await reader.cursors.get('customers'))!.id).toBe(4);

    // Page 3 of a pass whose page 2 never came: refused, nothing written, the cursor where it was.
    await server.receive({ type: 'apply', id: 3, page: chained(3, [5]) });
    expect(posted.pop()).toMatchObject({
      id: 3,
      result: { ok: false, error: expect.stringMatching(/not stored/) },
    });
    expect(await reader.customers.get(5)).toBeUndefined();
    expect((await reader.cursors.get('customers'))!.id).toBe(4);
    server.close();
  });

  it('follows the window: its input and its pending reads make the pace active, and answer nothing', async () => {
    let time = 0;
    const pace = new UserPace(DEFAULT_PACE_POLICY, {
      now: () => time,
      sleep: async (ms) => void (time += ms),
    });
    const posted: FromPullWorker[] = [];
    const server = pulledPageServer((message) => posted.push(message), { pace });
    await server.receive({ type: 'input' });
    expect(pace.active()).toBe(true);
    time += DEFAULT_PACE_POLICY.quietMs;
    expect(pace.active()).toBe(false);
    await server.receive({ type: 'reading', pending: true });
    time += DEFAULT_PACE_POLICY.quietMs;
    expect(pace.active()).toBe(true);
    await server.receive({ type: 'reading', pending: false });
    expect(pace.active()).toBe(false);
    expect(posted).toEqual([]);
    await server.receive({ type: 'reading' });
    expect(posted).toEqual([{ type: 'failed', error: 'The pull worker was sent a malformed message' }]);
  });
});
