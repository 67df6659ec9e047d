/**
 * Test support (imported only by *.test.ts) for the ordering tests against the real simulator: a request or
 * store call held until the step an engine in the right order takes next has happened. An engine in the
 * wrong order never releases it, so the hang guard, counted from the hold, lets the run finish and the
 * test's assertions fail; no assertion is about time.
 */
import type { SyncEngine } from '../engine';
import { waitFor } from './fetches';
import { HANG_GUARD_MS } from './simulatorSuite';

/**
 * Held (`wait`, by any number of callers) until `release`, or the hang guard counted from the first `wait`.
 * `released` says whether it has opened; `early`, whether `release` opened it.
 */
export function hold() {
  let early = false;
  let settled = false;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  let fallback: ReturnType<typeof setTimeout> | undefined;
  return {
    wait() {
      fallback ??= setTimeout(() => {
        settled = true;
        open();
      }, HANG_GUARD_MS);
      return opened;
    },
    release() {
      if (settled) return;
      settled = true;
      early = true;
      clearTimeout(fallback);
      open();
    },
    get released() {
      return settled;
    },
    get early() {
      return early;
    },
    stop: () => clearTimeout(fallback),
  };
}

/**
 * Starts `engine` and waits for the end of its first run (a budget against hangs, not a speed check); then,
 * however it ended, clears the hang guards of the test's `holds`, so no timer outlives the test.
 */
export async function firstRun(engine: SyncEngine, ...holds: { stop(): void }[]): Promise<void> {
  try {
    await engine.start();
    await waitFor(() => engine.status.get().pull.lastSyncAt !== undefined, 30_000);
  } finally {
    for (const held of holds) held.stop();
  }
}
