/**
 * One scanner for the whole app: the wedge detector is installed once on the window, with this PC's
 * settings (again when they change), and each scan goes to the consumer that claimed the scanner most
 * recently. Claims form a stack, so a dialog or a screen can take scans and give them back by releasing.
 *
 * The detector is installed only while someone claims it: it holds every printable key for a few
 * milliseconds, a delay screens that take no scans should not pay.
 */
import type { Scan, ScanRejection } from './scan';
import type { ScannerSettings } from './settings';

export interface ScanHandler {
  onScan: (scan: Scan) => void;
  /** A burst that ended like a scan but could not be trusted (see ScanRejection.reason). */
  onRejected: (rejection: ScanRejection) => void;
}

/** Where the scans of an installed detector go. */
export type ScanRoutes = ScanHandler;

export interface ScannerServiceDeps {
  /** Installs a detector with these settings; returns its uninstall (which replays anything held). */
  install: (settings: ScannerSettings, routes: ScanRoutes) => () => void;
  settings: {
    readonly current: ScannerSettings;
    subscribe: (listener: (settings: ScannerSettings) => void) => () => void;
  };
}

export interface ScannerService {
  /** Routes scans to `handler` until the returned release is called (calling it again does nothing). */
  claim: (handler: ScanHandler) => () => void;
  /** How many claims are held: for tests and diagnostics. */
  readonly claims: number;
}

export function createScannerService(deps: ScannerServiceDeps): ScannerService {
  // Entries, not handlers: the same handler claimed twice is two claims, released one at a time.
  const stack: { handler: ScanHandler }[] = [];
  let uninstall: (() => void) | null = null;
  let unsubscribe: (() => void) | null = null;

  const routes: ScanRoutes = {
    onScan: (scan) => stack.at(-1)?.handler.onScan(scan),
    onRejected: (rejection) => stack.at(-1)?.handler.onRejected(rejection),
  };

  function install(settings: ScannerSettings) {
    uninstall?.();
    uninstall = deps.install(settings, routes);
  }

  function start() {
    install(deps.settings.current);
    unsubscribe = deps.settings.subscribe(install);
  }

  function stop() {
    unsubscribe?.();
    unsubscribe = null;
    uninstall?.();
    uninstall = null;
  }

  return {
    claim(handler) {
      const entry = { handler };
      stack.push(entry);
      if (stack.length === 1) start();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        stack.splice(stack.indexOf(entry), 1);
        if (stack.length === 0) stop();
      };
    },
    get claims() {
      return stack.length;
    },
  };
}
