/**
 * The write-ahead log checkpointed by a worker thread on a connection of its own, so the thread that runs
 * the sync never waits for it.
 *
 * SQLite's own checkpoint runs inside the COMMIT that takes the log past `wal_autocheckpoint` pages: it
 * copies the log into the database and fsyncs both, on the committing thread. In the large sync that was
 * most of the time spent in COMMIT (655 commits: 10.4 s with it, 2.8 s with no checkpoint at all, load
 * 6). A checkpoint on another connection is SQLite's PASSIVE mode: it copies what is committed, waits for
 * nothing and blocks no writer, and a crash during one loses nothing (the log still holds every commit).
 * The worker checkpoints a while after a commit (CHECKPOINT_DELAY_MS), so a burst of commits costs one
 * checkpoint. The log restarts from its beginning once a checkpoint has copied all of it; should the
 * worker fall behind, the committing connection's own autocheckpoint (./fileStore.ts) still bounds it.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const CHECKPOINT_DELAY_MS = 100;

/** The shared counters: commits so far, whether to stop, checkpoints made. */
const COMMITS = 0;
const STOP = 1;
const CHECKPOINTS = 2;

/**
 * Plain CommonJS run by the worker (eval), so it loads neither tsx nor this module's imports. It sleeps in
 * Atomics.wait until the commit counter moves: a commit costs the syncing thread an atomic add and a
 * wake, not a message (656 postMessage calls were 0.23 s of the large sync's profile).
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const shared = new Int32Array(workerData.shared);
const pause = new Int32Array(new SharedArrayBuffer(4));
const db = new Database(workerData.path);
let seen = 0;
for (;;) {
  Atomics.wait(shared, ${COMMITS}, seen);
  if (Atomics.load(shared, ${STOP})) break;
  Atomics.wait(pause, 0, 0, workerData.delayMs);
  if (Atomics.load(shared, ${STOP})) break;
  seen = Atomics.load(shared, ${COMMITS});
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    Atomics.add(shared, ${CHECKPOINTS}, 1);
  } catch {
    // The log keeps every commit; the writer's own autocheckpoint takes over.
  }
}
db.close();
`;

export interface Checkpointer {
  /** A commit was made: the log is checkpointed shortly. */
  committed(): void;
  /** Checkpoints the worker has made. */
  readonly checkpoints: number;
  /** Stops the worker and closes its connection. */
  stop(): Promise<void>;
}

export function startCheckpointer(path: string): Checkpointer {
  const shared = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: {
      module: createRequire(import.meta.url).resolve('better-sqlite3'),
      path,
      delayMs: CHECKPOINT_DELAY_MS,
      shared: shared.buffer,
    },
  });
  // Never what keeps the process alive; a process that exits mid-checkpoint loses nothing.
  worker.unref();
  // A worker that cannot run leaves checkpoints to the writer's autocheckpoint (./fileStore.ts) and says so.
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', (error) =>
    process.stderr.write(`dockhand file store: the checkpoint worker stopped: ${error.message}\n`),
  );
  const wake = () => {
    Atomics.add(shared, COMMITS, 1);
    Atomics.notify(shared, COMMITS);
  };
  let stopped: Promise<void> | undefined;
  return {
    committed: () => {
      if (!stopped) wake();
    },
    get checkpoints() {
      return Atomics.load(shared, CHECKPOINTS);
    },
    stop: () =>
      (stopped ??= (() => {
        // Held open until it has closed its connection, so the lock is released after it.
        worker.ref();
        Atomics.store(shared, STOP, 1);
        wake();
        return exited;
      })()),
  };
}
