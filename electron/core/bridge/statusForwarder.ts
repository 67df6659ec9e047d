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

/** The time source and timers the throttle uses; injectable so a test can step time instead of sleeping. */
export interface ForwarderClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const REAL_CLOCK: ForwarderClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createStatusForwarder(
  link: RendererLink,
  logger: AppLogger,
  intervalMs = STATUS_INTERVAL_MS,
  clock: ForwarderClock = REAL_CLOCK,
): StatusForwarder {
  let waiting: SyncStatus | undefined;
  let lastSentAt = -Infinity;
  let timer: unknown;
  let disposed = false;

  function send() {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    const status = waiting;
    waiting = undefined;
    if (!status || disposed) return;
    lastSentAt = clock.now();
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
      if (timer !== undefined) return;
      const wait = lastSentAt + intervalMs - clock.now();
      if (wait <= 0) send();
      else timer = clock.setTimeout(send, wait);
    },
    flush: send,
    dispose() {
      disposed = true;
      waiting = undefined;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}
