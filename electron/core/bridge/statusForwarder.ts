/**
 * Streams the engine's status to one renderer as `sync.status` events. The engine publishes on every op
 * transition (hundreds a second during a big replay); the UI needs a few a second. So at most one event per
 * `intervalMs`, and never a lost last one: the newest status waits for the window to open, replacing any
 * older one waiting.
 *
 * A status that differs from the last one sent only in the pull's figures (rows done, totals, time left)
 * waits longer, `progressIntervalMs`: each event costs the renderer a parse and a screen update on the
 * main thread, and during a big first sync these ticks were most of the events while the clerk was trying
 * to work (issue #24). Anything else (online, paused, a stall, a tier finishing, the op counts) still goes
 * within `intervalMs`.
 */
import { SyncStatusSchema, type SyncStatusView } from '../../../src/bridge/contract';
import type { SyncStatus } from '../sync/types';
import type { AppLogger } from './logger';
import type { RendererLink } from './rendererLink';

export const STATUS_INTERVAL_MS = 100;
/** Progress-only statuses: about three a second, enough for a bar and a countdown to move smoothly. */
export const PROGRESS_INTERVAL_MS = 350;

/** The engine's status as the contract describes it (drops undefined optionals, checks the shape). */
export function statusView(status: SyncStatus): SyncStatusView {
  return SyncStatusSchema.parse(JSON.parse(JSON.stringify(status)));
}

/**
 * The status without the pull's moving figures: two statuses with the same key differ only in progress.
 * Cheap enough for every push (a few hundred bytes of JSON).
 */
export function statusStateKey(status: SyncStatus): string {
  return JSON.stringify(status, (key, value: unknown) =>
    key === 'done' || key === 'total' || key === 'etaMs' ? undefined : value,
  );
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
  progressIntervalMs = PROGRESS_INTERVAL_MS,
): StatusForwarder {
  let waiting: SyncStatus | undefined;
  /** Whether the waiting status (or one it replaced) changed more than the figures. */
  let waitingChanged = false;
  let lastSentKey: string | undefined;
  let lastSentAt = -Infinity;
  let timer: unknown;
  let timerAt = Infinity;
  let disposed = false;

  function send() {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    timerAt = Infinity;
    const status = waiting;
    waiting = undefined;
    waitingChanged = false;
    if (!status || disposed) return;
    lastSentAt = clock.now();
    lastSentKey = statusStateKey(status);
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
      // A change replaced by a progress tick is still a change: the tick carries it, and goes as soon.
      waitingChanged ||= statusStateKey(status) !== lastSentKey;
      const due = lastSentAt + (waitingChanged ? intervalMs : Math.max(intervalMs, progressIntervalMs));
      if (timer !== undefined) {
        if (timerAt <= due) return;
        clock.clearTimeout(timer);
        timer = undefined;
      }
      const wait = due - clock.now();
      if (wait <= 0) send();
      else {
        timerAt = due;
        timer = clock.setTimeout(send, wait);
      }
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
