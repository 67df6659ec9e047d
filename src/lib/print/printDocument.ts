/**
 * The one print path for every printout (the receiving report, labels, a supplier's PO): a screen draws its
 * `.print-page` (src/app.css keeps only that on paper) and calls `printDocument`, so screens never know which
 * host they run in. In the desktop app the main side prints the window through Electron (`print.run`,
 * electron/core/print): to the printer Settings → Printing names for the kind, without the dialog where
 * "print without asking" is on. In the browser host it is the browser's own print dialog.
 */
import type { DockhandBridge } from '../../bridge/contract';
import type { PrintKind } from '../../bridge/printing';
import { printJobOf } from './printJob';

export type { PrintKind } from '../../bridge/printing';

export interface PrintRequest {
  kind: PrintKind;
  /** The paper the printout is laid out for, e.g. "A4" (the default) or a label size id from src/lib/labels/sizes.ts. */
  pageSize?: string;
}

export type PrintResult =
  | {
      ok: true;
      /** The clerk closed the print dialog: nothing was printed, and nothing is wrong. */
      cancelled?: true;
      /** Printed without asking: where it went, in words ("Sent to Brother QL-820NWB."), to show. */
      sent?: string;
    }
  | { ok: false; error: string };

/** Where a printout goes: the desktop app's bridge (the preload's), else the browser's print. */
export interface PrintHost {
  desktop: DockhandBridge | null;
  browserPrint(): void;
}

const BROWSER_FAILED = 'The page could not be sent to the printer. Check the printer and try again.';

/** Prints what the window shows now. Never throws: a failure comes back in a clerk's words. */
export async function printWith(host: PrintHost, request: PrintRequest): Promise<PrintResult> {
  if (!host.desktop) {
    try {
      host.browserPrint();
      return { ok: true };
    } catch {
      return { ok: false, error: BROWSER_FAILED };
    }
  }
  // A bridge that throws (it should answer failures as data) is a failure like any other.
  const result = await host.desktop
    .invoke('print.run', printJobOf(request.kind, request.pageSize))
    .catch(() => null);
  if (!result) return { ok: false, error: BROWSER_FAILED };
  if (!result.ok) return { ok: false, error: result.error.message };
  const answer = result.value;
  if (answer.outcome === 'cancelled') return { ok: true, cancelled: true };
  if (answer.asked) return { ok: true };
  return { ok: true, sent: `Sent to ${answer.printer ?? 'this computer’s default printer'}.` };
}

/** The members of `window` printing reads; typed here, so the path is tested in Node without DOM types. */
interface PrintWindow {
  dockhand?: DockhandBridge;
  print(): void;
}

/**
 * The window's host: only the Electron preload puts a bridge on `window.dockhand` (src/lib/bridge/select.ts);
 * the browser host's bridge is a WebSocket and prints nothing itself.
 */
function windowHost(): PrintHost {
  const view = (globalThis as { window?: PrintWindow }).window;
  return {
    desktop: view?.dockhand ?? null,
    browserPrint: () => view?.print(),
  };
}

export function printDocument(request: PrintRequest): Promise<PrintResult> {
  return printWith(windowHost(), request);
}
