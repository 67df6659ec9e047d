/**
 * Test support (imported only by tests): the status of an engine that runs, is online and has nothing to do,
 * so each test spells out only the fields it cares about. A fresh object each call, safe to mutate.
 */
import type { SyncStatusView } from '../contract';
import { placeholderSyncStatus } from '../syncStatus';

export function idleSyncStatus(overrides: Partial<SyncStatusView> = {}): SyncStatusView {
  const start = placeholderSyncStatus();
  return {
    ...start,
    running: true,
    activity: 'idle',
    pull: { ...start.pull, dockReady: true, firstSync: false },
    ...overrides,
  };
}
