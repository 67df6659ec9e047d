/**
 * What the session watches in the outbox (./session.svelte.ts): an op coming to need the user (failed,
 * conflicted) raises a toast, and a newly queued op wakes the engine. Watched in the outbox itself: the
 * engine's transitions are written by this renderer's Dexie, so a live query sees every one of them, whether
 * the engine or a user action caused it. Plain Dexie, so it is tested in Node (./outboxWatch.test.ts).
 */
import { liveQuery } from 'dexie';
import type { OpRecord, OpState } from '../db/ops';
import type { DockhandDb } from '../db/schema';

/** Op states that need the user: a toast points to the sync centre when an op enters one. */
export const NEEDS_USER: readonly OpState[] = ['failed', 'conflicted'];

export interface OutboxWatchHandlers {
  /**
   * An op entered a state that needs the user after the watch began. Ops already waiting when it begins
   * are not announced: the status bar counts them. Failing again after a retry is a new entry.
   */
  needsUser(op: OpRecord): void;
  /** An op was queued after the watch began (any form's enqueue grows the outbox's seq). */
  queued(): void;
}

export interface OutboxWatch {
  stop(): void;
  /** Settles once both queries have given their first answer: what happens after it is compared with it. */
  ready: Promise<void>;
}

/** Starts watching. Errors are swallowed: both are courtesies the engine does not need. */
export function watchOutbox(db: DockhandDb, on: OutboxWatchHandlers): OutboxWatch {
  let answered = 0;
  let settle = () => {};
  const ready = new Promise<void>((resolve) => (settle = resolve));
  const firstAnswer = () => {
    if (++answered === 2) settle();
  };
  let needing: Set<string> | null = null;
  const troubled = liveQuery(() =>
    db.outbox
      .where('state')
      .anyOf([...NEEDS_USER])
      .toArray(),
  ).subscribe({
    next: (ops: OpRecord[]) => {
      const before = needing;
      needing = new Set(ops.map(key));
      if (!before) {
        firstAnswer();
        return;
      }
      for (const op of ops) if (!before.has(key(op))) on.needsUser(op);
    },
    error: () => {
      // The sync centre and status bar still show every op.
    },
  });
  let lastSeq: number | undefined;
  const queued = liveQuery(() => db.outbox.orderBy('seq').lastKey()).subscribe({
    next: (seq) => {
      const newest = typeof seq === 'number' ? seq : 0;
      if (lastSeq === undefined) firstAnswer();
      else if (newest > lastSeq) on.queued();
      lastSeq = newest;
    },
    error: () => {
      // The engine still sends the op at its next pump (start, reconnect, timer).
    },
  });
  const stop = () => {
    troubled.unsubscribe();
    queued.unsubscribe();
  };
  return { stop, ready };
}

/** An op in one state: failing again after a retry is a new event. */
const key = (op: OpRecord) => `${op.id}:${op.state}`;
