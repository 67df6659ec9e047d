/**
 * The file store in one process: commit ordering (on disk before Dexie reports it), aborted and partly
 * failed transactions, value fidelity, auto-increment keys, a failed commit, what it refuses to open, and
 * the directory lock. Crashes by SIGKILL are in crash.test.ts; query results against plain fake-indexeddb
 * in sqliteRecords.test.ts.
 */
import Sqlite from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueue } from '../../src/db/outbox';
import { DATABASE_FILE, openFileStore, type FileStore } from './fileStore';
import { encodeKey } from './keyCodec';
import { StoreLockedError } from './lock';

const dirs: string[] = [];
const open: FileStore[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), 'dockhand-store-'));
  dirs.push(dir);
  return dir;
}
async function openStore(dir: string, options?: Parameters<typeof openFileStore>[1]) {
  const store = await openFileStore(dir, options);
  open.push(store);
  return store;
}
async function reopen(store: FileStore, options?: Parameters<typeof openFileStore>[1]) {
  await store.close();
  open.splice(open.indexOf(store), 1);
  return openStore(store.dir, options);
}
afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Whether another connection, as a restarted process would, finds the meta row on disk. */
function onDisk(store: FileStore, key: string): boolean {
  const reader = new Sqlite(join(store.dir, DATABASE_FILE), { readonly: true });
  try {
    return reader.prepare('SELECT 1 FROM "store/meta" WHERE k = ?').get(encodeKey(key)) !== undefined;
  } finally {
    reader.close();
  }
}

const customerEdit = (db: FileStore['db'], id: number, ref: string) =>
  enqueue(db, {
    kind: 'updateCustomer',
    params: { id },
    body: { custom_reference: ref },
    label: `Update customer ${id}`,
    cacheChanges: [{ table: 'customers', put: [{ id, custom_reference: ref } as never] }],
  });

describe('file store', () => {
  it('has a commit on disk before Dexie reports it', async () => {
    const store = await openStore(freshDir());
    const { db } = store;
    let seenOnDisk: boolean | undefined;
    const marker = `marker-${Date.now()}`;
    await db
      .transaction('rw', db.meta, async () => {
        await db.meta.put({ key: marker, value: 1 });
        expect(onDisk(store, marker)).toBe(false);
      })
      .then(() => (seenOnDisk = onDisk(store, marker)));
    expect(seenOnDisk).toBe(true);
  });

  it('writes nothing of an aborted transaction, and only the rows of a partly failed one that landed', async () => {
    let store = await openStore(freshDir());
    const { db } = store;
    await expect(
      db.transaction('rw', db.meta, async () => {
        await db.meta.put({ key: 'aborted', value: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.meta.put({ key: 'kept', value: 1 });
    // A caught constraint error does not abort the transaction; the refused row must not be written.
    await db.transaction('rw', db.meta, async () => {
      await db.meta
        .bulkAdd([
          { key: 'kept', value: 2 },
          { key: 'added', value: 3 },
        ])
        .catch(() => {});
    });
    store = await reopen(store);
    expect(await store.db.meta.toArray()).toEqual([
      { key: 'added', value: 3 },
      { key: 'kept', value: 1 },
    ]);
  });

  it('round-trips what Dexie stores: Dates, nested arrays, undefined vs missing, odd numbers and keys', async () => {
    let store = await openStore(freshDir());
    const value = {
      at: new Date('2026-03-01T10:00:00.123Z'),
      nested: [[1, [2, [3]]], [], [undefined, null]],
      present: undefined,
      numbers: [NaN, Infinity, -Infinity, -0, 1.5],
      collections: [new Map<unknown, unknown>([[1, new Set(['a'])]]), new Set([new Date(0)])],
      $tag: { $u: 1, $$d: 'not a tag' },
      ['__proto__']: { sneaky: true },
    };
    await store.db.meta.put({ key: 'odd', value });
    store = await reopen(store);
    const back = (await store.db.meta.get('odd'))!.value as typeof value;
    expect(back).toEqual(value);
    expect('present' in back).toBe(true);
    expect('missing' in back).toBe(false);
    expect(Object.is(back.numbers[3], -0)).toBe(true);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toEqual({ sneaky: true });
    // Each read is a new object (values are not cloned again on the way out): changing one changes nothing.
    back.nested.push([9]);
    const [again] = await store.db.meta.where('key').equals('odd').toArray();
    expect((again!.value as typeof value).nested).toEqual(value.nested);
  });

  it('keeps key-range deletes and clears, index entries included', async () => {
    let store = await openStore(freshDir());
    const { db } = store;
    await db.meta.bulkPut(['a', 'b', 'c', 'd', 'e'].map((key) => ({ key, value: key })));
    await db.tempIds.put({ tempId: -1, entity: 'customers', createdAt: new Date(0).toISOString() });
    await db.meta.where(':id').between('b', 'd', true, false).delete();
    await db.tempIds.clear();
    store = await reopen(store);
    expect((await store.db.meta.toArray()).map((row) => row.key)).toEqual(['a', 'd', 'e']);
    expect(await store.db.tempIds.count()).toBe(0);
    expect(await store.db.tempIds.where('entity').equals('customers').count()).toBe(0);
  });

  it('keeps auto-increment keys across reopen, past deleted rows (the outbox seq stays FIFO)', async () => {
    let store = await openStore(freshDir());
    const first = await customerEdit(store.db, 50001, 'a');
    store = await reopen(store);
    const second = await customerEdit(store.db, 50001, 'b');
    await store.db.outbox.delete(second.seq!);
    store = await reopen(store);
    const third = await customerEdit(store.db, 50001, 'c');
    expect([first.seq, second.seq, third.seq]).toEqual([1, 2, 3]);
  });

  it('fsyncs a commit that touches the outbox, and only logs one of pulled rows', async () => {
    const store = await openStore(freshDir());
    const synchronous = () => store.sqlite.pragma('synchronous', { simple: true });
    await customerEdit(store.db, 50001, 'a');
    expect(synchronous()).toBe(2); // FULL
    await store.db.customers.put({ id: 50002 } as never);
    expect(synchronous()).toBe(1); // NORMAL
    await store.db.transaction('rw', store.db.tempIds, store.db.meta, () =>
      store.db.tempIds.put({ tempId: -5, entity: 'customers', createdAt: '' }),
    );
    expect(synchronous()).toBe(2);
  });

  it('stops taking writes when a commit cannot be made durable (fail-stop)', async () => {
    const failures: Error[] = [];
    const store = await openStore(freshDir(), { onDurabilityFailure: (error) => failures.push(error) });
    // A deferred foreign key is checked at COMMIT: a row that breaks one, written inside the transaction,
    // makes SQLite refuse the COMMIT itself, as a full disk or an I/O error would.
    store.sqlite.pragma('foreign_keys = ON');
    store.sqlite.exec(
      'CREATE TABLE parent (id INTEGER PRIMARY KEY);' +
        'CREATE TABLE child (parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)',
    );
    await store.db.transaction('rw', store.db.meta, async () => {
      await store.db.meta.put({ key: 'a', value: 1 });
      store.sqlite.prepare('INSERT INTO child VALUES (1)').run();
    });
    // The default handler exits the process right there, before Dexie can report the commit.
    expect(failures.map((e) => e.message)).toEqual(['FOREIGN KEY constraint failed']);
    expect(onDisk(store, 'a')).toBe(false);
    await expect(store.db.meta.put({ key: 'b', value: 2 })).rejects.toThrow('FOREIGN KEY');
  });

  it('refuses a directory of the old journal store, and a database of another schema, saying why', async () => {
    const journal = freshDir();
    writeFileSync(join(journal, 'journal-0.ndjson'), '');
    await expect(openFileStore(journal)).rejects.toThrow(/old journal format .*journal-0\.ndjson/);

    const other = freshDir();
    const store = await openStore(other);
    await store.db.meta.put({ key: 'kept', value: 1 });
    store.sqlite
      .prepare("UPDATE dockhand_meta SET value = json_set(value, '$.version', 4) WHERE name = 'schema'")
      .run();
    await reopen(store).then(
      () => expect.unreachable(),
      (error: Error) => expect(error.message).toMatch(/another database schema/),
    );
    open.splice(0);
    // Nothing was changed: the row is there for the build that wrote it.
    const reader = new Sqlite(join(other, DATABASE_FILE), { readonly: true });
    expect(reader.prepare('SELECT count(*) AS n FROM "store/meta"').get()).toEqual({ n: 1 });
    reader.close();
  });

  it('is open in one process at a time; a dead owner’s lock is taken over', async () => {
    const dir = freshDir();
    const store = await openStore(dir);
    await expect(openFileStore(dir)).rejects.toBeInstanceOf(StoreLockedError);
    await store.close();
    open.splice(0);
    writeFileSync(join(dir, 'LOCK'), '2147483646\n');
    await openStore(dir);
  });
});
