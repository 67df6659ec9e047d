/**
 * What the window says about its link to the Dockhand host (./webSocketBridge.ts HostLink), in a
 * clerk's words: pure, so the words are tested without a socket. Null while the link is fine.
 */
import type { HostLink } from './webSocketBridge';

/** Attempts in a row after which "reconnecting" becomes "cannot reach". */
const GONE_AFTER = 3;

export function hostLinkText(link: HostLink): string | null {
  if (link.state !== 'reconnecting') return null;
  if (link.refused)
    return 'Dockhand was restarted: open it again from the address it shows (this page’s address no longer works).';
  if (link.attempts >= GONE_AFTER)
    return 'Cannot reach Dockhand on this computer: is it still running? Trying again…';
  return 'Reconnecting to Dockhand…';
}
