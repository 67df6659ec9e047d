/**
 * Is the API reachable? The platform's online signal is a hint (false is believed at once, true is not
 * proof); the probe asks the API itself. While unreachable the engine sends nothing, so no op spends an
 * attempt on an outage; the probe runs with its own backoff until the API answers again.
 *
 * "Back online means now": the probe's backoff is capped at 2 s (a probe during an outage is one refused
 * connection or one token request, cheap next to a queued PO that waits 30 s for nothing), and the
 * platform saying "online" probes at once. So the first request after the API is back leaves within 2 s.
 */
import { ApiCallError } from '../api/errors';
import type { ApiClient } from '../api/types';
import { backoffDelay } from './backoff';
import { REAL_CLOCK, type PacingClock } from './rateLimiter';
import type { OnlineSignal } from './types';

/** Between probes while unreachable: full jitter from 250 ms, never more than 2 s. */
export const DEFAULT_PROBE_BACKOFF = { baseMs: 250, capMs: 2_000 };
/** The shortest wait between probes, so a failing probe never spins. */
const MIN_PROBE_GAP_MS = 200;

export const ALWAYS_ONLINE: OnlineSignal = { isOnline: () => true, subscribe: () => () => {} };

/** Any HTTP answer (even 401 or 429) proves the API is reachable; only no answer at all is an outage. */
export function tokenProbe(client: ApiClient): () => Promise<boolean> {
  return async () => {
    try {
      await client.call('getAuthToken', {} as never, { retry: false, timeoutMs: 5_000 });
      return true;
    } catch (error) {
      return error instanceof ApiCallError && error.details.delivery === 'yes';
    }
  };
}

export interface Connectivity {
  /** Reachable as far as we know: the signal says online and the last probe or request got an answer. */
  readonly reachable: boolean;
  /** A request could not reach the API: probe until it answers (calls onChange on the way back). */
  lost(): void;
  /** Runs the probe now (when the signal is online); true when reachable. */
  check(): Promise<boolean>;
  stop(): void;
}

export function createConnectivity(options: {
  signal: OnlineSignal;
  probe: () => Promise<boolean>;
  random: () => number;
  onChange: (reachable: boolean) => void;
  probeBackoff?: { baseMs: number; capMs: number };
  /** Where the waits between probes are timed (tests drive it). */
  clock?: PacingClock;
}): Connectivity {
  const backoff = options.probeBackoff ?? DEFAULT_PROBE_BACKOFF;
  const clock = options.clock ?? REAL_CLOCK;
  let reachable = options.signal.isOnline();
  /** Cancels the pending wait before the next probe, if one is scheduled. */
  let timer: AbortController | undefined;
  let failures = 0;
  let stopped = false;

  const set = (value: boolean) => {
    if (value === reachable) return;
    reachable = value;
    options.onChange(value);
  };

  async function check(): Promise<boolean> {
    if (!options.signal.isOnline()) {
      set(false);
      return false;
    }
    const ok = await options.probe().catch(() => false);
    set(ok);
    return ok;
  }

  function schedule() {
    if (stopped || timer) return;
    const delay = Math.max(MIN_PROBE_GAP_MS, backoffDelay(++failures, backoff, options.random));
    const wait = new AbortController();
    timer = wait;
    clock.sleep(delay, wait.signal).then(
      async () => {
        timer = undefined;
        if (stopped) return;
        if (await check()) failures = 0;
        else schedule();
      },
      () => undefined, // cancelled: stopped, or the platform's signal probed first
    );
  }

  function cancelScheduled() {
    timer?.abort();
    timer = undefined;
  }

  const unsubscribe = options.signal.subscribe((online) => {
    if (!online) {
      set(false);
      return;
    }
    // The platform says we are back: probe now (believe the probe, not the event), and start the
    // backoff again from its shortest wait.
    cancelScheduled();
    failures = 0;
    void check().then((ok) => (ok ? undefined : schedule()));
  });

  return {
    get reachable() {
      return reachable;
    },
    lost() {
      set(false);
      schedule();
    },
    check,
    stop() {
      stopped = true;
      cancelScheduled();
      unsubscribe();
    },
  };
}
