/**
 * The SQLite cursors must read exactly what fake-indexeddb's own cursors read: the same rows in the same
 * order for every kind of Dexie query that walks an index or the primary key (anyOf, noneOf, notEqual,
 * ranges, reverse, offset/limit, ignore-case jumps, compound indexes, filters, keys only, paging by primary
 * key).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, describe, expect, it } from 'vitest';
import { DockhandDb } from '../../src/db/schema';
import { openFileStore } from './fileStore';

const dir = mkdtempSync(join(tmpdir(), 'dockhand-cursors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STATES = ['queued', 'sending', 'uncertain', 'failed', 'blocked', 'conflicted', 'done', 'discarded'];

async function fill(db: DockhandDb) {
  await db.transaction('rw', db.outbox, db.purchaseOrderItems, async () => {
    for (let i = 0; i < 300; i++) {
      await db.outbox.add({
        id: `op-${(i * 7919) % 300}`,
        kind: 'updateCustomer',
        aggregate: `customer:${50_000 + (i % 13)}`,
        params: { id: 50_000 + (i % 13) },
        dependsOnTempIds: [],
        state: STATES[(i * 31) % STATES.length] as 'queued',
        attempts: 0,
        createdAt: new Date(0).toISOString(),
        label: `Op ${i}`,
      });
      await db.purchaseOrderItems.put({
        po_item_id: i + 1,
        po_id: 100 + (i % 9),
        product: { id: i % 4 },
      } as never);
    }
  });
}

const QUERIES: [string, (db: DockhandDb) => Promise<unknown>][] = [
  ['anyOf sortBy', (db) => db.outbox.where('state').anyOf(['queued', 'failed', 'blocked']).sortBy('seq')],
  ['noneOf', (db) => db.outbox.where('state').noneOf(['done', 'discarded']).toArray()],
  ['notEqual', (db) => db.outbox.where('state').notEqual('done').toArray()],
  ['between reverse', (db) => db.outbox.where('state').between('c', 'q', true, true).reverse().toArray()],
  ['equals offset limit', (db) => db.outbox.where('state').equals('queued').offset(5).limit(7).toArray()],
  ['anyOfIgnoreCase', (db) => db.outbox.where('state').anyOfIgnoreCase(['QUEUED', 'Done']).toArray()],
  // Dexie walks the two sides of an `or` at once and documents no order for the union: compare by seq.
  [
    'startsWith or',
    async (db) =>
      (
        await db.outbox.where('state').startsWith('d').or('aggregate').equals('customer:50003').toArray()
      ).sort((a, b) => a.seq! - b.seq!),
  ],
  [
    'filter first',
    (db) =>
      db.outbox
        .where('aggregate')
        .equals('customer:50004')
        .filter((o) => o.seq! > 100)
        .first(),
  ],
  ['primary keys', (db) => db.outbox.where('state').anyOf(['sending', 'uncertain']).primaryKeys()],
  ['count', (db) => db.outbox.where('state').notEqual('queued').count()],
  [
    'compound-ish',
    (db) => db.purchaseOrderItems.where('po_id').anyOf([101, 103, 108]).reverse().sortBy('po_item_id'),
  ],
  ['nested index', (db) => db.purchaseOrderItems.where('product.id').above(1).toArray()],
  ['uniqueKeys', (db) => db.outbox.orderBy('state').uniqueKeys()],
  ['primary key range reverse', (db) => db.outbox.where('seq').between(20, 90).reverse().primaryKeys()],
  [
    'primary key anyOf',
    (db) => db.purchaseOrderItems.where('po_item_id').anyOf([300, 2, 150, 151, 7]).toArray(),
  ],
  ['keys only', (db) => db.purchaseOrderItems.orderBy('po_id').keys()],
  [
    'each',
    async (db) => {
      const seen: unknown[] = [];
      await db.outbox
        .where('aggregate')
        .startsWith('customer:5000')
        .each((op, c) => seen.push([c.key, c.primaryKey, op.id]));
      return seen;
    },
  ],
  [
    'filter paging',
    (db) =>
      db.outbox
        .where('state')
        .equals('queued')
        .filter((o) => o.seq! % 2 === 0)
        .limit(3)
        .toArray(),
  ],
  [
    'modify then read',
    async (db) => {
      await db.outbox.where('state').equals('failed').modify({ state: 'queued' });
      return db.outbox.where('state').anyOf(['queued', 'failed']).toArray();
    },
  ],
];

describe('SQLite cursors', () => {
  it('read the same rows in the same order as fake-indexeddb’s own cursors', async () => {
    const plain = new DockhandDb(`cursor-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const store = await openFileStore(join(dir, 'store'));
    await Promise.all([fill(plain), fill(store.db)]);
    for (const [name, query] of QUERIES) {
      const [expected, actual] = [await query(plain), await query(store.db)];
      expect(actual, name).toEqual(expected);
    }
    plain.close();
    await store.close();
  });
});
