/**
 * The session's outbox watch (./outboxWatch.ts) over a real Dexie database: an op that comes to need the user
 * is announced once per entry, ops already in trouble at the start are not, and a newly queued op wakes the
 * engine while a state change of an old one does not.
 */
// Dexie's liveQuery needs the global indexedDB (as ./pulledPageQueries.test.ts).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpState } from '../db/ops';
import { DockhandDb } from '../db/schema';
import { sampleOp } from '../db/testing/sampleOp';
import { watchOutbox } from './outboxWatch';

let db: DockhandDb;
let n = 0;
let stop: (() => void) | null = null;
beforeEach(() => {
  db = new DockhandDb(`outbox-watch-test-${++n}`);
});
afterEach(() => {
  stop?.();
  db.close();
});

const op = (id: string, state: OpState) => sampleOp(id, { state });

/**
 * Waits for a live query's answer to reach the handlers. vi.waitFor's own 1 s would be a speed bound on a
 * loaded machine; this waits up to the test's whole timeout, so only a missing answer fails.
 */
const settled = (check: () => void) => vi.waitFor(check, { timeout: 50_000, interval: 20 });

/** Starts the watch and waits until both live queries have given their first answer. */
async function watching() {
  const needsUser: string[] = [];
  let queued = 0;
  const watch = watchOutbox(db, {
    needsUser: (o) => needsUser.push(`${o.id}:${o.state}`),
    queued: () => queued++,
  });
  stop = watch.stop;
  await watch.ready;
  return { needsUser, queuedCount: () => queued };
}

describe('watchOutbox', () => {
  it('announces an op each time it comes to need the user, never the ones already waiting', async () => {
    await db.outbox.bulkAdd([op('old-failure', 'failed'), op('sent', 'queued')]);
    const seen = await watching();
    await db.outbox.where('id').equals('sent').modify({ state: 'conflicted' });
    await settled(() => expect(seen.needsUser).toContain('sent:conflicted'));
    await db.outbox.where('id').equals('sent').modify({ state: 'queued' });
    await db.outbox.where('id').equals('sent').modify({ state: 'failed' });
    await settled(() => expect(seen.needsUser).toContain('sent:failed'));
    expect(seen.needsUser).not.toContain('old-failure:failed');
    expect(seen.needsUser.filter((k) => k === 'sent:conflicted')).toHaveLength(1);
  });

  it('wakes the engine for a newly queued op, not for a state change of an old one', async () => {
    await db.outbox.add(op('first', 'queued'));
    const seen = await watching();
    await db.outbox.where('id').equals('first').modify({ state: 'sending' });
    await db.outbox.add(op('second', 'queued'));
    await settled(() => expect(seen.queuedCount()).toBe(1));
    await db.outbox.where('id').equals('second').modify({ state: 'done' });
    await db.outbox.add(op('third', 'queued'));
    await settled(() => expect(seen.queuedCount()).toBe(2));
  });

  it('stops announcing once stopped', async () => {
    const seen = await watching();
    await db.outbox.add(op('before-stop', 'queued'));
    await settled(() => expect(seen.queuedCount()).toBe(1));
    stop?.();
    stop = null;
    await db.outbox.add(op('after-stop', 'failed'));
    await db.outbox.add(op('after-stop-2', 'queued'));
    // A second watch sees these writes: by then the stopped one would have too.
    const witness = watchOutbox(db, { needsUser: () => {}, queued: () => {} });
    await witness.ready;
    witness.stop();
    expect(seen.queuedCount()).toBe(1);
    expect(seen.needsUser).toEqual([]);
  });
});
