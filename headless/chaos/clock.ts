/**
 * `--clock-skew-min N`: the client runs with its PC clock N minutes off the server's (negative: behind).
 * The client reads its clock through `Date` (the engine's and the API client's `now` default to
 * `new Date()`: electron/core/sync/engine.ts, electron/core/api/options.ts; the write-ahead `lastAttemptAt`
 * that reconciliation searches from is stamped with it). The killed worker is a process of its own, so its
 * whole `Date` is shifted, as a wrong PC clock would be; the drain shares the harness's process with the
 * simulator (whose clock must stay right), so it gets the same skew through the two `now` options instead.
 * Timers and `performance.now()` are monotonic and stay as they are, as they do on a PC whose clock is wrong.
 */

/** The env var that carries the skew to the worker, in ms. */
export const CLOCK_SKEW_ENV = 'DOCKHAND_CHAOS_CLOCK_SKEW_MS';

/** A clock `skewMs` off this process' own. */
export const skewedNow = (skewMs: number) => () => new Date(Date.now() + skewMs);

/** Shifts this process' `Date` (no-argument construction and `Date.now`) by `skewMs`; returns the undo. */
export function skewProcessClock(skewMs: number): () => void {
  const RealDate = Date;
  if (skewMs === 0) return () => {};
  class SkewedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + skewMs);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return RealDate.now() + skewMs;
    }
  }
  globalThis.Date = SkewedDate as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
  };
}

/** The skew the harness gave this process (0 when none). */
export function skewFromEnv(env: Record<string, string | undefined>): number {
  const raw = env[CLOCK_SKEW_ENV];
  if (raw === undefined || raw === '') return 0;
  const ms = Number(raw);
  if (!Number.isInteger(ms)) throw new Error(`${CLOCK_SKEW_ENV} must be a whole number of ms, not ${raw}`);
  return ms;
}
