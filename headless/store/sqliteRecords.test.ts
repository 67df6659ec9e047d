/**
 * fake-indexeddb on SQLite answers what fake-indexeddb in memory answers. The same writes go to the app's
 * DockhandDb on both, then every kind of read Dexie makes (primary-key and index ranges both ways, multi-entry
 * and compound indexes, unique keys, offsets and limits, counts, key-only reads) is compared; then updates,
 * range deletes and a clear, compared again, and again after the file store is reopened.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DockhandDb } from '../../src/db/schema';
import { openFileStore, type FileStore } from './fileStore';

const dir = mkdtempSync(join(tmpdir(), 'dockhand-sqlite-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WORDS = ['bolt', 'nut', 'washer', 'steel', 'zinc', 'm8', 'm10', 'pack', 'ÿ-grade', 'Ω'];
function product(id: number) {
  const word = (n: number) => WORDS[(id * 7 + n * 3) % WORDS.length]!;
  return {
    id,
    supplier_sku: id % 5 === 0 ? null : `SKU-${(id * 37) % 101}`,
    supplier_sku2: id % 3 === 0 ? `ALT${id % 17}` : undefined,
    manufacturer_sku: `m-${id % 23}`,
    short_description: `${word(1)} ${word(2)} ${word(3)}`,
    supplier: { id: id % 4 },
    modified_on: new Date(Date.UTC(2026, 0, 1 + (id % 40))).toISOString(),
  };
}
const productSupplier = (n: number) => ({ product_id: n % 30, supplier_code: `S${n % 7}`, cost: n });

async function write(db: DockhandDb) {
  // Only the fields the indexes read: the store keeps any value, and the cast says so.
  await db.products.bulkPut(Array.from({ length: 300 }, (_, i) => product(i + 1)) as never[]);
  await db.productSuppliers.bulkPut(Array.from({ length: 120 }, (_, n) => productSupplier(n)) as never[]);
  await db.meta.bulkPut(
    [1, 'a', 'b', new Date(3), ['x', 1]].map((key, i) => ({ key: key as never, value: i })),
  );
}

async function change(db: DockhandDb) {
  await db.products
    .where('id')
    .between(40, 60)
    .modify((p) => void (p.short_description = 'steel washer pack'));
  await db.products.where('_codes').startsWith('ALT1').delete();
  await db.productSuppliers.where('[product_id+supplier_code]').between([3, ''], [9, '\uffff']).delete();
  await db.meta.clear();
  await db.meta.put({ key: 'after', value: 1 });
}

/** Every read compared, as plain data. */
async function reads(db: DockhandDb) {
  const p = db.products;
  const ps = db.productSuppliers;
  return {
    all: await p.toArray(),
    reverse: await p.reverse().primaryKeys(),
    range: await p.where('id').between(10, 30, false, true).toArray(),
    offset: await p.orderBy('id').offset(17).limit(9).primaryKeys(),
    bySupplier: await p.where('supplier.id').anyOf([1, 3]).primaryKeys(),
    bySupplierReverse: await p.orderBy('supplier.id').reverse().limit(50).primaryKeys(),
    codes: await p.orderBy('_codes').keys(),
    codesUnique: await p.orderBy('_codes').uniqueKeys(),
    codesPrefix: await p.where('_codes').startsWith('SKU-1').primaryKeys(),
    codesExact: await p.where('_codes').equals('M-3').primaryKeys(),
    words: await p.where('_words').anyOf(['steel', 'ω', 'ÿ']).primaryKeys(),
    wordsCount: await p.where('_words').equals('pack').count(),
    modifiedAbove: await p.where('modified_on').above('2026-01-20').primaryKeys(),
    count: await p.count(),
    compound: await ps.orderBy('[product_id+supplier_code]').toArray(),
    compoundRange: await ps
      .where('[product_id+supplier_code]')
      .between([2, 'S2'], [12, 'S4'], true, true)
      .keys(),
    compoundReverse: await ps.where('product_id').below(10).reverse().primaryKeys(),
    meta: await db.meta.toArray(),
  };
}

describe('fake-indexeddb on SQLite', () => {
  it('answers every kind of read as fake-indexeddb in memory does, before and after changes and a reopen', async () => {
    const memory = new DockhandDb('memory', { indexedDB: new IDBFactory(), IDBKeyRange });
    let store: FileStore = await openFileStore(join(dir, 'store'));
    await write(memory);
    await write(store.db);
    const first = await reads(memory);
    expect(first.codesPrefix.length).toBeGreaterThan(5);
    expect(first.words.length).toBeGreaterThan(50);
    expect(await reads(store.db)).toEqual(first);

    await change(memory);
    await change(store.db);
    const second = await reads(memory);
    expect(second.all.length).toBeLessThan(first.all.length);
    expect(await reads(store.db)).toEqual(second);

    await store.close();
    store = await openFileStore(join(dir, 'store'));
    expect(await reads(store.db)).toEqual(second);
    await store.close();
    memory.close();
  });
});
