/**
 * The chaos run's drain, with faults off: one engine over the run's store, in this process (nothing is
 * killed any more, and a worker process would cost a start-up per pass), started as the app starts after a
 * crash: ops left `sending` by the last SIGKILL become uncertain and are looked up before anything is resent.
 * Whenever it settles with conflicts, they are resolved as the user would (`resolve`, on the same store, the
 * engine running, as from the sync centre) and it is asked to sync again, until nothing is queued, sending,
 * uncertain or conflicted, or `deadline` (a safety net, ms since the epoch) passes. The engine pulls as it
 * drains, as the worker did.
 *
 * `finalPull` then runs one whole pull on the drained store (./engineOptions.ts FINAL_PULL), for the cache
 * check (./cacheCheck.ts). Both run on the client's skewed clock, when there is one (./clock.ts).
 */
import { appendFileSync } from 'node:fs';
import type { DockhandDb } from '../../src/db/schema';
import type { SyncLogEntry } from '../../electron/core/sync';
import { openHeadless, type Headless } from '../cli/headless';
import { skewedNow } from './clock';
import { CHAOS_CLIENT, CHAOS_ENGINE, FINAL_PULL } from './engineOptions';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until nothing is queued, sending or uncertain; false once the deadline has passed. */
async function settled(headless: Headless, deadline: number): Promise<boolean> {
  for (;;) {
    await headless.engine.idle();
    const { counts } = await headless.port.countByState({});
    if (counts.queued + counts.sending + counts.uncertain === 0) return true;
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
}

interface EngineRun {
  storeDir: string;
  baseUrl: string;
  apiKey: string;
  /** The engine's log is appended here, after the workers'. */
  logFile: string;
  deadline: number;
  /** The client's clock runs this far off the harness's. */
  clockSkewMs?: number;
}

function open(options: EngineRun, what: string, pull: typeof CHAOS_ENGINE.pull | typeof FINAL_PULL) {
  const log = (level: string) => (entry: SyncLogEntry) =>
    appendFileSync(
      options.logFile,
      `${new Date().toISOString()} ${what} ${level} ${JSON.stringify(entry)}\n`,
    );
  const now = skewedNow(options.clockSkewMs ?? 0);
  return openHeadless({
    dir: options.storeDir,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    engine: {
      ...CHAOS_ENGINE,
      pull,
      now,
      logger: { info: log('info'), warn: log('warn'), error: log('error') },
    },
    client: { ...CHAOS_CLIENT, now },
    validatePort: false,
  });
}

export async function drain(
  options: EngineRun & {
    /** Resolves the conflicted ops in `db`; answers how many. */
    resolve(db: DockhandDb): Promise<number>;
  },
): Promise<boolean> {
  const headless = await open(options, 'drain', CHAOS_ENGINE.pull);
  try {
    await headless.engine.start();
    for (;;) {
      if (!(await settled(headless, options.deadline))) return false;
      await options.resolve(headless.store.db);
      const { counts } = await headless.port.countByState({});
      if (counts.queued + counts.sending + counts.uncertain + counts.conflicted === 0) return true;
      if (Date.now() > options.deadline) return false;
      await headless.engine.syncNow();
    }
  } finally {
    await headless.close();
  }
}

/**
 * One whole pull from start to end (every resource, by-id records and links whatever their age), retried
 * while a resource fails; false when none completed by the deadline.
 */
export async function finalPull(options: EngineRun): Promise<boolean> {
  const headless = await open(options, 'final pull', FINAL_PULL);
  const from = skewedNow(options.clockSkewMs ?? 0)().toISOString();
  try {
    await headless.engine.start();
    for (;;) {
      await sleep(100);
      const status = headless.engine.status.get();
      if (status.activity === 'pulling' || status.pull.tier !== 'idle') {
        if (Date.now() > options.deadline) return false;
        continue;
      }
      if (status.pull.lastSyncAt && status.pull.lastSyncAt >= from) return true;
      if (Date.now() > options.deadline) return false;
      // The run ended with a resource failed: another, at once.
      await headless.engine.syncNow();
    }
  } finally {
    await headless.close();
  }
}
