/**
 * The one print path for every printout (the receiving report, labels, a supplier's PO): a screen draws its
 * `.print-page` (src/app.css keeps only that on paper) and calls `printDocument`. In the browser host this is
 * the browser's own print dialog; the Electron host's path (a chosen printer, silent where set) plugs in here,
 * so screens never know which host they run in.
 */
export type PrintKind = 'receipt-report' | 'labels' | 'purchase-order';

export interface PrintRequest {
  kind: PrintKind;
  /** The paper the printout is laid out for, e.g. "A4" or a label size id from src/lib/labels/sizes.ts. */
  pageSize?: string;
}

export type PrintResult = { ok: true } | { ok: false; error: string };

/** Prints what the window shows now. Never throws: a failure comes back in a clerk's words. */
export async function printDocument(_request: PrintRequest): Promise<PrintResult> {
  try {
    window.print();
    return { ok: true };
  } catch {
    return {
      ok: false,
      error: 'The page could not be sent to the printer. Check the printer and try again.',
    };
  }
}
