/**
 * What the status bar and Settings say about app updates, from the main side's status
 * (src/bridge/updateStatus.ts): pure, so the words are tested without a DOM.
 */
import type { UpdateCheck, UpdateStatus } from '../../bridge/updateStatus';
import { relativeTime } from '../../lib/format';

/** Where the updater is, in one line; null when there is nothing to say (idle). */
export function updateStateText(status: UpdateStatus): string | null {
  const { state } = status;
  switch (state.kind) {
    case 'idle':
      return null;
    case 'checking':
      return 'Checking for updates…';
    case 'available':
      return `Version ${state.version} is available: downloading…`;
    case 'downloading':
      return `Downloading version ${state.version} (${state.percent} %)…`;
    case 'ready':
      return status.installing
        ? `Restarting to install version ${state.version} once the changes being sent have been sent…`
        : `Version ${state.version} is ready to install.`;
    case 'error':
      return state.message;
  }
}

/** "2 min ago: Dockhand 1.4.0 is the latest version…", or "Never" before the first check. */
export function lastCheckText(check: UpdateCheck | null, now: number): string {
  if (!check) return 'Never';
  return `${relativeTime(check.at, now)}: ${check.result}`;
}
