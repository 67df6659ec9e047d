/**
 * The status before the engine has run: stopped, nothing known; until the pull's first run reads the
 * cursors, not ready and a first sync assumed. The main side's status hub starts from it
 * (electron/core/sync/status.ts) and test statuses are built on it (./testing/syncStatus.ts), so a field
 * added to the contract is given its starting value once.
 */
import type { SyncStatusView } from './contract';

export function placeholderSyncStatus(): SyncStatusView {
  return {
    running: false,
    online: true,
    authenticated: true,
    counts: { pending: 0, sending: 0, failed: 0, blocked: 0, conflicted: 0, uncertain: 0 },
    activity: 'stopped',
    lastPull: {},
    pullProgress: {},
    pull: { tier: 'idle', dockReady: false, firstSync: true, done: 0, total: 0 },
    watchdog: { stuck: false },
  };
}
