/**
 * The pull's store calls when this PC is slow to answer them. A call the store did not answer in time (the
 * bridge stopped waiting: electron/core/bridge/rendererLink.ts) may still be under way there: the window was
 * busy, not gone. Dropping it failed the pass and left its resource still for the rest of the run ("did not
 * answer applyPulledPage within 30000 ms", then 1,000 of 11,575 for good, issue 24). Here such a call is sent
 * again after a capped backoff until it is answered or the run stops; meanwhile `onStalls` says which calls
 * wait and until when, and `retryNow` (the Retry button, through sync.now) ends every wait at once.
 *
 * Sending a call again is safe because every store call of the pull is idempotent: reads are reads; a page
 * put again leaves rows with the same modified_on unchanged (src/db/cacheRows.ts); a chained page the store
 * already stored is answered without being applied again (src/db/pageChains.ts), so a pass's cursor never
 * moves back. Only "no answer in time" is retried: an error the store answered with fails the pass, as before.
 */
import { STORE_PORT, type StorePort, type StorePortMethod } from '../../../../src/db/storePort';
import { backoffCeiling } from '../backoff';
import type { SyncLogger } from '../types';
import type { StalledCall } from './progress';

export interface StoreRetryBackoff {
  /** The first wait; each further timeout of the same call doubles it… */
  baseMs: number;
  /** …up to this. */
  capMs: number;
}

export const PULL_STORE_RETRY: StoreRetryBackoff = { baseMs: 2_500, capMs: 20_000 };

/**
 * A store call that got no answer in time: the bridge's error says so with `timedOut` (the pull does not
 * import the bridge; any store that times out its calls can say it the same way).
 */
export function isStoreTimeout(error: unknown): boolean {
  return error instanceof Error && (error as { timedOut?: unknown }).timedOut === true;
}

export const retryDelay = (attempt: number, backoff: StoreRetryBackoff): number =>
  backoffCeiling(attempt, backoff);

/** Whose call it is, for the progress: a page names its pass (`resource:uuid`) or its cursor. */
function resourceOf(method: StorePortMethod, request: unknown): string | undefined {
  if (method === 'applyPulledPage') {
    const page = request as { chain?: { pass: string }; cursor: { resource: string } | null };
    return page.chain?.pass.split(':')[0] ?? page.cursor?.resource;
  }
  if (method === 'getCursor') return (request as { resource: string }).resource;
  return undefined;
}

export interface StoreRetryOptions {
  signal: AbortSignal;
  now(): Date;
  backoff?: StoreRetryBackoff;
  /** Waits `ms` on the engine's clock (tests pass a manual one); rejects when `signal` aborts. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  /** The calls waiting to be sent again, after every change; empty once all were answered. */
  onStalls(calls: readonly StalledCall[]): void;
  /** Each timeout is logged (`pull-store-slow`); the error names the window and the method, never the data. */
  logger?: SyncLogger;
}

export interface RetryingStore {
  store: StorePort;
  /** Ends every wait now: the calls are sent again at once. */
  retryNow(): void;
  /** The calls waiting now (as last reported to `onStalls`). */
  stalled(): readonly StalledCall[];
}

function realSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function withStoreRetry(store: StorePort, options: StoreRetryOptions): RetryingStore {
  const backoff = options.backoff ?? PULL_STORE_RETRY;
  const sleep = options.sleep ?? realSleep;
  const waiting = new Set<StalledCall>();
  let wake = new AbortController();
  const report = () => options.onStalls([...waiting]);

  /** Waits `ms`, unless the run stops (rejects) or `retryNow` comes first (resolves early). */
  async function pause(ms: number): Promise<void> {
    const woken = wake.signal;
    const both = AbortSignal.any([options.signal, woken]);
    try {
      await sleep(ms, both);
    } catch (error) {
      if (options.signal.aborted || !woken.aborted) throw error;
    }
  }

  const wrapped = Object.create(store) as StorePort;
  for (const method of Object.keys(STORE_PORT) as StorePortMethod[]) {
    const call = store[method] as ((request: unknown) => Promise<unknown>) | undefined;
    if (typeof call !== 'function') continue;
    (wrapped as unknown as Record<string, unknown>)[method] = async (request: unknown) => {
      let stall: StalledCall | undefined;
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            return await call.call(store, request);
          } catch (error) {
            if (!isStoreTimeout(error) || options.signal.aborted) throw error;
            const delay = retryDelay(attempt, backoff);
            const resource = resourceOf(method, request);
            options.logger?.warn({
              event: 'pull-store-slow',
              ...(resource ? { resource } : {}),
              detail: `${method}, try ${attempt}: ${(error as Error).message}`,
            });
            if (stall) waiting.delete(stall);
            stall = {
              ...(resource ? { resource } : {}),
              retryAt: new Date(options.now().getTime() + delay).toISOString(),
            };
            waiting.add(stall);
            report();
            await pause(delay);
          }
        }
      } finally {
        if (stall) {
          waiting.delete(stall);
          report();
        }
      }
    };
  }
  return {
    store: wrapped,
    retryNow() {
      wake.abort();
      wake = new AbortController();
    },
    stalled: () => [...waiting],
  };
}
