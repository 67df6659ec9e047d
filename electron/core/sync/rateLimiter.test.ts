/**
 * The adaptive pacing on its own, on a clock the test moves: unpaced at the start, a 429 holds every request
 * until its Retry-After and sets a pace from what got through, further 429s of the same burst do not cut it
 * again, the pace grows back and is lifted, and a ceiling holds whatever the server says.
 */
import { describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter, type RateLimiterOptions } from './rateLimiter';
import { manualClock, type ManualClock } from './testing/manualClock';

/** Lets every resolved acquire run its continuation. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `count` requests, evenly over `ms` of the clock (the last one `ms / count` before the end). */
async function sendOver(limiter: RateLimiter, clock: ManualClock, count: number, ms: number) {
  for (let i = 0; i < count; i++) {
    await limiter.acquire();
    clock.advance(ms / count);
  }
}

/**
 * A limiter on a clock of its own that let `count` requests through evenly over `ms`, then was refused with
 * a Retry-After of `retryMs`.
 */
async function refusedAfter(
  count: number,
  ms: number,
  retryMs: number,
  options: Omit<RateLimiterOptions, 'clock'> = {},
) {
  const clock = manualClock();
  const limiter = createRateLimiter({ clock, ...options });
  await sendOver(limiter, clock, count, ms);
  limiter.throttled(retryMs);
  return { clock, limiter };
}

function tracked(promise: Promise<void>) {
  const state = { done: false, failed: undefined as unknown };
  promise.then(
    () => (state.done = true),
    (error: unknown) => (state.failed = error),
  );
  return state;
}

/**
 * One more millisecond ends the pause: the pace is `rate` a minute, and the request held through the pause
 * waits for its first slot, then leaves.
 */
async function pacedAtPauseEnd(
  clock: ManualClock,
  limiter: RateLimiter,
  waiting: ReturnType<typeof tracked>,
  rate: number,
) {
  clock.advance(1);
  await settle();
  expect(limiter.requestsPerMinute()).toBeCloseTo(rate, 5);
  expect(waiting.done).toBe(false);
  clock.advanceToNext();
  await settle();
  expect(waiting.done).toBe(true);
}

describe('the adaptive rate limiter', () => {
  it('lets any number of requests leave at one instant until the server refuses one', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ clock });
    for (let i = 0; i < 1_000; i++) await limiter.acquire();
    expect(limiter.requestsPerMinute()).toBeUndefined();
    expect(clock.nextWake()).toBeUndefined();
  });

  it('holds every request until Retry-After has passed, then paces at 70 % of what got through', async () => {
    const { clock, limiter } = await refusedAfter(100, 30_000, 5_000);
    const waiting = tracked(limiter.acquire());
    await settle();
    expect(clock.nextWake()).toBe(clock.now() + 5_000);
    clock.advance(4_999);
    await settle();
    expect(waiting.done).toBe(false);
    // At the end of the pause the pace is 70 % of the 200 a minute that got through, with no saved burst.
    await pacedAtPauseEnd(clock, limiter, waiting, 140);
  });

  it('treats 429s that arrive during the pause as the same burst: the pause extends, the pace is cut once', async () => {
    const { clock, limiter } = await refusedAfter(50, 30_000, 2_000);
    clock.advance(500);
    limiter.throttled(3_000);
    const start = clock.now();
    clock.advance(2_999);
    const waiting = tracked(limiter.acquire());
    await settle();
    expect(clock.nextWake()).toBe(start + 3_000);
    await pacedAtPauseEnd(clock, limiter, waiting, 70);
  });

  it('paces from what got through, not from the pace it had: stray 429s do not ratchet it down', async () => {
    const { clock, limiter } = await refusedAfter(50, 30_000, 1_000);
    clock.advance(1_000);
    expect(limiter.requestsPerMinute()).toBeCloseTo(70, 5);
    // Refused again at once: the last minute still let ~100 a minute through, so the pace stays near 70
    // (a little lower: the same count over a second more), not 70 % of 70.
    limiter.throttled(1_000);
    clock.advance(1_000);
    expect(limiter.requestsPerMinute()!).toBeGreaterThan(65);
    expect(limiter.requestsPerMinute()!).toBeLessThan(70);
  });

  it('judges a session younger than a minute by its pace, not by its short history', async () => {
    // 50 in 2 s is 1,500 a minute, though only 50 went in the last minute.
    const { clock, limiter } = await refusedAfter(50, 2_000, 1_000);
    clock.advance(1_000);
    expect(limiter.requestsPerMinute()).toBeCloseTo(1_050, 5);
  });

  it('never paces below the floor, however little got through', async () => {
    const { clock, limiter } = await refusedAfter(10, 30_000, 1_000, { minRequestsPerMinute: 60 });
    clock.advance(1_000);
    expect(limiter.requestsPerMinute()).toBe(60);
  });

  it('grows back to what got through after the recovery time, faster after it, then lifts the pacing', async () => {
    const { clock, limiter } = await refusedAfter(150, 30_000, 1_000, { recoveryMs: 2_000 });
    clock.advance(1_000);
    const rates: number[] = [];
    for (let step = 0; step < 3; step++) {
      rates.push(limiter.requestsPerMinute()!);
      clock.advance(1_000);
    }
    expect(rates[0]).toBeCloseTo(210, 5);
    expect(rates[1]!).toBeGreaterThan(rates[0]!);
    expect(rates[2]).toBeCloseTo(300, 5);
    clock.advance(500);
    expect(limiter.requestsPerMinute()!).toBeGreaterThan(300);
    // Twice what got through (5 s after the pause with a 2 s recovery): unpaced again.
    clock.advance(2_500);
    expect(limiter.requestsPerMinute()).toBeUndefined();
    for (let i = 0; i < 500; i++) await limiter.acquire();
    expect(clock.nextWake()).toBeUndefined();
  });

  it('never exceeds a ceiling, and lets waiters leave in arrival order', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ clock, maxRequestsPerMinute: 120 });
    expect(limiter.requestsPerMinute()).toBe(120);
    const order: number[] = [];
    const all = [0, 1, 2, 3].map((n) => limiter.acquire().then(() => order.push(n)));
    await settle();
    // A fresh bucket is empty: requests leave as it fills, two a second at 120 a minute.
    expect(order).toEqual([]);
    clock.advanceToNext();
    await settle();
    expect(order).toEqual([0]);
    while (order.length < 4) {
      clock.advanceToNext();
      await settle();
    }
    await Promise.all(all);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(clock.now() - Date.parse('2026-03-02T08:00:00Z')).toBe(2_000);
  });

  it('rejects a waiting acquire when its signal aborts, and the next waiter still gets its turn', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ clock });
    limiter.throttled(1_000);
    const controller = new AbortController();
    const aborted = tracked(limiter.acquire(controller.signal));
    const next = tracked(limiter.acquire());
    await settle();
    controller.abort(new Error('stopped'));
    await settle();
    expect(aborted.failed).toBeInstanceOf(Error);
    clock.advance(1_000);
    await settle();
    while (!next.done && clock.advanceToNext()) await settle();
    expect(next.done).toBe(true);
  });

  it('grants departures at once without waiting: all while unpaced, none while paused or while anyone waits', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ clock });
    expect(limiter.tryAcquire(4)).toBe(4);
    expect(limiter.tryAcquire(0)).toBe(0);
    await sendOver(limiter, clock, 60, 30_000);
    limiter.throttled(1_000);
    expect(limiter.tryAcquire(4)).toBe(0);
    const waiting = tracked(limiter.acquire());
    clock.advance(1_000);
    // Sending may start again, but the caller already waiting keeps its turn.
    expect(limiter.tryAcquire(4)).toBe(0);
    await settle();
    while (!waiting.done && clock.advanceToNext()) await settle();
    expect(waiting.done).toBe(true);
  });

  it('grants no more than the pace has tokens for, and a refund gives back what was not used', async () => {
    const clock = manualClock();
    // A ceiling of 120 a minute: at most two a second may leave together.
    const limiter = createRateLimiter({ clock, maxRequestsPerMinute: 120 });
    clock.advance(10_000);
    expect(limiter.tryAcquire(4)).toBe(2);
    expect(limiter.tryAcquire(4)).toBe(0);
    limiter.refund(1);
    expect(limiter.tryAcquire(4)).toBe(1);
    clock.advance(500);
    expect(limiter.tryAcquire(4)).toBe(1);
  });
});
