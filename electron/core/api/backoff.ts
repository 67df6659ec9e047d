/**
 * How long a read waits before its next attempt: full-jitter exponential backoff (a uniformly random wait up to
 * min(cap, base × 2^(attempt−1))), so clients that failed together do not retry together; when the server named
 * a Retry-After, at least that long.
 */
import type { ApiCallError } from './errors';

export interface Backoff {
  baseMs: number;
  capMs: number;
}

export function jitteredDelay(attempt: number, backoff: Backoff, random: () => number): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * The wait before retrying after the failure of attempt `attempt`, or null when the server asks for a longer
 * pause than the cap: then the read is handed back to the engine (with retryAfterMs) instead of holding a
 * connection slot and the caller for minutes.
 */
export function retryDelay(
  error: ApiCallError,
  attempt: number,
  backoff: Backoff,
  random: () => number,
): number | null {
  const jitter = jitteredDelay(attempt, backoff, random);
  const asked = error.details.retryAfterMs;
  if (asked === undefined) return jitter;
  if (asked > backoff.capMs) return null;
  return Math.max(asked, jitter);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
