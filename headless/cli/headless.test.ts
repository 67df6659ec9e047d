/**
 * waitUntilSettled (./headless.ts) with a stand-in engine: a run whose engine stopped for store failures ends
 * (npm run sync exits 4 then), and a signal ends the wait even while the engine never becomes idle.
 */
import { describe, expect, it } from 'vitest';
import type { SyncEngine, SyncStatus } from '../../electron/core/sync';
import { idleSyncStatus } from '../../src/bridge/testing/syncStatus';
import type { StorePort } from '../../src/db/storePort';
import { waitUntilSettled } from './headless';

const STATUS: SyncStatus = idleSyncStatus();

function standIn(status: SyncStatus, idle: () => Promise<void>) {
  const engine = { status: { get: () => status }, idle } as unknown as SyncEngine;
  const port = {
    countByState: () => Promise.resolve({ counts: { queued: 1, sending: 0, uncertain: 0 } }),
  } as unknown as StorePort;
  return { engine, port };
}

describe('waitUntilSettled', () => {
  it('ends when the engine stopped because the store kept failing', async () => {
    const headless = standIn(
      {
        ...STATUS,
        running: false,
        activity: 'stopped',
        counts: { ...STATUS.counts, pending: 3 },
        storeTrouble: {
          failures: 8,
          lastError: 'this PC’s disk is full',
          stopped: 'Dockhand stopped syncing',
        },
      },
      () => new Promise(() => {}),
    );
    expect(await waitUntilSettled(headless, { offlineGraceMs: Infinity, pollMs: 1 })).toBe('store');
  });

  it('a signal ends the wait while the engine is busy and never idle', async () => {
    let signal!: () => void;
    const stop = new Promise<void>((resolve) => (signal = resolve));
    const headless = standIn(STATUS, () => new Promise(() => {}));
    const settled = waitUntilSettled(headless, { offlineGraceMs: Infinity, pollMs: 1, stop });
    signal();
    expect(await settled).toBe('stopped');
  });
});
