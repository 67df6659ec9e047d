/**
 * Is the API reachable? The platform's online signal is a hint (false is believed at once, true is not
 * proof); the probe asks the API itself. While unreachable the engine sends nothing, so no op spends an
 * attempt on an outage; the probe runs with its own backoff until the API answers again.
 */
import { ApiCallError } from '../api/errors';
import type { ApiClient } from '../api/types';
import { backoffDelay } from './backoff';
import type { OnlineSignal } from './types';

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
}): Connectivity {
  const backoff = options.probeBackoff ?? { baseMs: 1_000, capMs: 30_000 };
  let reachable = options.signal.isOnline();
  let timer: ReturnType<typeof setTimeout> | undefined;
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
    const delay = Math.max(200, backoffDelay(++failures, backoff, options.random));
    timer = setTimeout(async () => {
      timer = undefined;
      if (stopped) return;
      if (await check()) failures = 0;
      else schedule();
    }, delay);
  }

  const unsubscribe = options.signal.subscribe((online) => {
    if (!online) {
      set(false);
      return;
    }
    // The platform says we are back: believe the probe, not the event.
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
      if (timer) clearTimeout(timer);
      unsubscribe();
    },
  };
}
