/** The sync centre's words for the `sync.now` answer (electron/core/bridge/syncNow.ts says why not). */
import type { BridgeResult, SyncNowAnswer } from '../../bridge/contract';

/** `offline`: nothing could start; the screen shows it only while the engine is still offline. */
export function syncNowNotice(result: BridgeResult<SyncNowAnswer>): {
  kind: 'info' | 'offline' | 'warning';
  text: string;
} {
  if (!result.ok) return { kind: 'warning', text: `Sync now failed: ${result.error.message}` };
  if (result.value.started) {
    return { kind: 'info', text: 'Syncing now: waiting changes are being sent and new data fetched.' };
  }
  return { kind: 'offline', text: result.value.reason ?? 'Nothing can be sent right now.' };
}
