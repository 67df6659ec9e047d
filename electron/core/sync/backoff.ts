/**
 * Backoff between attempts of one op: full jitter (a uniformly random wait up to min(cap, base × 2^(n−1))),
 * so ops that failed together do not come back together; a server's Retry-After is a floor.
 */
import type { BackoffOptions } from './types';

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, capMs: 60_000 };

/**
 * The longest wait before attempt `attempt` (1-based): base × 2^(attempt−1), at most the cap. The one doubling
 * of the engine's waits: an op's attempts (below), the store's failures (./storeTrouble.ts) and the pull's
 * store timeouts (./pull/storeRetry.ts), each with its own jitter.
 */
export function backoffCeiling(attempt: number, options: BackoffOptions): number {
  return Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
}

export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number,
  retryAfterMs?: number,
): number {
  const ceiling = backoffCeiling(attempt, options);
  const jitter = Math.floor(random() * ceiling);
  return retryAfterMs === undefined ? jitter : Math.max(retryAfterMs, jitter);
}
