/**
 * The `sync.now` command's answer. The engine's work is not awaited (a first pull can take minutes; the
 * status stream shows it), but whether anything can happen now is: when the engine believes it is offline,
 * the API is asked once, so a click while offline says why nothing happens instead of seeming to work.
 */
import type { SyncNowAnswer } from '../../../src/bridge/contract';
import type { OnlineSignal } from '../sync/types';
import type { EngineSession } from './engineSession';
import type { AppLogger } from './logger';

/** "every 2 seconds": the probe's cap, electron/core/sync/connectivity.ts DEFAULT_PROBE_BACKOFF. */
const KEPT = 'kept on this computer and sent as soon as the server answers (Dockhand checks every 2 seconds)';

export async function syncNowAnswer(
  session: EngineSession,
  online: OnlineSignal,
  logger: AppLogger,
): Promise<SyncNowAnswer> {
  const { engine } = session;
  const before = engine.status.get();
  // Also clears a "credentials rejected" pause and re-probes when offline (electron/core/sync/engine.ts).
  engine.syncNow().catch((error: unknown) => logger.warn('sync now failed', { error: String(error) }));
  // Stopped after repeated store failures: Sync now is what restarts it (electron/core/sync/storeTrouble.ts).
  if (!before.running && !before.storeTrouble?.stopped) {
    return {
      started: false,
      reason: `Sync is not running${before.pausedReason ? `: ${before.pausedReason}` : ''}.`,
    };
  }
  if (before.online) return { started: true };
  const waiting = await session
    .countWaiting()
    .catch(() => before.counts.pending + before.counts.sending + before.counts.uncertain);
  const changes =
    waiting === 0
      ? 'Changes you make are'
      : waiting === 1
        ? '1 change waits; it is'
        : `${waiting} changes wait; they are`;
  if (!online.isOnline()) {
    return {
      started: false,
      reason: `Nothing to do yet: this computer is offline (no network). ${changes} ${KEPT}.`,
    };
  }
  if (await session.probe()) return { started: true };
  return {
    started: false,
    reason: `Nothing to do yet: the server does not answer (the network or the server is down). ${changes} ${KEPT}.`,
  };
}
