/**
 * What the status bar and the sync progress panel say about the pull, from the engine's summary
 * (electron/core/sync/types.ts PullSummary): pure, so the words are tested without a DOM.
 *
 * "Last sync" is the end of the last pull that completed every resource (kept across restarts), so it
 * never says "2 min ago" while the first sync is unfinished (a small list finishing first is not a sync),
 * and never "never" with a complete cache.
 */
import type { SyncStatusView } from '../../bridge/contract';
import { etaText, relativeTime } from '../../lib/format';

type PullView = SyncStatusView['pull'];

export function lastSyncText(pull: PullView | undefined, now: number): string {
  if (pull?.lastSyncAt) return relativeTime(pull.lastSyncAt, now);
  if (!pull) return '…';
  return pull.firstSync ? 'first sync under way' : 'never';
}

/** The first sync's stage in words, or null once it is over (nothing to say beyond "Idle"/"Syncing"). */
export function pullStageText(pull: PullView | undefined): string | null {
  if (!pull || !pull.firstSync) return null;
  const rows = pull.total > 0 ? ` (${pull.done} of ${pull.total} rows${eta(pull)})` : '';
  return pull.dockReady
    ? `Dock-ready: open orders are in; history still downloading${rows}`
    : `Getting open orders first${rows}`;
}

function eta(pull: PullView): string {
  return pull.etaMs !== undefined && pull.done < pull.total ? `, ${etaText(pull.etaMs)}` : '';
}
