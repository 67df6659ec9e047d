/**
 * The chaos run's child process: the sync engine over the file store in DIR, tuned as ./engineOptions.ts
 * says. The parent SIGKILLs it at random moments; nothing here prepares for that, which is the point.
 *
 *   node --import tsx headless/chaos/worker.ts --data DIR --base-url URL
 *
 * The API key comes from DOCKHAND_API_KEY; a clock skew (./clock.ts) from DOCKHAND_CHAOS_CLOCK_SKEW_MS. Events for the parent (`started`, `progress`, `idle` with the op
 * counts) go over the IPC channel it opens; logs go to stderr. It runs until it is killed.
 */
import { parseArgs } from 'node:util';
import type { SyncLogEntry } from '../../electron/core/sync';
import { openHeadless, waitUntilSettled } from '../cli/headless';
import { skewFromEnv, skewProcessClock } from './clock';
import { CHAOS_CLIENT, CHAOS_ENGINE } from './engineOptions';

const emit = (event: Record<string, unknown>) => process.send?.(event);
const log = (level: string) => (entry: SyncLogEntry) =>
  process.stderr.write(`${new Date().toISOString()} ${level} ${JSON.stringify(entry)}\n`);

/** Ops finished (done, failed, conflicted) by this process, for the parent's choice of a kill moment. */
let settled = 0;
const info = (entry: SyncLogEntry) => {
  log('info')(entry);
  if (entry.event === 'op-done' || entry.event === 'op-failed' || entry.event === 'op-conflicted')
    emit({ event: 'progress', settled: ++settled });
};

async function main(): Promise<void> {
  // Before anything reads the clock: the whole process runs on the skewed one, as on a PC set wrong.
  skewProcessClock(skewFromEnv(process.env));
  const began = Date.now();
  const note = (what: string) =>
    process.stderr.write(`${new Date().toISOString()} worker ${process.pid}: ${what}\n`);
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      'base-url': { type: 'string' },
    },
    strict: true,
  });
  const apiKey = process.env.DOCKHAND_API_KEY;
  if (!values.data || !values['base-url'] || !apiKey)
    throw new Error('--data, --base-url and DOCKHAND_API_KEY are required');
  const headless = await openHeadless({
    dir: values.data,
    baseUrl: values['base-url'],
    apiKey,
    engine: { ...CHAOS_ENGINE, logger: { info, warn: log('warn'), error: log('error') } },
    client: CHAOS_CLIENT,
    // The run is about faults, not shapes (sync.test.ts runs the validated port); parsing every op on every
    // pump would be most of the worker's time once a thousand ops are queued.
    validatePort: false,
  });
  note(`store open in ${Date.now() - began} ms: ${JSON.stringify(headless.store.stats().opened)}`);
  await headless.engine.start();
  note(`engine started after ${Date.now() - began} ms`);
  emit({ event: 'started', pid: process.pid });
  // Until the parent kills it. Nothing new can arrive while it runs (the parent writes only while it is
  // stopped), so idle is reported again each second and the engine is left to its retries.
  for (;;) {
    const settled = await waitUntilSettled(headless, { offlineGraceMs: Infinity });
    const { counts } = await headless.port.countByState({});
    emit({ event: 'idle', settled, counts });
    note(`idle (${settled}) after ${Date.now() - began} ms: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
