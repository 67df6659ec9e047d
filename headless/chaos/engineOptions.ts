/**
 * How the chaos run's engines are tuned, in the killed worker (./worker.ts) and in the drain (./drain.ts)
 * alike: pushing and pulling at once, a client-side rate limit as high as the simulator's, short backoff
 * caps, so a run spends its time on faults and crashes rather than on waiting. The pull runs every two seconds
 * in small pages with a short refresh TTL, so its pages, cursors and by-id reads interleave with the pushes under
 * faults and are cut by the kills like they are.
 */
import type { HeadlessOptions } from '../cli/headless';

export const CHAOS_PULL = {
  pageSize: 100,
  intervalMs: 2_000,
  refreshTtlMs: 30_000,
  productSuppliersBatch: 25,
} as const;

export const CHAOS_ENGINE = {
  pull: CHAOS_PULL,
  concurrency: 8,
  rateLimit: { requestsPerMinute: 60_000, burst: 100 },
  backoff: { baseMs: 50, capMs: 2_000 },
  probeBackoff: { baseMs: 100, capMs: 1_000 },
  watchdogMs: 60_000,
} as const;

/**
 * The check's last pull (./cacheCheck.ts), faults off: every by-id record read again whatever its age, so
 * the cache can be held to the server's state, not to a TTL's. Product links are not swept whole again:
 * only the run's own edits change them on the server, and their answers (or the sweeps during the rounds)
 * must have put them in the cache; a whole sweep here would hide a link a crash left stale.
 */
export const FINAL_PULL = {
  ...CHAOS_PULL,
  intervalMs: 3_600_000,
  refreshTtlMs: 0,
} as const;

export const CHAOS_CLIENT: HeadlessOptions['client'] = {
  timeoutMs: 10_000,
  readRetries: 2,
  backoff: { baseMs: 50, capMs: 500 },
};
