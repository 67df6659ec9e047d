/**
 * The chaos run's drain, with faults off: one engine over the run's store, in this process (nothing is
 * killed any more, and a worker process would cost a start-up per pass), started as the app starts after a
 * crash: ops left `sending` by the last SIGKILL become uncertain and are looked up before anything is resent.
 * Whenever it settles with conflicts, they are resolved as the user would (`resolve`, on the same store, the
 * engine running, as from the sync centre) and it is asked to sync again, until nothing is queued, sending,
 * uncertain or conflicted, or `deadline` (a safety net, ms since the epoch) passes.
 */
import { appendFileSync } from 'node:fs';
import type { DockhandDb } from '../../src/db/schema';
import type { SyncLogEntry } from '../../electron/core/sync';
import { openHeadless, type Headless } from '../cli/headless';
import { CHAOS_CLIENT, CHAOS_ENGINE } from './engineOptions';

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

export async function drain(options: {
  storeDir: string;
  baseUrl: string;
  apiKey: string;
  /** The engine's log is appended here, after the workers'. */
  logFile: string;
  deadline: number;
  /** Resolves the conflicted ops in `db`; answers how many. */
  resolve(db: DockhandDb): Promise<number>;
}): Promise<boolean> {
  const log = (level: string) => (entry: SyncLogEntry) =>
    appendFileSync(options.logFile, `${new Date().toISOString()} drain ${level} ${JSON.stringify(entry)}\n`);
  const headless = await openHeadless({
    dir: options.storeDir,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    engine: { ...CHAOS_ENGINE, logger: { info: log('info'), warn: log('warn'), error: log('error') } },
    client: CHAOS_CLIENT,
    validatePort: false,
  });
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
