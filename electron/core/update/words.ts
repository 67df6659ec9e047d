/**
 * Update failures and release notes in words for the user. Messages are written here, never copied from an
 * error: electron-updater's messages carry stacks, URLs and checksums, none of which helps a store office.
 */
import { RELEASE_NOTES_MAX } from '../../../src/bridge/updateStatus';
import type { UpdateInfoLike } from './updater';

interface ErrorShape {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ESOCKETTIMEDOUT',
]);

/** What went wrong while checking (`during: 'check'`) or downloading, in one sentence or two. */
export function updateErrorWords(error: unknown, during: 'check' | 'download' | 'install'): string {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as ErrorShape;
  const code = typeof shape.code === 'string' ? shape.code : '';
  const message = typeof shape.message === 'string' ? shape.message : '';
  // builder-util-runtime's HttpError carries statusCode; its file download fails with a plain Error whose
  // message says `status 404: Not Found` (node_modules/builder-util-runtime/out/httpExecutor.js).
  const inMessage = /\bstatus (\d{3})\b/.exec(message)?.[1];
  const status =
    typeof shape.statusCode === 'number' ? shape.statusCode : inMessage ? Number(inMessage) : undefined;
  const what = { check: 'check for updates', download: 'download the update', install: 'install the update' }[
    during
  ];
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message)) {
    return 'The downloaded update did not match its checksum and was discarded. It will be downloaded again at the next check.';
  }
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') {
    // Windows: the installer is not signed by the publisher app-update.yml names (electron-updater NsisUpdater).
    return 'The downloaded update is not signed by Dockhand’s publisher and was discarded. Nothing was installed: tell whoever looks after this computer.';
  }
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND') {
    return 'The update server has no updates for this channel.';
  }
  if (code === 'ERR_UPDATER_INVALID_UPDATE_INFO' || code === 'ERR_UPDATER_INVALID_VERSION') {
    return 'The update server’s description of the latest version could not be read.';
  }
  if (code === 'ERR_UPDATER_NO_FILES_PROVIDED' || code === 'ERR_UPDATER_ASSET_NOT_FOUND') {
    return 'The update server offers no installer for this computer.';
  }
  if (status !== undefined) {
    if (status === 404) return `Could not ${what}: the update server does not have the file (404).`;
    if (status >= 500) return `Could not ${what}: the update server failed (${status}). Try again later.`;
    return `Could not ${what}: the update server answered ${status}.`;
  }
  if (NETWORK_CODES.has(code) || /net::ERR_/.test(message)) {
    return `Could not ${what}: the update server could not be reached. Check the network.`;
  }
  return `Could not ${what}. The details are in the log.`;
}

/** A feed's release notes as plain text, newest first when the feed lists several versions. */
export function releaseNotesText(notes: UpdateInfoLike['releaseNotes']): string | null {
  if (notes == null) return null;
  const text =
    typeof notes === 'string'
      ? notes
      : notes
          .filter((entry) => entry.note)
          .map((entry) => `${entry.version}\n${entry.note}`)
          .join('\n\n');
  const trimmed = text.trim();
  if (!trimmed) return null;
  return trimmed.length > RELEASE_NOTES_MAX ? `${trimmed.slice(0, RELEASE_NOTES_MAX - 1)}…` : trimmed;
}
