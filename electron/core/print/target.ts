/**
 * What printing needs of a window: the members of Electron's WebContents it uses, so the print logic runs in
 * Node tests with a fake. Electron main hands each bridge sender's WebContents over as one (the IPC bridge
 * gives it to the sender's RendererLink); the browser host's links have none.
 */

/** Electron's PrinterInfo as far as it is read. */
export interface PrinterInfoLike {
  name: string;
  displayName?: string;
  description?: string;
}

/** Electron's WebContentsPrintOptions as far as they are set. */
export interface PrintOptions {
  silent: boolean;
  printBackground: boolean;
  deviceName?: string;
  pageSize: 'A4' | 'A5' | 'Letter' | 'Legal' | { width: number; height: number };
  margins: { marginType: 'default' | 'none' };
}

export interface PrintTarget {
  print(options: PrintOptions, callback: (success: boolean, failureReason: string) => void): void;
  getPrintersAsync(): Promise<PrinterInfoLike[]>;
}

/** A WebContents (or anything else) that can print: checked at run time, the IPC sender's type is narrower. */
export function isPrintTarget(value: unknown): value is PrintTarget {
  const candidate = value as Partial<PrintTarget> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.print === 'function' &&
    typeof candidate.getPrintersAsync === 'function'
  );
}
