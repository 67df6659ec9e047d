/**
 * How the chaos run's engines are tuned, in the killed worker (./worker.ts) and in the drain (./drain.ts)
 * alike: pushing only, a client-side rate limit as high as the simulator's, short backoff caps, so a run
 * spends its time on faults and crashes rather than on waiting.
 */
import type { HeadlessOptions } from '../cli/headless';

export const CHAOS_ENGINE = {
  pull: false,
  concurrency: 8,
  rateLimit: { requestsPerMinute: 60_000, burst: 100 },
  backoff: { baseMs: 50, capMs: 2_000 },
  probeBackoff: { baseMs: 100, capMs: 1_000 },
  watchdogMs: 60_000,
} as const;

export const CHAOS_CLIENT: HeadlessOptions['client'] = {
  timeoutMs: 10_000,
  readRetries: 2,
  backoff: { baseMs: 50, capMs: 500 },
};
