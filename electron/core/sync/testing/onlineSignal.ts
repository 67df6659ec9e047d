/** A test stand-in for the OS online signal (Electron's `net`/`powerMonitor`) that a test can flip. */
import type { OnlineSignal } from '../types';

export function switchableSignal(initial: boolean): OnlineSignal & { set(online: boolean): void } {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      online = value;
      for (const listener of listeners) listener(value);
    },
  };
}
