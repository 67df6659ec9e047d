/**
 * The sync engine's OnlineSignal (electron/core/sync/types.ts) from Electron's `net.isOnline()`. Electron has
 * no online/offline event in the main process, so the value is re-read every second and at once when
 * the machine wakes or is unlocked (the moments a laptop on the receiving dock most often changes network).
 * Subscribers hear only changes. The Electron objects are passed in, so tests drive it with fakes.
 */
import type { OnlineSignal } from '../sync/types';

/** The member of Electron's `net` this signal reads. */
export interface NetLike {
  isOnline(): boolean;
}

type WakeEvent = 'resume' | 'unlock-screen';

/** The members of Electron's `powerMonitor` this signal listens with. */
export interface PowerMonitorLike {
  on(event: WakeEvent, listener: () => void): unknown;
  removeListener(event: WakeEvent, listener: () => void): unknown;
}

export interface ElectronOnlineSignalOptions {
  /**
   * How often `net.isOnline()` is re-read (default 1 s: a cheap read, and "back online means now" allows the
   * first request 2 s after the network returns, electron/core/sync/connectivity.ts).
   */
  pollMs?: number;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  /** A subscriber threw: reported here so one bad listener neither stops the others nor the poll. */
  onListenerError?: (error: unknown) => void;
}

export interface ElectronOnlineSignal extends OnlineSignal {
  /** Re-reads `net.isOnline()` now and notifies subscribers if it changed. */
  check(): void;
  /** Stops the poll and the power listeners; subscribers hear nothing more. */
  dispose(): void;
}

const WAKE_EVENTS: readonly WakeEvent[] = ['resume', 'unlock-screen'];

export function electronOnlineSignal(
  electron: { net: NetLike; powerMonitor: PowerMonitorLike },
  options: ElectronOnlineSignalOptions = {},
): ElectronOnlineSignal {
  const { net, powerMonitor } = electron;
  const startInterval = options.setInterval ?? ((callback, ms) => globalThis.setInterval(callback, ms));
  const stopInterval =
    options.clearInterval ?? ((handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>));
  const onListenerError = options.onListenerError ?? ((error) => console.error(error));
  const listeners = new Set<(online: boolean) => void>();
  let last = net.isOnline();
  let disposed = false;

  const check = () => {
    if (disposed) return;
    const online = net.isOnline();
    if (online === last) return;
    last = online;
    // A copy: a listener may unsubscribe (or subscribe another) while we notify.
    for (const listener of [...listeners]) {
      try {
        listener(online);
      } catch (error) {
        onListenerError(error);
      }
    }
  };

  const timer = startInterval(check, options.pollMs ?? 1_000);
  for (const event of WAKE_EVENTS) powerMonitor.on(event, check);

  return {
    // Read live: the engine asks at the moment it decides, and a stale cached value would only delay it.
    isOnline: () => (disposed ? last : net.isOnline()),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    check,
    dispose() {
      if (disposed) return;
      disposed = true;
      stopInterval(timer);
      for (const event of WAKE_EVENTS) powerMonitor.removeListener(event, check);
      listeners.clear();
    },
  };
}
