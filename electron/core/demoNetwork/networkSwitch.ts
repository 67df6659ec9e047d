/**
 * The demo's "Simulate network down" switch (issue #26: a newcomer could not try receiving offline without
 * pulling a cable). While it is on, the engine of a demo connection sees what a PC without a network sees:
 * its online signal says offline (so the status bar says Offline at once, and edits queue), and its API
 * client's fetch refuses before sending, the way a machine with no network does (ENETDOWN: delivery 'no',
 * electron/core/api/classify.ts), so nothing reaches the simulator, not even the probe. Turning it off tells
 * the engine the network is back, which probes at once and sends what queued (../sync/connectivity.ts).
 *
 * Only the demo: the bridge command is refused unless the saved connection is the demo's, and an engine
 * session for a real connection is never wrapped (and turns the switch off), so a real back office's
 * network is never simulated. Pure Node: the bridge wires it (../bridge/mainBridge.ts).
 */
import { BridgeFailure, type BridgeParsedRequest, type BridgeResponse } from '../../../src/bridge/contract';
import type { FetchLike } from '../api/options';
import type { OnlineSignal } from '../sync/types';

/** The words of the refusal a fetch gives while the switch is on (the engine logs them). */
export const SIMULATED_DOWN_MESSAGE = 'The network is down (simulated in the demo)';

export const NOT_IN_DEMO_MESSAGE =
  'The network switch is only in the demo: a real connection uses the real network.';

export interface DemoNetworkSwitch {
  /** true while the network is simulated down. */
  readonly down: boolean;
  set(down: boolean): void;
  /** The host's online signal as the engine sees it: offline while the switch is on. */
  signal(base: OnlineSignal): OnlineSignal;
  /** The API client's fetch: refuses before sending while the switch is on. */
  fetch(base?: FetchLike): FetchLike;
  /**
   * What an engine session is started with: for the demo, the signal and fetch above; for a real connection,
   * `base` untouched, and the switch is turned off so a later demo does not start with it on unasked.
   */
  forSession(
    demo: boolean,
    base: { online: OnlineSignal; fetch?: FetchLike },
  ): { online: OnlineSignal; fetch?: FetchLike };
}

/** The error a fetch throws when no network is there: undici's shape, a TypeError whose cause has a code. */
function networkDownError(): TypeError {
  const cause = Object.assign(new Error(SIMULATED_DOWN_MESSAGE), { code: 'ENETDOWN' });
  return new TypeError('fetch failed', { cause });
}

export function createDemoNetworkSwitch(): DemoNetworkSwitch {
  let down = false;
  /** Told on every change of the switch; each signal wrapper works out what its own subscribers hear. */
  const changed = new Set<() => void>();

  const self: DemoNetworkSwitch = {
    get down() {
      return down;
    },
    set(value) {
      if (value === down) return;
      down = value;
      for (const notify of [...changed]) notify();
    },
    signal(base) {
      const isOnline = () => !down && base.isOnline();
      return {
        isOnline,
        subscribe(listener) {
          // Subscribers hear changes of the combined value only: the switch turned on while the host is
          // already offline is no news, and neither is the host coming back while the switch is on.
          let last = isOnline();
          const update = () => {
            const now = isOnline();
            if (now === last) return;
            last = now;
            listener(now);
          };
          const unsubscribeBase = base.subscribe(update);
          changed.add(update);
          return () => {
            unsubscribeBase();
            changed.delete(update);
          };
        },
      };
    },
    fetch(base) {
      // Bound late, like the client's own default (../api/options.ts), so a replaced globalThis.fetch counts.
      const send: FetchLike = base ?? ((input, init) => globalThis.fetch(input, init));
      return (input, init) => (down ? Promise.reject(networkDownError()) : send(input, init));
    },
    forSession(demo, base) {
      if (!demo) {
        self.set(false);
        return base;
      }
      return { online: self.signal(base.online), fetch: self.fetch(base.fetch) };
    },
  };
  return self;
}

/**
 * The `demo.network` bridge command: with `down`, sets the switch; without, reads it. `isDemo` reads the
 * saved connection at each call (the renderer is untrusted: a request outside the demo is refused).
 */
export function demoNetworkHandler(
  network: DemoNetworkSwitch,
  isDemo: () => Promise<boolean>,
): (request: BridgeParsedRequest<'demo.network'>) => Promise<BridgeResponse<'demo.network'>> {
  return async ({ down }) => {
    if (!(await isDemo())) throw new BridgeFailure('bad_request', NOT_IN_DEMO_MESSAGE);
    if (down !== undefined) network.set(down);
    return { down: network.down };
  };
}
