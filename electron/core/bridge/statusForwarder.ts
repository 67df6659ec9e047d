/**
 * Streams the engine's status to one renderer as `sync.status` events. The engine publishes on every op
 * transition (hundreds a second during a big replay); the UI needs a few a second. So at most one event per
 * `intervalMs`, and never a lost last one: the newest status waits for the window to open, replacing any
 * older one waiting.
 */
import { SyncStatusSchema, type SyncStatusView } from '../../../src/bridge/contract';
import type { SyncStatus } from '../sync/types';
import type { AppLogger } from './logger';
import type { RendererLink } from './rendererLink';

export const STATUS_INTERVAL_MS = 100;

/** The engine's status as the contract describes it (drops undefined optionals, checks the shape). */
export function statusView(status: SyncStatus): SyncStatusView {
  return SyncStatusSchema.parse(JSON.parse(JSON.stringify(status)));
}

export interface StatusForwarder {
  push(status: SyncStatus): void;
  /** Sends the waiting status now (the final "stopped" one, before the session ends). */
  flush(): void;
  dispose(): void;
}

export function createStatusForwarder(
  link: RendererLink,
  logger: AppLogger,
  intervalMs = STATUS_INTERVAL_MS,
): StatusForwarder {
  let waiting: SyncStatus | undefined;
  let lastSentAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  function send() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const status = waiting;
    waiting = undefined;
    if (!status || disposed) return;
    lastSentAt = Date.now();
    let payload: SyncStatusView;
    try {
      payload = statusView(status);
    } catch (error) {
      // A status the contract refuses would be dropped by the renderer anyway; say so here once it happens.
      logger.warn('sync status does not match the bridge contract', { error: String(error) });
      return;
    }
    link.emit({ event: 'sync.status', payload });
  }

  return {
    push(status) {
      if (disposed) return;
      waiting = status;
      if (timer) return;
      const wait = lastSentAt + intervalMs - Date.now();
      if (wait <= 0) send();
      else timer = setTimeout(send, wait);
    },
    flush: send,
    dispose() {
      disposed = true;
      waiting = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
