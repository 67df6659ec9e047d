/**
 * The status stream the UI subscribes to, and the stuck-engine watchdog. The watchdog reads the engine's
 * injected clock: online, ops waiting to be sent, and nothing finished (done, failed, conflicted) for
 * `watchdogMs` of time the engine could send (the clock restarts when it comes back online or is resumed)
 * → the status carries a flag and the reason, so a silent stall is never invisible. The op counts it shows
 * are re-read after every op transition (`notifying`), an op starting to send included.
 */
import { placeholderSyncStatus } from '../../../src/bridge/syncStatus';
import type { OpCounts, StorePort } from '../../../src/db/storePort';
import type { StoreTroubleView } from './storeTrouble';
import type { OpCountsView, PullProgress, PullSummary, SyncStatus } from './types';

export interface StatusHub {
  get(): SyncStatus;
  subscribe(listener: (status: SyncStatus) => void): () => void;
  update(patch: Partial<SyncStatus>): void;
  setCounts(counts: OpCounts): void;
  setPull(resource: string, progress: PullProgress | undefined, finishedAt?: string): void;
  /** The pull as a whole (pull/progress.ts). */
  setPullSummary(summary: PullSummary): void;
  /** Something moved: an op left the send queue, or the queue is empty. */
  progressed(): void;
  /** Re-evaluates the watchdog against the clock. */
  checkWatchdog(): void;
  noteError(message: string): void;
  /** The store is failing (the engine waits, or stopped), or no longer (undefined). */
  setStoreTrouble(trouble: StoreTroubleView | undefined): void;
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
  let status: SyncStatus = placeholderSyncStatus();
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
      const couldSend = status.running && status.online && status.authenticated;
      const next = { ...status, ...patch };
      // The stall is measured while the engine could send: time spent offline or paused does not count.
      if (!couldSend && next.running && next.online && next.authenticated) {
        lastProgress = options.now().getTime();
      }
      set(next);
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
    setPullSummary(summary) {
      set({ ...status, pull: summary });
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
    setStoreTrouble(trouble) {
      const { storeTrouble: _was, ...rest } = status;
      set(trouble ? { ...rest, storeTrouble: trouble } : rest);
    },
  };
}

/**
 * Reads the op counts from the store, one read at a time: a request while a read is running asks for one
 * more read after it, so the counts shown are never older than the last request and two reads can never
 * land out of order. Callers may fire and forget (every op transition does) or await the fresh counts.
 */
export function countsRefresher(read: () => Promise<OpCounts>, apply: (counts: OpCounts) => void) {
  let running: Promise<void> | undefined;
  let again = false;
  return function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        apply(await read());
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/** The op transitions a push makes; each one changes the counts the status shows. */
const TRANSITIONS = [
  'markSending',
  'completeOp',
  'failOp',
  'requeueOp',
  'markUncertain',
  'markConflicted',
] as const satisfies readonly (keyof StorePort)[];

/** The store as a push sees it: after every transition (an op starting to send included), `changed` runs. */
export function notifying(store: StorePort, changed: () => void): StorePort {
  const wrapped: Record<string, unknown> = { ...store };
  for (const method of TRANSITIONS) {
    const inner = store[method] as (request: unknown) => Promise<unknown>;
    wrapped[method] = async (request: unknown) => {
      const answer = await inner(request);
      changed();
      return answer;
    };
  }
  return wrapped as StorePort;
}
