/**
 * The streamed snapshot and reads: compaction pages every table (compound keys included) in chunks, keeps
 * commits made while it runs, refuses a snapshot cut short, reads and replaces a version 1 snapshot.json,
 * and the line reader splits lines that span its read chunks. SIGKILL during compaction is in crash.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFileStore, type FileStore } from './fileStore';
import { readLines } from './lines';

const dirs: string[] = [];
const open: FileStore[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), 'dockhand-snapshot-'));
  dirs.push(dir);
  return dir;
}
async function openStore(dir: string) {
  const store = await openFileStore(dir);
  open.push(store);
  return store;
}
async function reopen(store: FileStore) {
  await store.close();
  open.splice(open.indexOf(store), 1);
  return openStore(store.dir);
}
afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const productSupplier = (i: number) => ({
  product_id: Math.floor(i / 3),
  supplier_code: `S${i % 3}`,
  supplier_name: null,
  is_enabled: true,
  supplier_buy_ex: i,
  supplier_sku2: null,
  lead_time: 3,
  is_default: i % 3 === 0,
  notes: `row ${i}`,
  is_deleted: false,
});
const snapshotLines = (store: FileStore) =>
  readFileSync(join(store.dir, 'snapshot.ndjson'), 'utf8').trimEnd().split('\n');

describe('streamed snapshot', () => {
  it('writes a table in chunks paged by its (compound) key and reopens to the same rows', async () => {
    let store = await openStore(freshDir());
    await store.db.productSuppliers.bulkPut(Array.from({ length: 4_500 }, (_, i) => productSupplier(i)));
    await store.db.meta.put({ key: 'a', value: 1 });
    await store.compact();
    const lines = snapshotLines(store);
    const chunks = lines.slice(1, -1).map((line) => JSON.parse(line) as { t: string; put: unknown[] });
    // 4,500 rows in chunks of 2,000, then meta's one row: paged, not one line per table.
    expect(chunks.map((c) => [c.t, c.put.length])).toEqual([
      ['productSuppliers', 2_000],
      ['productSuppliers', 2_000],
      ['productSuppliers', 500],
      ['meta', 1],
    ]);
    expect(JSON.parse(lines.at(-1)!)).toEqual({ end: true, rows: 4_501 });
    const before = await store.db.productSuppliers.toArray();
    store = await reopen(store);
    expect(store.stats().opened).toMatchObject({ fromSnapshot: true, replayedCommits: 0 });
    expect(await store.db.productSuppliers.toArray()).toEqual(before);
  });

  it('keeps what is committed while a compaction runs: puts, deletes and range deletes between its chunks', async () => {
    let store = await openStore(freshDir());
    const { db } = store;
    await db.productSuppliers.bulkPut(Array.from({ length: 9_000 }, (_, i) => productSupplier(i)));
    await db.meta.bulkPut([
      { key: 'gone', value: 1 },
      { key: 'kept', value: 1 },
    ]);
    let compacted = false;
    const compaction = store.compact().then(() => (compacted = true));
    // These land while the compaction pages the table (it gives the thread back after each chunk).
    await db.productSuppliers.put({ ...productSupplier(0), notes: 'changed early' });
    expect(compacted).toBe(false);
    await db.productSuppliers.put({ ...productSupplier(8_999), notes: 'changed late' });
    await db.productSuppliers.where('product_id').between(1_000, 1_100).delete();
    await db.meta.delete('gone');
    await db.meta.put({ key: 'added', value: 2 });
    await compaction;
    const rows = await db.productSuppliers.toArray();
    const meta = await db.meta.toArray();
    store = await reopen(store);
    expect(await store.db.productSuppliers.toArray()).toEqual(rows);
    expect(await store.db.meta.toArray()).toEqual(meta);
    expect(rows.find((r) => r.product_id === 2_999 && r.supplier_code === 'S2')?.notes).toBe('changed late');
    expect(rows.some((r) => r.product_id === 1_050)).toBe(false);
  });

  it('refuses a snapshot without its end line instead of opening with rows missing', async () => {
    const store = await openStore(freshDir());
    await store.db.meta.bulkPut([
      { key: 'a', value: 1 },
      { key: 'b', value: 2 },
    ]);
    await store.compact();
    await store.close();
    open.splice(0);
    const path = join(store.dir, 'snapshot.ndjson');
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    writeFileSync(path, `${lines.slice(0, -1).join('\n')}\n`);
    await expect(openFileStore(store.dir)).rejects.toThrow(/incomplete or damaged/);
  });

  it('reads a version 1 snapshot.json and replaces it at the next compaction', async () => {
    const dir = freshDir();
    const legacy = {
      format: 'dockhand-file-store',
      version: 1,
      gen: 3,
      commits: 7,
      tables: { meta: [{ key: 'old', value: { $d: '2026-01-01T00:00:00.000Z' } }] },
      keyGenerators: { outbox: 4 },
    };
    writeFileSync(join(dir, 'snapshot.json'), JSON.stringify(legacy));
    const store = await openStore(dir);
    expect(await store.db.meta.get('old')).toEqual({
      key: 'old',
      value: new Date('2026-01-01T00:00:00.000Z'),
    });
    expect(store.stats()).toMatchObject({ generation: 3, commits: 7 });
    await store.compact();
    expect(existsSync(join(dir, 'snapshot.json'))).toBe(false);
    const reopened = await reopen(store);
    expect(await reopened.db.meta.get('old')).toEqual({
      key: 'old',
      value: new Date('2026-01-01T00:00:00.000Z'),
    });
    // The generator had reached 4: the next op is 5, never a reused key.
    await reopened.db.outbox.add({ id: 'x' } as never);
    expect((await reopened.db.outbox.toArray()).map((op) => op.seq)).toEqual([5]);
  });
});

describe('readLines', () => {
  it('splits lines that span read chunks, multi-byte characters included, and flags a torn tail', () => {
    const dir = freshDir();
    const path = join(dir, 'lines');
    const text = ['short', 'a line longer than one chunk', '', 'ünïcødé ✓ across chunks', 'torn'];
    writeFileSync(path, text.join('\n'));
    const lines = [...readLines(path, 7)];
    expect(lines.map((l) => l.text)).toEqual(text);
    expect(lines.map((l) => l.terminated)).toEqual([true, true, true, true, false]);
    expect(lines.reduce((n, l) => n + l.bytes, 0)).toBe(Buffer.byteLength(text.join('\n')));
  });
});
