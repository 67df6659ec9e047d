/**
 * Printing in the desktop app without Electron: a fake window records what `webContents.print` was asked
 * (printer, silent, page size in microns, margins) and answers as Chromium would (printed, cancelled, failed).
 * The settings file is real (a temp dir). Through the main bridge, the commands are validated both ways.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PrintJob, PrintSettings } from '../../../src/bridge/printing';
import { bridgeHarness } from '../bridge/testing/harness';
import { recordingLogger } from '../bridge/testing/links';
import { createRendererLink } from '../bridge/rendererLink';
import {
  BROWSER_PRINT_REASON,
  createPrintService,
  NO_WINDOW_PRINTER,
  type PrintService,
} from './printService';
import { memoryPrintSettings, printSettingsFile } from './settingsFile';
import type { PrinterInfoLike, PrintOptions, PrintTarget } from './target';

const LABEL = { name: 'Brother_QL_820NWB', displayName: 'Brother QL-820NWB', description: 'Label printer' };
const OFFICE = { name: 'HP_LaserJet_M404', displayName: 'HP LaserJet M404', description: '' };

/** A window that prints: each job is recorded; `answer` says what Chromium's callback reports. */
function fakeWindow(printers: PrinterInfoLike[] = [LABEL, OFFICE]) {
  const jobs: PrintOptions[] = [];
  let reply: [boolean, string] = [true, ''];
  let held: (() => void) | undefined;
  const window: PrintTarget & {
    jobs: PrintOptions[];
    answer(success: boolean, reason: string): void;
    /** The next job waits for release() before it answers (a print dialog left open). */
    hold(): void;
    release(): void;
    printers: PrinterInfoLike[];
  } = {
    jobs,
    printers,
    answer: (success, reason) => void (reply = [success, reason]),
    hold: () => void (held = () => {}),
    release: () => {
      const answering = held;
      held = undefined;
      answering?.();
    },
    print(options, callback) {
      jobs.push(options);
      const [success, reason] = reply;
      if (held) held = () => callback(success, reason);
      else callback(success, reason);
    },
    getPrintersAsync: () => Promise.resolve(window.printers),
  };
  return window;
}

const SET: PrintSettings = { documentPrinter: OFFICE.name, labelPrinter: LABEL.name, silent: true };
const REPORT: PrintJob = { kind: 'receipt-report', paper: 'A4', margins: 'default' };
const LABELS: PrintJob = { kind: 'labels', paper: { widthMm: 50, heightMm: 25 }, margins: 'none' };
const ORDER: PrintJob = { kind: 'purchase-order', paper: 'A4', margins: 'default' };

function service(settings: Partial<PrintSettings> = SET): PrintService {
  return createPrintService({ settings: memoryPrintSettings(settings), logger: recordingLogger() });
}

describe('print service', () => {
  it('sends each kind to its printer: labels silently on a 50 × 25 mm page without margins, reports silently on A4, orders with the dialog', async () => {
    const window = fakeWindow();
    const printing = service();
    expect(await printing.print(window, LABELS)).toEqual({
      outcome: 'printed',
      printer: LABEL.name,
      asked: false,
    });
    expect(await printing.print(window, REPORT)).toEqual({
      outcome: 'printed',
      printer: OFFICE.name,
      asked: false,
    });
    expect(await printing.print(window, ORDER)).toEqual({
      outcome: 'printed',
      printer: OFFICE.name,
      asked: true,
    });
    expect(window.jobs).toEqual([
      {
        silent: true,
        printBackground: true,
        deviceName: LABEL.name,
        pageSize: { width: 50_000, height: 25_000 },
        margins: { marginType: 'none' },
      },
      {
        silent: true,
        printBackground: true,
        deviceName: OFFICE.name,
        pageSize: 'A4',
        margins: { marginType: 'default' },
      },
      {
        silent: false,
        printBackground: true,
        deviceName: OFFICE.name,
        pageSize: 'A4',
        margins: { marginType: 'default' },
      },
    ]);
  });

  it('with no printer chosen and "print without asking" off, asks with the dialog and names no printer', async () => {
    const window = fakeWindow();
    expect(await service({}).print(window, REPORT)).toEqual({
      outcome: 'printed',
      printer: null,
      asked: true,
    });
    expect(window.jobs[0]).not.toHaveProperty('deviceName');
    expect(window.jobs[0]?.silent).toBe(false);
  });

  it('refuses, in words, a printer that is no longer on this computer, and sends nothing', async () => {
    const window = fakeWindow([OFFICE]);
    await expect(service().print(window, LABELS)).rejects.toThrow(
      `Nothing was printed: the printer “${LABEL.name}” chosen in Settings → Printing is not on this computer now.`,
    );
    expect(window.jobs).toEqual([]);
  });

  it('a closed dialog is "cancelled"; a failure reads as what to check, naming the printer', async () => {
    const window = fakeWindow();
    const printing = service({ ...SET, silent: false });
    window.answer(false, 'Print job canceled');
    expect(await printing.print(window, REPORT)).toEqual({ outcome: 'cancelled' });
    window.answer(false, 'Invalid printer settings');
    await expect(printing.print(window, LABELS)).rejects.toThrow(
      `Nothing was printed: the printer “${LABEL.name}” did not accept the page: check it is switched on, has paper or labels loaded`,
    );
    const throwing: PrintTarget = {
      print: () => {
        throw new Error('width_microns too small');
      },
      getPrintersAsync: () => Promise.resolve([LABEL, OFFICE]),
    };
    await expect(printing.print(throwing, REPORT)).rejects.toThrow('(width_microns too small)');
  });

  it('refuses a second print of the same window while the first is under way, then prints again', async () => {
    const window = fakeWindow();
    const printing = service();
    window.hold();
    const first = printing.print(window, REPORT);
    await expect.poll(() => window.jobs.length).toBe(1);
    await expect(printing.print(window, REPORT)).rejects.toThrow('still on its way to the printer');
    window.release();
    expect(await first).toMatchObject({ outcome: 'printed' });
    expect(await printing.print(window, LABELS)).toMatchObject({ outcome: 'printed' });
    expect(window.jobs).toHaveLength(2);
  });

  it('lists the printers by the name people know them by; a failed listing is said, with the settings still shown', async () => {
    const window = fakeWindow([OFFICE, { name: '', displayName: 'nameless' }, LABEL]);
    const printing = service();
    const status = await printing.status(window);
    expect(status).toEqual({ supported: true, settings: SET, printers: [LABEL, OFFICE] });
    const broken: PrintTarget = { ...window, getPrintersAsync: () => Promise.reject(new Error('cups down')) };
    expect(await printing.status(broken)).toEqual({
      supported: true,
      settings: SET,
      printers: [],
      printersError: 'This computer did not say which printers it has: try again in a moment.',
    });
  });

  it('keeps the choices in print.json: saved, read by the next run, and a damaged file reads as the defaults', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dockhand-print-')), 'print.json');
    const logger = recordingLogger();
    const first = createPrintService({ settings: printSettingsFile(file), logger });
    expect((await first.status(fakeWindow())).settings).toEqual({
      documentPrinter: null,
      labelPrinter: null,
      silent: false,
    });
    expect((await first.setSettings(fakeWindow(), SET)).settings).toEqual(SET);
    const next = createPrintService({ settings: printSettingsFile(file), logger });
    expect((await next.status(fakeWindow())).settings).toEqual(SET);
    writeFileSync(file, '{"silent": "yes"');
    expect((await next.status(fakeWindow())).settings.silent).toBe(false);
  });

  it('without a window to print (a link with none) says so', async () => {
    await expect(service().print(undefined, REPORT)).rejects.toThrow(NO_WINDOW_PRINTER);
  });
});

describe('print commands through the main bridge', () => {
  function windowLink(window: PrintTarget | undefined) {
    return createRendererLink({
      label: 'window 1',
      sendEvent: () => {},
      sendStoreRequest: () => {},
      ...(window ? { printTarget: window } : {}),
    }).link;
  }

  it('in the browser host (no print service) every command says the browser’s dialog is used', async () => {
    const h = bridgeHarness();
    const link = windowLink(undefined);
    expect(await h.bridge.handle(link, { command: 'print.status', payload: {} })).toEqual({
      ok: true,
      value: {
        supported: false,
        unsupportedReason: BROWSER_PRINT_REASON,
        settings: { documentPrinter: null, labelPrinter: null, silent: false },
        printers: [],
      },
    });
    expect(await h.bridge.handle(link, { command: 'print.run', payload: REPORT })).toEqual({
      ok: false,
      error: { code: 'failed', message: BROWSER_PRINT_REASON },
    });
    await h.bridge.close();
  });

  it('validates what the renderer asks before anything prints, and prints the sender’s window', async () => {
    const window = fakeWindow();
    const h = bridgeHarness({ overrides: { printing: service() } });
    const link = windowLink(window);
    const refused = [
      { kind: 'receipt', paper: 'A4', margins: 'default' },
      { kind: 'labels', paper: { widthMm: 0.1, heightMm: 25 }, margins: 'none' },
      { ...REPORT, deviceName: 'Evil' },
    ];
    for (const payload of refused) {
      expect(await h.bridge.handle(link, { command: 'print.run', payload })).toMatchObject({
        ok: false,
        error: { code: 'bad_request' },
      });
    }
    expect(
      await h.bridge.handle(link, {
        command: 'print.setSettings',
        payload: { ...SET, labelPrinter: 'x'.repeat(301) },
      }),
    ).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(window.jobs).toEqual([]);

    expect(await h.bridge.handle(link, { command: 'print.run', payload: LABELS })).toEqual({
      ok: true,
      value: { outcome: 'printed', printer: LABEL.name, asked: false },
    });
    expect(window.jobs).toHaveLength(1);
    await h.bridge.close();
  });
});
