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

/** Plain CommonJS run by the worker (eval), so it loads neither tsx nor this module's imports. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.path);
let timer;
parentPort.on('message', (message) => {
  if (message === 'stop') {
    clearTimeout(timer);
    db.close();
    parentPort.close();
    return;
  }
  timer ??= setTimeout(() => {
    timer = undefined;
    try {
      const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
      parentPort.postMessage({ log, checkpointed });
    } catch {
      // The log keeps every commit; the writer's own autocheckpoint takes over.
    }
  }, workerData.delayMs);
});
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
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: {
      module: createRequire(import.meta.url).resolve('better-sqlite3'),
      path,
      delayMs: CHECKPOINT_DELAY_MS,
    },
  });
  // Never what keeps the process alive; a process that exits mid-checkpoint loses nothing.
  worker.unref();
  let checkpoints = 0;
  worker.on('message', () => (checkpoints += 1));
  let stopped: Promise<void> | undefined;
  return {
    committed: () => {
      if (!stopped) worker.postMessage(0);
    },
    get checkpoints() {
      return checkpoints;
    },
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        // Held open until it has closed its connection, so the lock is released after it.
        worker.ref();
        worker.postMessage('stop');
      })),
  };
}
