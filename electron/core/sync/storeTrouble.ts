/**
 * When this PC's store fails under the engine (a write refused, the database closed, a bridge call that did
 * not answer), the engine must neither spin nor go quiet. This counts the failures in a row, says how long to
 * wait before the next try (capped exponential, with jitter so windows that failed together do not come back
 * together), and after `limit` failures in a row says the engine should stop, with what to do, in a clerk's
 * words. Any store success in between starts the count again. `createStoreRetryGate` is what the engine
 * holds: it logs, shows the trouble in the status, times the wait on the engine's clock and stops the engine.
 */
import { backoffCeiling } from './backoff';
import type { PacingClock } from './rateLimiter';
import type { SyncLogEntry, SyncLogger } from './types';

export interface StoreRetryOptions {
  /** The first wait; each further failure doubles it… */
  baseMs: number;
  /** …up to this. */
  capMs: number;
  /** Failures in a row (no success in between) after which the engine stops. */
  limit: number;
}

export const STORE_RETRY: StoreRetryOptions = { baseMs: 1_000, capMs: 60_000, limit: 8 };

/** The engine's status while the store fails (SyncStatus.storeTrouble). */
export interface StoreTroubleView {
  /** Store failures in a row, with no store success in between. */
  failures: number;
  /** What went wrong, in a clerk's words: never the raw error, which may quote the data. */
  lastError: string;
  /** When the store is tried again (ISO, engine clock); absent while trying and once the engine stopped. */
  retryAt?: string;
  /** Set once the engine stopped for it: what happened and what to do. */
  stopped?: string;
}

/**
 * The wait before try number `failures + 1`: half of min(cap, base × 2^(failures−1)) for sure, the other
 * half random. Never zero (full jitter could make a retry immediate: a hot loop with extra steps).
 */
export function storeRetryDelay(failures: number, options: StoreRetryOptions, random: () => number): number {
  const ceiling = backoffCeiling(failures, options);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

const RULES: readonly [RegExp, string][] = [
  [/quota|disk (is )?full|ENOSPC|no space/i, 'this PC’s disk is full'],
  [/did not answer|timed? ?out|TimeoutError/i, 'this PC’s data did not answer in time'],
  [
    /DatabaseClosed|closed|VersionError|blocked|InvalidState/i,
    'this PC’s data was closed (another Dockhand window may be using it)',
  ],
  [/EACCES|EPERM|EROFS|read-?only|permission/i, 'Dockhand is not allowed to write this PC’s data'],
];

/** The error in a clerk's words. The raw text goes to the log only. */
export function describeStoreError(error: unknown): string {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  for (const [pattern, words] of RULES) if (pattern.test(text)) return words;
  return 'this PC’s data refused the change';
}

export function stoppedMessage(failures: number): string {
  return (
    `Dockhand stopped syncing: it could not write to this PC’s data ${failures} times in a row. ` +
    'Close other Dockhand windows, then press Sync now or restart Dockhand. Your queued changes are safe.'
  );
}

export interface StoreTrouble {
  /** A store call failed: how long to wait, or whether to stop. */
  failed(error: unknown): { failures: number; lastError: string; delayMs: number; stop: boolean };
  /** A store call succeeded: true when that ended a run of failures. */
  succeeded(): boolean;
  readonly failures: number;
}

export function createStoreTrouble(options: StoreRetryOptions, random: () => number): StoreTrouble {
  let failures = 0;
  return {
    failed(error) {
      failures += 1;
      return {
        failures,
        lastError: describeStoreError(error),
        delayMs: storeRetryDelay(failures, options, random),
        stop: failures >= options.limit,
      };
    },
    succeeded() {
      const had = failures > 0;
      failures = 0;
      return had;
    },
    get failures() {
      return failures;
    },
  };
}

export interface StoreRetryGate {
  /**
   * A store call failed: log it, show it, and run `retry` after the wait, or stop the engine. A failure
   * during a wait (another op of the same try) is logged only.
   */
  failed(event: string, error: unknown, about?: Pick<SyncLogEntry, 'opId' | 'kind'>): void;
  /** The store took what mattered (an op finished, or nothing was left to write): the trouble is over. */
  succeeded(): void;
  /** Waiting out a failure: the engine picks no op until the wait ends. */
  readonly waiting: boolean;
  /** Stopped for repeated failures: Sync now restarts the engine. */
  readonly stopped: boolean;
  /** Ends the wait now (Sync now); the failures still count. */
  wake(): boolean;
  /** The engine stops: the wait is dropped (the count and the status stay until a success). */
  cancel(): void;
  /** Sync now restarts a stopped engine: one more failure stops it again, a success clears the count. */
  restarted(): void;
}

export interface StoreRetryGateOptions {
  retry: StoreRetryOptions;
  random: () => number;
  /** Where the wait is timed: the engine's injectable clock, so a test moves it by hand. */
  clock: PacingClock;
  /** The engine's clock, for the retry time shown. */
  now: () => Date;
  logger: SyncLogger;
  show(trouble: StoreTroubleView | undefined): void;
  /** The wait is over: pump again. */
  onRetry(): void;
  /** Too many failures in a row: stop the engine (not awaited). */
  onStop(): void;
}

export function createStoreRetryGate(options: StoreRetryGateOptions): StoreRetryGate {
  const trouble = createStoreTrouble(options.retry, options.random);
  let wait: AbortController | undefined;
  let stopped = false;

  const dropWait = () => {
    wait?.abort();
    wait = undefined;
  };

  return {
    failed(event, error, about = {}) {
      if (stopped || wait) {
        // Ops that were in flight with the one that failed first fail too: the same try, not another one
        // (four ops in flight would otherwise spend half the limit at once). Ops given back while the
        // engine stops may fail as well: the stop already said it all.
        options.logger.error({ event, ...about, detail: `${String(error)} (same try, not counted)` });
        return;
      }
      const step = trouble.failed(error);
      const next = step.stop ? 'stopping the engine' : `trying again in ${step.delayMs} ms`;
      options.logger.error({
        event,
        ...about,
        detail: `${String(error)} (store failure ${step.failures} in a row; ${next})`,
      });
      if (step.stop) {
        stopped = true;
        dropWait();
        const message = stoppedMessage(step.failures);
        options.logger.error({ event: 'store-trouble-stopped', detail: message });
        options.show({ failures: step.failures, lastError: step.lastError, stopped: message });
        options.onStop();
        return;
      }
      const mine = new AbortController();
      wait = mine;
      const retryAt = new Date(options.now().getTime() + step.delayMs).toISOString();
      options.show({ failures: step.failures, lastError: step.lastError, retryAt });
      options.clock.sleep(step.delayMs, mine.signal).then(
        () => {
          if (wait !== mine) return;
          wait = undefined;
          // Trying again now: the status no longer counts down, until this try fails or succeeds.
          options.show({ failures: step.failures, lastError: step.lastError });
          options.onRetry();
        },
        () => undefined, // dropped: a success, Sync now or a stop came first
      );
    },
    succeeded() {
      if (!trouble.succeeded() && !stopped) return;
      stopped = false;
      dropWait();
      options.logger.info({ event: 'store-recovered' });
      options.show(undefined);
    },
    get waiting() {
      return wait !== undefined;
    },
    get stopped() {
      return stopped;
    },
    wake() {
      if (!wait) return false;
      dropWait();
      return true;
    },
    cancel: dropWait,
    restarted() {
      stopped = false;
      options.show(undefined);
    },
  };
}
