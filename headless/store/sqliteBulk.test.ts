/**
 * The bulk path (./sqliteBulk.ts): a put of many rows is one request that clones nothing, and what it leaves
 * is what fake-indexeddb in memory leaves (rows, every index entry, after updates that move index keys, rows
 * put twice in one call, values changed after the put, puts and reads interleaved without awaiting); a
 * failing write aborts its transaction whole; what the bulk path does not take still works.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DockhandDb } from '../../src/db/schema';
import { openFileStore, type FileStore } from './fileStore';

const dir = mkdtempSync(join(tmpdir(), 'dockhand-bulk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const open: FileStore[] = [];
afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
  vi.restoreAllMocks();
});
let n = 0;
async function fresh() {
  const store = await openFileStore(join(dir, `store-${n++}`));
  open.push(store);
  return store;
}

const product = (id: number, version: number) => ({
  id,
  // Codes and words change with the version, so an update moves multi-entry index keys; some are absent.
  supplier_sku: version % 3 === 0 ? null : `SKU-${id % 7}-${version}`,
  supplier_sku2: id % 2 ? `ALT-${id % 5}` : undefined,
  manufacturer_sku: `M-${(id + version) % 4}`,
  short_description: version % 2 ? `steel bolt ${id % 3}` : `zinc nut pack`,
  supplier: version === 2 ? undefined : { id: (id + version) % 3 },
  modified_on: `2026-01-0${1 + version}`,
});

/** The same script on both databases: puts, updates, repeats in one call, unawaited interleaving. */
async function script(db: DockhandDb) {
  await db.products.bulkPut(Array.from({ length: 40 }, (_, i) => product(i + 1, 0)) as never[]);
  // Updates moving every index (a supplier gone, codes and words changed), and one row twice in a call.
  await db.products.bulkPut([
    ...Array.from({ length: 20 }, (_, i) => product(i * 2 + 1, 1)),
    product(3, 2),
    product(41, 3),
  ] as never[]);
  await db.productSuppliers.bulkPut(
    Array.from({ length: 30 }, (_, i) => ({
      product_id: i % 6,
      supplier_code: `S${i % 4}`,
      cost: i,
    })) as never[],
  );
  // A value changed after its put is stored as it was when put (IndexedDB clones at the put; products'
  // hooks put later, after reading the stored rows, so customers, which have none).
  const changing = { id: 50, last_name: 'As put', email: 'a@example.com', tags: ['a'] };
  await db.transaction('rw', db.customers, db.purchaseOrderItems, async () => {
    const put = db.customers.bulkPut([changing] as never[]);
    changing.last_name = 'Changed after the put';
    changing.tags.push('b');
    await put;
    // Not awaited, in order: a put, a bulk put over it, a bulk read, a delete; then read back.
    void db.purchaseOrderItems.put({ po_item_id: 1, po_id: 7, product: { id: 1 } } as never);
    void db.purchaseOrderItems.bulkPut([
      { po_item_id: 1, po_id: 8, product: { id: 2 } },
      { po_item_id: 2, po_id: 8, product: { id: 3 } },
    ] as never[]);
    const seen = db.purchaseOrderItems.bulkGet([1, 2, 3]);
    void db.purchaseOrderItems.delete(2);
    expect(await seen).toEqual([
      { po_item_id: 1, po_id: 8, product: { id: 2 } },
      { po_item_id: 2, po_id: 8, product: { id: 3 } },
      undefined,
    ]);
  });
}

async function reads(db: DockhandDb) {
  const p = db.products;
  return {
    all: await p.toArray(),
    bySupplier: await p.orderBy('supplier.id').primaryKeys(),
    bySupplierKeys: await p.orderBy('supplier.id').keys(),
    codes: await p.orderBy('_codes').keys(),
    codeRows: await p.orderBy('_codes').primaryKeys(),
    words: await p.orderBy('_words').keys(),
    wordRows: await p.orderBy('_words').primaryKeys(),
    modified: await p.orderBy('modified_on').primaryKeys(),
    links: await db.productSuppliers.toArray(),
    linksByProduct: await db.productSuppliers.orderBy('product_id').primaryKeys(),
    items: await db.purchaseOrderItems.toArray(),
    itemsByPo: await db.purchaseOrderItems.orderBy('po_id').primaryKeys(),
    bulkGet: await p.bulkGet([1, 3, 50, 1000]),
    customers: await db.customers.toArray(),
    customersByName: await db.customers.orderBy('last_name').keys(),
  };
}

describe('bulk writes on SQLite', () => {
  it('leaves every row and index entry fake-indexeddb in memory leaves', async () => {
    const memory = new DockhandDb('memory', { indexedDB: new IDBFactory(), IDBKeyRange });
    const store = await fresh();
    await script(memory);
    await script(store.db);
    const expected = await reads(memory);
    expect(expected.customers).toEqual([
      { id: 50, last_name: 'As put', email: 'a@example.com', tags: ['a'] },
    ]);
    expect(await reads(store.db)).toEqual(expected);
    memory.close();
  });

  it('makes a put of many rows one request and clones none of them', async () => {
    const store = await fresh();
    const clone = vi.spyOn(globalThis, 'structuredClone');
    let requests = 0;
    const trans = await store.db.transaction('rw', store.db.products, async (tx) => {
      const raw = tx.idbtrans as unknown as { _execRequestAsync: (...args: unknown[]) => unknown };
      const exec = raw._execRequestAsync;
      raw._execRequestAsync = function (...args: unknown[]) {
        requests += 1;
        return exec.apply(this, args);
      };
      await store.db.products.bulkPut(Array.from({ length: 500 }, (_, i) => product(i + 1, 0)) as never[]);
      await store.db.products.bulkGet(Array.from({ length: 500 }, (_, i) => i + 1));
      return requests;
    });
    // Dexie's hooks read the rows before putting them (one bulk read), then the put.
    expect(trans).toBeLessThanOrEqual(3);
    expect(clone).not.toHaveBeenCalled();
    expect(await store.db.products.count()).toBe(500);
  });

  it('aborts the whole transaction when a bulk write fails part way, keeping none of it', async () => {
    const store = await fresh();
    const { db } = store;
    await db.customers.bulkPut([{ id: 1, last_name: 'Kept' }] as never[]);
    // The disk refusing the 3rd row: SQLite fails that INSERT, as a full disk or an I/O error would.
    store.sqlite.exec(
      `CREATE TRIGGER refuse BEFORE INSERT ON "store/customers" WHEN length(NEW.v) > 0 AND
       (SELECT count(*) FROM "store/customers") >= 3 BEGIN SELECT RAISE(ABORT, 'disk says no'); END`,
    );
    await expect(
      db.transaction('rw', db.customers, db.meta, async () => {
        await db.meta.put({ key: 'before', value: 1 });
        await db.customers.bulkPut([2, 3, 4, 5].map((id) => ({ id, last_name: `L${id}` })) as never[]);
      }),
    ).rejects.toThrow();
    store.sqlite.exec('DROP TRIGGER refuse');
    expect(await db.customers.toArray()).toEqual([{ id: 1, last_name: 'Kept' }]);
    expect(await db.customers.orderBy('last_name').keys()).toEqual(['Kept']);
    expect(await db.meta.get('before')).toBeUndefined();
    // And the store goes on taking writes.
    await db.customers.bulkPut([{ id: 2, last_name: 'Two' }] as never[]);
    expect(await db.customers.count()).toBe(2);
  });

  it('leaves to fake-indexeddb what it does not take: Date and array keys, unique indexes, add, bad keys', async () => {
    const store = await fresh();
    const { db } = store;
    await db.meta.bulkPut([
      { key: new Date(5) as never, value: 'date' },
      { key: ['a', 1] as never, value: 'array' },
      { key: 'plain', value: 'plain' },
    ]);
    expect((await db.meta.toArray()).map((row) => row.value)).toEqual(['date', 'plain', 'array']);
    expect(await db.meta.bulkGet([new Date(5) as never, ['a', 1] as never, 'plain'])).toHaveLength(3);
    await expect(db.customers.bulkPut([{ id: 1 }, { name: 'no id' }] as never[])).rejects.toThrow();
    await expect(db.customers.bulkAdd([{ id: 7 }, { id: 7 }] as never[])).rejects.toThrow(
      /ConstraintError|exists/,
    );
  });
});
