/**
 * Progress lines for a headless run (stderr): the initial sync per resource (rows, total, ETA), the push
 * counts whenever they change, and pauses (offline, credentials). Throttled so a large pull or a long queue
 * prints a readable trickle, not a line per page or op.
 */
import type { StorePort } from '../../src/db/storePort';
import type { SyncEngine, SyncStatus } from '../../electron/core/sync';

export interface ProgressOptions {
  /** Least time between two lines about the same thing (default 1 s). */
  intervalMs?: number;
}

const seconds = (ms: number) => (ms < 1_000 ? '<1s' : `${Math.round(ms / 1_000)}s`);

export function pullLine(resource: string, progress: SyncStatus['pullProgress'][string]): string {
  const { done, total, finished, etaMs } = progress;
  if (finished) return `pull ${resource}: ${done} rows, done`;
  const pct = total > 0 ? ` (${Math.floor((done / total) * 100)}%)` : '';
  const eta = etaMs === undefined ? '' : `, about ${seconds(etaMs)} left`;
  return `pull ${resource}: ${done}/${total} rows${pct}${eta}`;
}

export function pushLine(counts: Record<string, number>): string {
  const order = ['queued', 'sending', 'uncertain', 'done', 'failed', 'conflicted', 'blocked', 'discarded'];
  return `push: ${order.map((state) => `${counts[state] ?? 0} ${state}`).join(', ')}`;
}

/** Starts reporting; returns a function that stops it and prints the final counts (once, however often called). */
export function reportProgress(
  engine: SyncEngine,
  port: StorePort,
  write: (line: string) => void,
  options: ProgressOptions = {},
): () => Promise<void> {
  const intervalMs = options.intervalMs ?? 1_000;
  const printedAt = new Map<string, number>();
  const finished = new Set<string>();
  let paused: string | undefined;
  let lastCounts = '';

  const throttled = (key: string, line: string, force = false) => {
    const now = Date.now();
    if (!force && now - (printedAt.get(key) ?? 0) < intervalMs) return;
    printedAt.set(key, now);
    write(line);
  };

  const unsubscribe = engine.status.subscribe((status) => {
    for (const [resource, progress] of Object.entries(status.pullProgress)) {
      if (progress.finished && finished.has(resource)) continue;
      if (progress.finished) finished.add(resource);
      else finished.delete(resource);
      throttled(`pull:${resource}`, pullLine(resource, progress), progress.finished);
    }
    const reason = status.pausedReason;
    if (reason !== paused) {
      paused = reason;
      write(reason ? `paused: ${reason}` : 'resumed');
    }
    if (status.watchdog.stuck && status.watchdog.reason)
      throttled('watchdog', `warning: ${status.watchdog.reason}`);
  });

  async function printCounts(force: boolean) {
    const { counts } = await port.countByState({});
    const line = pushLine(counts);
    if (line !== lastCounts || force) {
      lastCounts = line;
      write(line);
    }
  }
  const timer = setInterval(() => void printCounts(false).catch(() => {}), intervalMs);

  let stopped: Promise<void> | undefined;
  return () =>
    (stopped ??= (async () => {
      clearInterval(timer);
      unsubscribe();
      await printCounts(true).catch(() => {});
    })());
}
