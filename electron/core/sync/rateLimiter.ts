/**
 * Pacing by the server, not by a guess. The API states no rate limit, so the engine starts unpaced (only the
 * push pool's concurrency bounds it) and learns the limit from the server's 429s:
 *
 * - A 429 pauses every request of the engine until its Retry-After (the limit is per key, not per op), and
 *   sets a rate: 70 % of what got through in the last minute, as a rate (the server's window is a minute in
 *   every API we know of, the simulator's included: server/http/rateLimit.ts; a younger session is judged by
 *   its pace over its shorter history). 429s that arrive while the pause from
 *   an earlier one still holds belong to the same burst and only extend the pause.
 * - After the pause the rate grows back on a cubic curve of the time since the pause ended: back to what
 *   got through after `recoveryMs` (2 s), flat around it, then faster; at twice that the pacing is lifted,
 *   as at the start. Against a real limit the server's window does most of the pacing anyway; the curve is
 *   short so that stray 429s (a proxy's, the chaos run's injected bursts) cost seconds, not minutes. A
 *   longer recovery (10 s, lifted at 8×), or cutting from the current pace instead of what got through,
 *   let repeated stray 429s ratchet the pace down to a fraction of what the pauses alone cost (the
 *   stray-429 row of bench/pacing/run.ts measures that cost).
 *
 * All time is read from an injectable clock, so tests drive the pacing without waiting and without
 * asserting durations. An optional ceiling (`maxRequestsPerMinute`) caps the rate for callers that must
 * stay under a known limit (the headless tools' --rate-limit flag).
 */
import { sleep } from '../api/backoff';

export interface PacingClock {
  /** Milliseconds on a monotonic scale. */
  now(): number;
  /** Resolves after `ms` on this clock; rejects with the signal's reason if it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface RateLimiter {
  /** Resolves when a request may leave; rejects if the signal aborts first. */
  acquire(signal?: AbortSignal): Promise<void>;
  /**
   * Up to `max` departures now, without waiting: how many may leave at once (0 while paused, while the
   * pace has no token left, or while anyone waits in `acquire`, who keeps the turn). Each one granted is
   * counted as sent; `refund` gives back those that were not used.
   */
  tryAcquire(max: number): number;
  /** Gives back `count` departures granted by `tryAcquire` that never left. */
  refund(count: number): void;
  /** The server refused a request for pacing: no request leaves before `retryAfterMs` from now. */
  throttled(retryAfterMs: number): void;
  /** The current pacing, for logs and tests: undefined while unpaced. */
  requestsPerMinute(): number | undefined;
}

export interface RateLimiterOptions {
  clock?: PacingClock;
  /** A ceiling the rate never exceeds (default: none). */
  maxRequestsPerMinute?: number;
  /** The rate never drops below this after a 429 (default 60 a minute). */
  minRequestsPerMinute?: number;
  /** Time from the end of a 429's pause until the rate is back at what got through (default 2 s). */
  recoveryMs?: number;
}

const MINUTE_MS = 60_000;
/** The share of the refused rate kept after a 429. */
const DECREASE = 0.7;
/** Pacing is lifted once the recovered rate is this many times what got through before the 429. */
const LIFT_FACTOR = 2;

export const REAL_CLOCK: PacingClock = {
  now: () => performance.now(),
  sleep,
};

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const clock = options.clock ?? REAL_CLOCK;
  const ceiling = options.maxRequestsPerMinute ?? Infinity;
  const floor = Math.min(ceiling, options.minRequestsPerMinute ?? 60);
  const recoveryMs = options.recoveryMs ?? 2_000;

  /** Departure times within the last minute, oldest first (bounded: older ones are dropped on each read). */
  const sent: number[] = [];
  let pausedUntil = -Infinity;
  /** What got through before the last 429 (a minute's count) and when its pause ended; undefined while unpaced. */
  let refused: { perMinute: number; at: number } | undefined;
  let tokens = 0;
  let lastRefill = clock.now();
  let queue = Promise.resolve();
  /** Callers of `acquire` not yet through: `tryAcquire` never overtakes them. */
  let waiting = 0;

  function sentInLastMinute(now: number): number {
    let drop = 0;
    while (drop < sent.length && sent[drop]! <= now - MINUTE_MS) drop++;
    if (drop) sent.splice(0, drop);
    return sent.length;
  }

  /**
   * What got through, as a rate a minute: the last minute's count over the time it took (at least a
   * second), so a session younger than a minute is judged by its pace, not by its short history.
   */
  function throughPerMinute(now: number): number {
    const count = sentInLastMinute(now);
    if (count === 0) return 0;
    const span = Math.min(MINUTE_MS, Math.max(1_000, now - sent[0]!));
    return (count * MINUTE_MS) / span;
  }

  /** Requests a minute allowed now, Infinity while unpaced. */
  function rateAt(now: number): number {
    if (!refused) return ceiling;
    const { perMinute, at } = refused;
    // W(t) = Wmax · (1 + (1 − β) · ((t − K) / K)³): βWmax at the 429, Wmax after K, then faster.
    const x = (now - at - recoveryMs) / recoveryMs;
    const rate = perMinute * (1 + (1 - DECREASE) * x ** 3);
    if (rate >= perMinute * LIFT_FACTOR) {
      refused = undefined;
      return ceiling;
    }
    return Math.min(ceiling, Math.max(floor, rate));
  }

  async function take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = clock.now();
      if (pausedUntil > now) {
        await clock.sleep(pausedUntil - now, signal);
        continue;
      }
      const perMinute = rateAt(now);
      if (!Number.isFinite(perMinute)) {
        lastRefill = now;
        return depart(now);
      }
      const perMs = perMinute / MINUTE_MS;
      // A second's worth may leave together: the server counts a minute, not the gaps between requests.
      const capacity = Math.max(1, perMinute / 60);
      tokens = Math.min(capacity, tokens + (now - lastRefill) * perMs);
      lastRefill = now;
      if (tokens >= 1) {
        tokens -= 1;
        return depart(now);
      }
      await clock.sleep(Math.max(1, Math.ceil((1 - tokens) / perMs)), signal);
    }
  }

  function depart(now: number) {
    sentInLastMinute(now);
    sent.push(now);
  }

  return {
    acquire(signal) {
      // One at a time, so waiters leave in arrival order.
      waiting++;
      const turn = queue.then(() => take(signal)).finally(() => waiting--);
      queue = turn.catch(() => undefined);
      return turn;
    },
    tryAcquire(max) {
      const now = clock.now();
      if (waiting > 0 || pausedUntil > now || max <= 0) return 0;
      const perMinute = rateAt(now);
      let granted = Math.floor(max);
      if (Number.isFinite(perMinute)) {
        const capacity = Math.max(1, perMinute / 60);
        tokens = Math.min(capacity, tokens + (now - lastRefill) * (perMinute / MINUTE_MS));
        granted = Math.min(granted, Math.floor(tokens));
        tokens -= granted;
      }
      lastRefill = now;
      for (let i = 0; i < granted; i++) depart(now);
      return granted;
    },
    refund(count) {
      const back = Math.min(Math.max(0, Math.floor(count)), sent.length);
      if (back === 0) return;
      sent.splice(sent.length - back, back);
      if (Number.isFinite(rateAt(clock.now()))) tokens += back;
    },
    throttled(retryAfterMs) {
      const now = clock.now();
      const sameBurst = pausedUntil > now;
      pausedUntil = Math.max(pausedUntil, now + Math.max(0, retryAfterMs));
      if (!sameBurst) {
        refused = { perMinute: Math.max(floor, throughPerMinute(now)), at: pausedUntil };
      }
      // The curve starts when sending may start again, so a long Retry-After does not eat the recovery.
      if (refused) refused.at = pausedUntil;
      tokens = 0;
      lastRefill = pausedUntil;
    },
    requestsPerMinute() {
      const rate = rateAt(clock.now());
      return Number.isFinite(rate) ? rate : undefined;
    },
  };
}
