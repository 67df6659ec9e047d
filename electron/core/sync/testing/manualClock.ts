/**
 * A clock the test moves by hand (imported only by *.test.ts): the pacing (rateLimiter.ts) and the engine's
 * `now` read it, and a sleep on it resolves only when the test advances past its end. A test can so see
 * that the engine is parked until a given moment, and let that moment come, without waiting real time.
 */
import type { PacingClock } from '../rateLimiter';

interface Sleeper {
  until: number;
  resolve: () => void;
}

export interface ManualClock extends PacingClock {
  /** The engine's `now` on the same time line (ms since the epoch = `start` + advanced). */
  date(): Date;
  /** Moves time forward and wakes every sleeper whose end has come. */
  advance(ms: number): void;
  /** Moves time to the earliest sleeper's end (if any) and wakes it; returns whether one was woken. */
  advanceToNext(): boolean;
  /** The end of the earliest pending sleep, if any. */
  nextWake(): number | undefined;
}

export function manualClock(start = Date.parse('2026-03-02T08:00:00Z')): ManualClock {
  let time = start;
  const sleepers = new Set<Sleeper>();

  const wake = () => {
    for (const sleeper of [...sleepers]) {
      if (sleeper.until <= time) {
        sleepers.delete(sleeper);
        sleeper.resolve();
      }
    }
  };
  const nextWake = () => {
    let next: number | undefined;
    for (const sleeper of sleepers) if (next === undefined || sleeper.until < next) next = sleeper.until;
    return next;
  };

  return {
    now: () => time,
    date: () => new Date(time),
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason as Error);
        const sleeper: Sleeper = {
          until: time + Math.max(0, ms),
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          sleepers.delete(sleeper);
          reject(signal!.reason as Error);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        sleepers.add(sleeper);
        wake();
      });
    },
    advance(ms) {
      time += ms;
      wake();
    },
    advanceToNext() {
      const next = nextWake();
      if (next === undefined) return false;
      time = Math.max(time, next);
      wake();
      return true;
    },
    nextWake,
  };
}
