/**
 * One scanner for the whole app: the wedge detector is installed once on the window, with this PC's
 * settings (again when they change), and each scan goes to the consumer that claimed the scanner most
 * recently. Claims form a stack, so a dialog or a screen can take scans and give them back by releasing;
 * scans no claim takes go to the one fallback, if one is set.
 *
 * The detector is installed only while someone claims it: it holds every printable key for a few
 * milliseconds, a delay screens that take no scans should not pay.
 */
import { startsWithTyping } from '../../db/receiving/typedQuantity';
import { readScannedCode } from '../../db/receiving/gs1';
import { passesCheckDigit } from '../../db/receiving/gtin';
import { scanRejection, type Scan, type ScanRejection } from './scan';
import type { ScannerSettings } from './settings';

export interface ScanHandler {
  onScan: (scan: Scan) => void;
  /** A burst that ended like a scan but could not be trusted (see ScanRejection.reason). */
  onRejected: (rejection: ScanRejection) => void;
  /**
   * Takes codes that are not product barcodes (a docket's number), so all-digit codes of GTIN length
   * are not judged by their check digit, nor a code starting like a typed quantity ("2C45901") refused as
   * typing run into a scan. Product scans leave it unset.
   */
  anyCode?: boolean;
}

/** Where the scans of an installed detector go. */
export type ScanRoutes = Pick<ScanHandler, 'onScan' | 'onRejected'>;

export interface ScannerServiceDeps {
  /** Installs a detector with these settings; returns its uninstall (which replays anything held). */
  install: (settings: ScannerSettings, routes: ScanRoutes) => () => void;
  settings: {
    readonly current: ScannerSettings;
    subscribe: (listener: (settings: ScannerSettings) => void) => () => void;
  };
}

export interface ScannerService {
  /**
   * Scans no claim takes go to `handler` (the app's "a scan opens the product"), until the returned release
   * is called. Claims always come first, whenever they were made; the detector is installed while either
   * is held.
   */
  fallback: (handler: ScanHandler) => () => void;
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

  let fallback: ScanHandler | null = null;
  const current = () => stack.at(-1)?.handler ?? fallback;
  const routes: ScanRoutes = {
    onScan: (scan) => {
      const handler = current();
      if (!handler) return;
      // Keys typed just before a product scan that ran into it ("-5", "12x"): never glued onto its code.
      // Judged here, per claim, not in the wedge: a docket's number (anyCode) may well start like that.
      if (!handler.anyCode && startsWithTyping(scan.code)) {
        handler.onRejected(scanRejection('typed-before', scan.code, false));
        return;
      }
      // A symbology identifier comes off; a GS1 label is handed on in its printed form, "(01)…(30)24"
      // (src/db/receiving/gs1.ts), which the screens read back and a clerk could type.
      const read = readScannedCode(scan.code);
      if (handler.anyCode)
        handler.onScan({ ...scan, code: read.kind === 'gs1' ? read.elements.text : read.code });
      else if (read.kind === 'refused') handler.onRejected(scanRejection(read.reason, scan.code, false));
      else if (read.kind === 'gs1') handler.onScan({ ...scan, code: read.elements.text });
      // A barcode that lost, gained or garbled a digit fails its check digit: refused, never looked up.
      else if (!passesCheckDigit(read.code))
        handler.onRejected(scanRejection('check-digit', scan.code, false));
      else handler.onScan({ ...scan, code: read.code });
    },
    onRejected: (rejection) => current()?.onRejected(rejection),
  };
  const held = () => stack.length > 0 || fallback !== null;

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
      const wasHeld = held();
      stack.push(entry);
      if (!wasHeld) start();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        stack.splice(stack.indexOf(entry), 1);
        if (!held()) stop();
      };
    },
    fallback(handler) {
      const wasHeld = held();
      fallback = handler;
      if (!wasHeld) start();
      return () => {
        if (fallback !== handler) return;
        fallback = null;
        if (!held()) stop();
      };
    },
    get claims() {
      return stack.length;
    },
  };
}
