/**
 * Printing in the desktop app (issue #28 part 2): Settings → Printing's choices (./settingsFile.ts), the
 * printers of this computer, and one print job of the sender's window through Electron's
 * `webContents.print`, to the printer set for its kind, without the dialog where "print without asking" is
 * on. Electron is not imported: the window comes in as a PrintTarget (./target.ts), so this is tested in Node.
 *
 * Every failure is a BridgeFailure in a clerk's words (which printer, what to do), never Chromium's reason
 * alone ("Invalid printer settings" tells a clerk nothing).
 */
import { BridgeFailure } from '../../../src/bridge/contract';
import {
  PRINTER_NAME_MAX,
  PRINTERS_MAX,
  type PrintAnswer,
  type Printer,
  type PrintJob,
  type PrintSettings,
  type PrintStatus,
} from '../../../src/bridge/printing';
import type { AppLogger } from '../bridge/logger';
import type { PrintSettingsStore } from './settingsFile';
import type { PrinterInfoLike, PrintOptions, PrintTarget } from './target';

export interface PrintService {
  status(target: PrintTarget | undefined): Promise<PrintStatus>;
  setSettings(target: PrintTarget | undefined, settings: PrintSettings): Promise<PrintStatus>;
  print(target: PrintTarget | undefined, job: PrintJob): Promise<PrintAnswer>;
}

export const NO_WINDOW_PRINTER =
  'This window cannot print: close it and print from the main Dockhand window.';
const BUSY = 'A printout from this window is still on its way to the printer: wait for it, then print again.';

/** The printer Settings names for this kind of printout (null: the computer's default). */
export function printerFor(kind: PrintJob['kind'], settings: PrintSettings): string | null {
  return kind === 'labels' ? settings.labelPrinter : settings.documentPrinter;
}

/** Silent only where set, and never for a purchase order: the buyer may want it as a PDF. */
export function printsSilently(kind: PrintJob['kind'], settings: PrintSettings): boolean {
  return settings.silent && kind !== 'purchase-order';
}

/** Electron wants a custom page in microns. */
export function electronPageSize(paper: PrintJob['paper']): PrintOptions['pageSize'] {
  if (typeof paper === 'string') return paper;
  return { width: Math.round(paper.widthMm * 1000), height: Math.round(paper.heightMm * 1000) };
}

const clip = (text: string | undefined, max: number) => (text ?? '').slice(0, max);

/** The OS's printers as the contract carries them: named, bounded, in the order a person looks for one. */
export function printerList(infos: readonly PrinterInfoLike[]): Printer[] {
  return infos
    .filter((info) => typeof info.name === 'string' && info.name.length > 0)
    .filter((info) => info.name.length <= PRINTER_NAME_MAX)
    .map((info) => ({
      name: info.name,
      displayName: clip(info.displayName || info.name, PRINTER_NAME_MAX),
      description: clip(info.description, 1000),
    }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName))
    .slice(0, PRINTERS_MAX);
}

/** Chromium's failure reason as a sentence for the clerk. */
export function printFailureText(reason: string, printer: string | null): string {
  const where = printer ? `the printer “${printer}”` : 'the printer';
  const why = /invalid printer settings/i.test(reason)
    ? `${where} did not accept the page: check it is switched on, has paper or labels loaded, and that its driver is installed`
    : `${where} could not print it (${reason || 'no reason given'}): check it is switched on and has paper or labels loaded`;
  return `Nothing was printed: ${why}. Then print again.`;
}

export function createPrintService(options: {
  settings: PrintSettingsStore;
  logger: AppLogger;
}): PrintService {
  const { settings: store, logger } = options;
  /** Windows with a print job under way: a second click must not send the page twice. */
  const busy = new WeakSet<PrintTarget>();

  const need = (target: PrintTarget | undefined): PrintTarget => {
    if (!target) throw new BridgeFailure('failed', NO_WINDOW_PRINTER);
    return target;
  };

  async function status(target: PrintTarget | undefined): Promise<PrintStatus> {
    const window = need(target);
    const settings = await store.load();
    try {
      return { supported: true, settings, printers: printerList(await window.getPrintersAsync()) };
    } catch (error) {
      logger.warn('printers could not be listed', { error: String(error) });
      return {
        supported: true,
        settings,
        printers: [],
        printersError: 'This computer did not say which printers it has: try again in a moment.',
      };
    }
  }

  /** The chosen printer is still installed (a printer renamed or removed since it was chosen is not). */
  async function checkInstalled(window: PrintTarget, printer: string): Promise<void> {
    let installed: PrinterInfoLike[];
    try {
      installed = await window.getPrintersAsync();
    } catch {
      return; // Unknown: let the print itself say.
    }
    if (!installed.some((info) => info.name === printer)) {
      throw new BridgeFailure(
        'failed',
        `Nothing was printed: the printer “${printer}” chosen in Settings → Printing is not on this computer now. ` +
          'Check it is switched on and connected, or choose another printer there.',
      );
    }
  }

  function send(window: PrintTarget, print: PrintOptions): Promise<{ success: boolean; reason: string }> {
    return new Promise((resolve) => {
      try {
        window.print(print, (success, reason) => resolve({ success, reason }));
      } catch (error) {
        resolve({ success: false, reason: error instanceof Error ? error.message : String(error) });
      }
    });
  }

  return {
    status,

    async setSettings(target, settings) {
      await store.save(settings);
      logger.info('print settings saved', { ...settings });
      return status(target);
    },

    async print(target, job) {
      const window = need(target);
      if (busy.has(window)) throw new BridgeFailure('failed', BUSY);
      busy.add(window);
      try {
        const settings = await store.load();
        const printer = printerFor(job.kind, settings);
        const silent = printsSilently(job.kind, settings);
        if (printer) await checkInstalled(window, printer);
        const result = await send(window, {
          silent,
          printBackground: true,
          ...(printer ? { deviceName: printer } : {}),
          pageSize: electronPageSize(job.paper),
          margins: { marginType: job.margins },
        });
        if (result.success) {
          logger.info('printed', { kind: job.kind, printer, silent });
          return { outcome: 'printed', printer, asked: !silent };
        }
        if (/cancel/i.test(result.reason)) return { outcome: 'cancelled' };
        logger.warn('print failed', { kind: job.kind, printer, reason: result.reason });
        throw new BridgeFailure('failed', printFailureText(result.reason, printer));
      } finally {
        busy.delete(window);
      }
    },
  };
}

export const BROWSER_PRINT_REASON =
  'In the browser, Dockhand prints through the browser’s own print dialog: choose the printer there (or “Save as PDF”). ' +
  'The desktop app remembers a printer for reports and one for labels.';

/** The browser host's: no printer of its own, every command says so. */
export function unsupportedPrinting(reason = BROWSER_PRINT_REASON): PrintService {
  const status: PrintStatus = {
    supported: false,
    unsupportedReason: reason,
    settings: { documentPrinter: null, labelPrinter: null, silent: false },
    printers: [],
  };
  return {
    status: () => Promise.resolve(status),
    setSettings: () => Promise.reject(new BridgeFailure('failed', reason)),
    print: () => Promise.reject(new BridgeFailure('failed', reason)),
  };
}
