/**
 * Client-side pacing: a token bucket kept below the server's limit (300 a minute per key), so replaying a
 * long outbox never earns 429s in the first place. A 429's Retry-After pauses every caller, not just the op
 * that got it, since the limit is per key. Real time (not the engine's injected clock): the server's window
 * runs on wall time.
 */

export interface RateLimiter {
  /** Resolves when a request may leave; rejects if the signal aborts first. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** No request leaves before `ms` from now. */
  pause(ms: number): void;
}

export function createRateLimiter(options: { requestsPerMinute: number; burst?: number }): RateLimiter {
  const perMs = options.requestsPerMinute / 60_000;
  // The burst plus a minute's refill must stay under the server's window: 250/min + 25 < 300.
  const capacity = Math.max(1, options.burst ?? Math.floor(options.requestsPerMinute / 10));
  let tokens = capacity;
  let last = performance.now();
  let pausedUntil = 0;
  let queue = Promise.resolve();

  const refill = () => {
    const now = performance.now();
    tokens = Math.min(capacity, tokens + (now - last) * perMs);
    last = now;
  };

  const wait = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  async function take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = performance.now();
      if (pausedUntil > now) {
        await wait(pausedUntil - now, signal);
        continue;
      }
      refill();
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await wait(Math.ceil((1 - tokens) / perMs), signal);
    }
  }

  return {
    acquire(signal) {
      // One at a time, so waiters leave in arrival order.
      const turn = queue.then(() => take(signal));
      queue = turn.catch(() => undefined);
      return turn;
    },
    pause(ms) {
      pausedUntil = Math.max(pausedUntil, performance.now() + ms);
    },
  };
}
