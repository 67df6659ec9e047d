/**
 * A Dexie table exported page by page (fake-indexeddb): every row once, in key order, with the count up front.
 */
import Dexie, { type EntityTable } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { collectionSource } from './collectionSource';
import { csvChunks } from './csvChunks';

interface Customer {
  id: number;
  name: string;
}

describe('collectionSource', () => {
  it('reads a table in pages, in key order, each row once', async () => {
    const db = new Dexie('csv-collection', { indexedDB: new IDBFactory(), IDBKeyRange }) as Dexie & {
      customers: EntityTable<Customer, 'id'>;
    };
    db.version(1).stores({ customers: 'id' });
    await db.customers.bulkAdd(
      Array.from({ length: 1_050 }, (_, i) => ({ id: 1_050 - i, name: `Ødegård, ${1_050 - i}` })),
    );
    const source = await collectionSource<Customer>(() => db.customers.toCollection());
    expect(source.total).toBe(1_050);
    let text = '';
    for await (const chunk of csvChunks(source, [{ header: 'Name', value: (row: Customer) => row.name }], {
      pageSize: 400,
      pause: async () => {},
    }))
      text += chunk;
    const { data } = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: true });
    expect(data).toHaveLength(1_051);
    expect(data.slice(1).map((row) => row[0])).toEqual(
      Array.from({ length: 1_050 }, (_, i) => `Ødegård, ${i + 1}`),
    );
    db.close();
  });
});
