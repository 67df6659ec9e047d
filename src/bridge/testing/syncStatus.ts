/**
 * Test support (imported only by tests): the status of an engine that runs, is online and has nothing to do,
 * so each test spells out only the fields it cares about. A fresh object each call, safe to mutate.
 */
import type { SyncStatusView } from '../contract';

export function idleSyncStatus(overrides: Partial<SyncStatusView> = {}): SyncStatusView {
  return {
    running: true,
    online: true,
    authenticated: true,
    counts: { pending: 0, sending: 0, failed: 0, blocked: 0, conflicted: 0, uncertain: 0 },
    activity: 'idle',
    lastPull: {},
    pullProgress: {},
    pull: { tier: 'idle', dockReady: true, firstSync: false, done: 0, total: 0 },
    watchdog: { stuck: false },
    ...overrides,
  };
}
