/**
 * What the status bar and the sync progress panel say about the pull, from the engine's summary
 * (electron/core/sync/types.ts PullSummary): pure, so the words are tested without a DOM.
 *
 * "Last sync" is the end of the last pull that completed every resource (kept across restarts), so it
 * never says "2 min ago" while the first sync is unfinished (a small list finishing first is not a sync),
 * and never "never" with a complete cache.
 */
import type { SyncStatusView } from '../../bridge/contract';
import { etaText, relativeTime, resourceLabel } from '../../lib/format';

type PullView = SyncStatusView['pull'];

export function lastSyncText(pull: PullView | undefined, now: number): string {
  if (pull?.lastSyncAt) return relativeTime(pull.lastSyncAt, now);
  if (!pull) return '…';
  return pull.firstSync ? 'first sync under way' : 'never';
}

/**
 * The first sync's stage in words, or null once it is over (nothing to say beyond "Idle"/"Syncing"). A
 * stalled pull says that instead, first sync or not: a pull that stands still must never look busy.
 */
export function pullStageText(pull: PullView | undefined, now?: number): string | null {
  const stalled = pullStallText(pull, now);
  if (stalled) return stalled;
  if (!pull || !pull.firstSync) return null;
  const rows = pull.total > 0 ? ` (${pull.done} of ${pull.total} rows${eta(pull)})` : '';
  return pull.dockReady
    ? `Dock-ready: open orders are in; history still downloading${rows}`
    : `Getting open orders first${rows}`;
}

function eta(pull: PullView): string {
  return pull.etaMs !== undefined && pull.done < pull.total ? `, ${etaText(pull.etaMs)}` : '';
}

/** Pull step names that are not a list of records, as a clerk would call what they bring. */
const STEP_LABELS: Record<string, string> = {
  byId: 'suppliers and outlets',
  byIdRequested: 'the records you opened',
  lastCompleteRun: 'the sync record',
};

/**
 * Why the pull stands still and when it tries again, or null when it does not (electron/core/sync/types.ts
 * PullStall). Without `now` (a view with no clock) the countdown is left out.
 */
export function pullStallText(pull: PullView | undefined, now?: number): string | null {
  const stall = pull?.stalled;
  if (!stall) return null;
  const when = retryWhen(stall.retryAt, now);
  if (stall.reason === 'store-slow') return `This PC is slow to save the downloaded data — retrying${when}`;
  const names = stall.resources.map((name) => STEP_LABELS[name] ?? resourceLabel(name).toLowerCase());
  const what = names.length ? ` (${names.join(', ')})` : '';
  return `Part of the download failed${what} — trying again${when}`;
}

function retryWhen(retryAt: string | undefined, now: number | undefined): string {
  if (retryAt === undefined || now === undefined) return '';
  const ms = Date.parse(retryAt) - now;
  if (Number.isNaN(ms) || ms <= 1_000) return ' now';
  if (ms < 60_000) return ` in ${Math.ceil(ms / 1_000)} s`;
  return ` in ${Math.ceil(ms / 60_000)} min`;
}

/**
 * What a change saved here but not yet sent says, by what is true now: "sent when Dockhand is online" only
 * while it is offline; online, that it waits its turn or is being sent. `online` undefined (no status
 * yet) says neither, so a window that just opened never claims to be offline.
 */
/**
 * A form's "saved" notice where the form does not follow the connection: true online and offline alike, so it
 * never says "when Dockhand is online" to a clerk who is online (the record's own page and the sync centre
 * then say which of the two it is, through `waitingText`).
 */
export const SAVED_HERE =
  'Saved on this computer; Dockhand sends it to the server, straight away when online.';

/** The tail of the "receipt saved" toast, by the connection at that moment. */
export function receiptSentText(online: boolean | undefined): string {
  return online === false
    ? 'It is sent to the server when Dockhand is online.'
    : 'Dockhand sends it to the server now.';
}

export function waitingText(online: boolean | undefined, sending = false): string {
  if (online === false) return 'Saved on this computer; it is sent to the server when Dockhand is online.';
  if (sending) return 'Saved on this computer; sending it to the server…';
  return 'Saved on this computer; waiting to be sent to the server.';
}
