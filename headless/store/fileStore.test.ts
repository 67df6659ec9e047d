/**
 * The file store in one process: commit ordering (on disk before Dexie reports it), aborted and partly
 * failed transactions, torn and damaged journals, compaction, value fidelity, auto-increment keys and the
 * directory lock. Crashes by SIGKILL are in crash.test.ts.
 */
import fs, { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueue } from '../../src/db/outbox';
import { openFileStore, type FileStore } from './fileStore';
import { listJournals } from './files';
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

const journalText = (store: FileStore) =>
  readFileSync(join(store.dir, `journal-${store.stats().generation}.ndjson`), 'utf8');

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
        expect(journalText(store)).not.toContain(marker);
      })
      .then(() => (seenOnDisk = journalText(store).includes(marker)));
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
    // A caught constraint error does not abort the transaction; the refused row must not be journaled.
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
  });

  it('replays key-range deletes and clears', async () => {
    let store = await openStore(freshDir());
    const { db } = store;
    await db.meta.bulkPut(['a', 'b', 'c', 'd', 'e'].map((key) => ({ key, value: key })));
    await db.tempIds.put({ tempId: -1, entity: 'customers', createdAt: new Date(0).toISOString() });
    await db.meta.where(':id').between('b', 'd', true, false).delete();
    await db.tempIds.clear();
    store = await reopen(store);
    expect((await store.db.meta.toArray()).map((row) => row.key)).toEqual(['a', 'd', 'e']);
    expect(await store.db.tempIds.count()).toBe(0);
  });

  it('keeps auto-increment keys across reopen and compaction (the outbox seq stays FIFO)', async () => {
    let store = await openStore(freshDir());
    const first = await customerEdit(store.db, 50001, 'a');
    store = await reopen(store);
    const second = await customerEdit(store.db, 50001, 'b');
    await store.db.outbox.delete(second.seq!);
    await store.compact();
    store = await reopen(store);
    const third = await customerEdit(store.db, 50001, 'c');
    expect([first.seq, second.seq, third.seq]).toEqual([1, 2, 3]);
  });

  it('drops a torn last line and appends cleanly after it', async () => {
    let store = await openStore(freshDir());
    await store.db.meta.put({ key: 'a', value: 1 });
    const path = join(store.dir, 'journal-0.ndjson');
    await store.close();
    open.splice(0);
    appendFileSync(path, '{"n":2,"m":[{"t":"meta","put":[{"key":"torn","val');
    store = await openStore(store.dir);
    expect(store.stats().opened.tornBytes).toBeGreaterThan(0);
    await store.db.meta.put({ key: 'b', value: 2 });
    store = await reopen(store);
    expect((await store.db.meta.toArray()).map((row) => row.key)).toEqual(['a', 'b']);
    expect(store.stats().opened.tornBytes).toBe(0);
  });

  it('refuses a journal damaged before its last line', async () => {
    const store = await openStore(freshDir());
    await store.db.meta.put({ key: 'a', value: 1 });
    await store.db.meta.put({ key: 'b', value: 2 });
    await store.close();
    open.splice(0);
    const path = join(store.dir, 'journal-0.ndjson');
    const [first, second] = readFileSync(path, 'utf8').split('\n');
    writeFileSync(path, `${first!.slice(0, 10)}\n${second}\n`);
    await expect(openFileStore(store.dir)).rejects.toThrow(/line 1 is damaged/);
  });

  it('compacts into a snapshot past the threshold and reopens to the same rows', async () => {
    let store = await openStore(freshDir(), { compactAtBytes: 4_000 });
    for (let i = 0; i < 40; i++) await customerEdit(store.db, 50001 + (i % 5), `ref-${i}`);
    await store.compact();
    expect(existsSync(join(store.dir, 'snapshot.ndjson'))).toBe(true);
    expect(listJournals(store.dir)).toEqual([store.stats().generation]);
    const before = { outbox: await store.db.outbox.toArray(), customers: await store.db.customers.toArray() };
    const meta = await store.db.meta.toArray();
    store = await reopen(store);
    expect(store.stats().opened.fromSnapshot).toBe(true);
    expect(await store.db.outbox.toArray()).toEqual(before.outbox);
    expect(await store.db.customers.toArray()).toEqual(before.customers);
    expect(await store.db.meta.toArray()).toEqual(meta);
  });

  it('ignores and removes a journal the snapshot already covers (a compaction cut short)', async () => {
    let store = await openStore(freshDir());
    await store.db.meta.put({ key: 'a', value: 1 });
    const old = readFileSync(join(store.dir, 'journal-0.ndjson'));
    await store.compact();
    await store.db.meta.put({ key: 'a', value: 2 });
    await store.close();
    open.splice(0);
    writeFileSync(join(store.dir, 'journal-0.ndjson'), old);
    store = await openStore(store.dir);
    expect(await store.db.meta.get('a')).toEqual({ key: 'a', value: 2 });
    expect(listJournals(store.dir)).toEqual([1]);
  });

  it('stops taking writes when a commit cannot be made durable (fail-stop)', async () => {
    const failures: Error[] = [];
    const store = await openStore(freshDir(), { onDurabilityFailure: (error) => failures.push(error) });
    const fdatasync = fs.fdatasyncSync;
    fs.fdatasyncSync = () => {
      throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    };
    syncBuiltinESMExports();
    try {
      await store.db.meta.put({ key: 'a', value: 1 });
    } finally {
      fs.fdatasyncSync = fdatasync;
      syncBuiltinESMExports();
    }
    // The default handler exits the process right there, before Dexie can report the commit.
    expect(failures.map((e) => e.message)).toEqual(['EIO: i/o error, fdatasync']);
    await expect(store.db.meta.put({ key: 'b', value: 2 })).rejects.toThrow('EIO');
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
