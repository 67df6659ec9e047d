/**
 * The worker's checkpoints (./checkpointer.ts): after commits the log is copied into the database on the
 * worker's connection, so it restarts and stays the size of a few commits; closing leaves no log and every
 * commit readable.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE, openFileStore } from './fileStore';

const dir = mkdtempSync(join(tmpdir(), 'dockhand-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkpoints in a worker', () => {
  it('copies the log into the database after commits, so the log restarts instead of growing', async () => {
    const wal = join(dir, `${DATABASE_FILE}-wal`);
    let store = await openFileStore(dir);
    const value = 'x'.repeat(200_000);
    let largestLog = 0;
    for (let i = 0; i < 20; i++) {
      const before = store.stats().checkpoints;
      await store.db.meta.put({ key: `row-${i}`, value: `${value}${i}` });
      // Waits for the worker (a liveness wait, not a measure of time).
      await vi.waitFor(() => expect(store.stats().checkpoints).toBeGreaterThan(before), {
        timeout: 30_000,
        interval: 10,
      });
      largestLog = Math.max(largestLog, statSync(wal).size);
    }
    // 20 commits of 200 KB each: had nothing checkpointed them, the log would be past 4 MB (the writer's
    // own autocheckpoint waits for 200 MB).
    expect(largestLog).toBeGreaterThan(200_000);
    expect(largestLog).toBeLessThan(1_000_000);
    await store.close();
    expect(existsSync(wal)).toBe(false);
    store = await openFileStore(dir);
    expect(await store.db.meta.count()).toBe(20);
    expect((await store.db.meta.get('row-19'))?.value).toBe(`${value}19`);
    await store.close();
  }, 120_000);
});
