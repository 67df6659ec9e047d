/**
 * Per-key rate limit (300 requests a minute by default; the API states none, ../README.md). A sliding window
 * log: a request is admitted when fewer than `limit` admitted requests of the same key fall in the last 60
 * seconds, so there is no burst of 2×limit across a fixed-window boundary. Refused requests are not logged (a
 * client hammering through its 429s does not extend its own ban). Retry-After is the whole seconds until the
 * oldest logged request leaves the window, at least 1.
 */
const WINDOW_MS = 60_000;

/** Admission times of one key, oldest first; `head` skips expired entries without shifting the array. */
interface Log {
  times: number[];
  head: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly logs = new Map<string, Log>();

  constructor(
    private readonly limit: number,
    private readonly now: () => Date,
  ) {}

  admit(key: string): RateDecision {
    const now = this.now().getTime();
    let log = this.logs.get(key);
    if (!log) this.logs.set(key, (log = { times: [], head: 0 }));
    while (log.head < log.times.length && log.times[log.head]! <= now - WINDOW_MS) log.head++;
    // Compact once the expired prefix is the larger part, keeping admission O(1) amortised.
    if (log.head > 1024 && log.head * 2 > log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
    if (log.times.length - log.head >= this.limit) {
      const oldest = log.times[log.head]!;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)) };
    }
    log.times.push(now);
    return { ok: true };
  }
}
