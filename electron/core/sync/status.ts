/**
 * The status stream the UI subscribes to, and the stuck-engine watchdog. The watchdog reads the engine's
 * injected clock: online, ops waiting to be sent, and nothing finished (done, failed, conflicted) for
 * `watchdogMs` → the status carries a flag and the reason, so a silent stall is never invisible.
 */
import type { OpCounts } from '../../../src/db/storePort';
import type { OpCountsView, PullProgress, SyncStatus } from './types';

export interface StatusHub {
  get(): SyncStatus;
  subscribe(listener: (status: SyncStatus) => void): () => void;
  update(patch: Partial<SyncStatus>): void;
  setCounts(counts: OpCounts): void;
  setPull(resource: string, progress: PullProgress | undefined, finishedAt?: string): void;
  /** Something moved: an op left the send queue, or the queue is empty. */
  progressed(): void;
  /** Re-evaluates the watchdog against the clock. */
  checkWatchdog(): void;
  noteError(message: string): void;
}

export function viewOf(counts: OpCounts): OpCountsView {
  return {
    pending: counts.queued,
    sending: counts.sending,
    failed: counts.failed,
    blocked: counts.blocked,
    conflicted: counts.conflicted,
    uncertain: counts.uncertain,
  };
}

export function createStatusHub(options: { now: () => Date; watchdogMs: number }): StatusHub {
  let status: SyncStatus = {
    running: false,
    online: true,
    authenticated: true,
    counts: { pending: 0, sending: 0, failed: 0, blocked: 0, conflicted: 0, uncertain: 0 },
    activity: 'stopped',
    lastPull: {},
    pullProgress: {},
    watchdog: { stuck: false },
  };
  const listeners = new Set<(status: SyncStatus) => void>();
  let lastProgress = options.now().getTime();
  let lastError: string | undefined;

  const emit = () => {
    for (const listener of listeners) listener(status);
  };

  const waiting = () => status.counts.pending + status.counts.sending + status.counts.uncertain;

  function evaluate(): SyncStatus['watchdog'] {
    if (!status.running || !status.online || !status.authenticated || waiting() === 0)
      return { stuck: false };
    const idleMs = options.now().getTime() - lastProgress;
    if (idleMs < options.watchdogMs) return { stuck: false };
    const minutes = Math.round(idleMs / 60_000);
    const reason =
      `${waiting()} change(s) waiting and none sent for ${minutes} minute(s) while online` +
      (lastError ? `; last error: ${lastError}` : '');
    return { stuck: true, reason };
  }

  function set(next: SyncStatus) {
    status = next;
    status = { ...status, watchdog: evaluate() };
    emit();
  }

  return {
    get: () => status,
    subscribe(listener) {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
    update(patch) {
      set({ ...status, ...patch });
    },
    setCounts(counts) {
      const view = viewOf(counts);
      if (view.pending + view.sending + view.uncertain === 0) lastProgress = options.now().getTime();
      set({ ...status, counts: view });
    },
    setPull(resource, progress, finishedAt) {
      const pullProgress = { ...status.pullProgress };
      if (progress) pullProgress[resource] = progress;
      else delete pullProgress[resource];
      const lastPull = finishedAt ? { ...status.lastPull, [resource]: finishedAt } : status.lastPull;
      set({ ...status, pullProgress, lastPull });
    },
    progressed() {
      lastProgress = options.now().getTime();
      lastError = undefined;
    },
    checkWatchdog() {
      const watchdog = evaluate();
      if (watchdog.stuck !== status.watchdog.stuck || watchdog.reason !== status.watchdog.reason) {
        status = { ...status, watchdog };
        emit();
      }
    },
    noteError(message) {
      lastError = message;
    },
  };
}
