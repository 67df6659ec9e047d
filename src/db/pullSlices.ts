/**
 * Cutting a pulled page into slices, so the renderer applies it in several short transactions instead of one
 * long one (issue #11: no main-thread task over 50 ms while syncing). IndexedDB clones every row it is
 * given or hands back on the calling thread, so a transaction's main-thread work grows with its rows: a slice
 * bounds it, and the host gets the thread back between slices to paint and take input.
 *
 * The slice size adapts to what the last slice took: wall time over-counts main-thread time (it includes the
 * database's own thread and the commit), so sizing by it keeps the tasks under the target, never over.
 */
import type { CacheWrite } from './cacheWrites';

export interface SliceSizing {
  /** Rows in the first slice of a page. */
  startRows: number;
  minRows: number;
  maxRows: number;
  /** What one slice should take, in ms of wall time. */
  targetMs: number;
}

export const DEFAULT_SLICE_SIZING: SliceSizing = {
  startRows: 100,
  minRows: 20,
  maxRows: 500,
  targetMs: 16,
};

/**
 * The next slice's rows, scaled by how far the last slice was from the target: at most doubled (one quick
 * slice may be luck), and shrunk as far as the measurement says (one slow slice is already a janky frame).
 */
export function nextSliceRows(rows: number, tookMs: number, sizing: SliceSizing): number {
  const scaled = (rows * sizing.targetMs) / Math.max(tookMs, 0.1);
  return Math.round(Math.min(sizing.maxRows, Math.max(sizing.minRows, Math.min(scaled, rows * 2))));
}

const rowsOf = (write: CacheWrite) => (write.delete?.length ?? 0) + (write.put?.length ?? 0);

/**
 * The first `rows` rows of `writes` (deletes before puts, in the order given, as one transaction would apply
 * them) and what is left. A slice takes at least one row, so a page always makes progress.
 */
export function takeSlice(
  writes: readonly CacheWrite[],
  rows: number,
): { slice: CacheWrite[]; rest: CacheWrite[] } {
  const slice: CacheWrite[] = [];
  let room = Math.max(1, rows);
  let i = 0;
  for (; i < writes.length && room > 0; i++) {
    const write = writes[i]!;
    if (rowsOf(write) <= room) {
      if (rowsOf(write) > 0) slice.push(write);
      room -= rowsOf(write);
      continue;
    }
    const deletes = write.delete ?? [];
    const puts = write.put ?? [];
    const takenDeletes = deletes.slice(0, room);
    const takenPuts = puts.slice(0, room - takenDeletes.length);
    slice.push({
      table: write.table,
      ...(takenDeletes.length ? { delete: takenDeletes } : {}),
      ...(takenPuts.length ? { put: takenPuts } : {}),
    });
    const left: CacheWrite = { table: write.table };
    if (deletes.length > takenDeletes.length) left.delete = deletes.slice(takenDeletes.length);
    if (puts.length > takenPuts.length) left.put = puts.slice(takenPuts.length);
    return { slice, rest: [left, ...writes.slice(i + 1)] };
  }
  return { slice, rest: writes.slice(i).filter((write) => rowsOf(write) > 0) };
}

/**
 * Gives the thread back to the host: `scheduler.yield()` where the browser has it (the continuation keeps its
 * place ahead of other timers), a zero timeout elsewhere (Node, the tests' fake-indexeddb).
 */
export function yieldToHost(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
