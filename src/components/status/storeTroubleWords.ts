/**
 * What the status bar and the sync centre say when the engine cannot write this PC's data
 * (electron/core/sync/storeTrouble.ts): pure, so the words and the countdown are tested without a DOM.
 */
import type { SyncStatusView } from '../../bridge/contract';

export type StoreTroubleView = NonNullable<SyncStatusView['storeTrouble']>;

/** Whole seconds until the retry, at least 1 (a retry that is due is "now", said by the caller). */
function secondsUntil(retryAt: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(retryAt) - now) / 1_000));
}

/** One line for the status bar, or null when there is no trouble. */
export function storeTroubleLine(trouble: StoreTroubleView | undefined, now: number): string | null {
  if (!trouble) return null;
  if (trouble.stopped) return trouble.stopped;
  const reason = `Can’t save to this PC’s data (${trouble.lastError})`;
  return trouble.retryAt
    ? `${reason} — retrying in ${secondsUntil(trouble.retryAt, now)} s`
    : `${reason} — trying again now`;
}

/** The sync centre's banner: what happens, and what the clerk can do. */
export function storeTroubleBanner(
  trouble: StoreTroubleView | undefined,
  now: number,
): { title: string; detail: string } | null {
  if (!trouble) return null;
  if (trouble.stopped) return { title: 'Sync has stopped', detail: trouble.stopped };
  const when = trouble.retryAt ? `in ${secondsUntil(trouble.retryAt, now)} s` : 'now';
  const tries = trouble.failures === 1 ? 'once' : `${trouble.failures} times in a row`;
  return {
    title: 'Can’t save to this PC’s data',
    detail:
      `Saving failed ${tries}: ${trouble.lastError}. Dockhand tries again ${when}; your queued changes ` +
      'are safe. If this keeps happening, close other Dockhand windows, then press Sync now.',
  };
}
