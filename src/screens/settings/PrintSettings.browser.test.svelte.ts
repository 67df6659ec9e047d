/**
 * Settings → Printing in Chromium over a host bridge that answers the print commands as the desktop app's
 * main side would (its choices kept in the fake), and as the browser host does (the browser's dialog is used).
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { DockhandBridge } from '../../bridge/contract';
import type { PrintSettings, PrintStatus } from '../../bridge/printing';
import { mountInPage } from '../../components/testing/mountInPage';
import PrintSettingsSection from './PrintSettings.svelte';

const PRINTERS = [
  { name: 'Brother_QL_820NWB', displayName: 'Brother QL-820NWB', description: 'Label printer' },
  { name: 'HP_LaserJet_M404', displayName: 'HP LaserJet M404', description: '' },
];

function desktopBridge(initial: Partial<PrintSettings> = {}, printers = PRINTERS) {
  let status: PrintStatus = {
    supported: true,
    settings: { documentPrinter: null, labelPrinter: null, silent: false, ...initial },
    printers,
  };
  const saved: PrintSettings[] = [];
  const bridge: DockhandBridge = {
    invoke: (command, payload) => {
      if (command === 'print.setSettings') {
        saved.push(payload as PrintSettings);
        status = { ...status, settings: payload as PrintSettings };
      }
      return Promise.resolve({ ok: true, value: status } as never);
    },
    onEvent: () => () => {},
    serveStore: () => () => {},
  };
  return { bridge, saved };
}

describe('PrintSettings', () => {
  it('keeps a printer for reports, one for labels and "without asking", each change saved at once', async () => {
    const host = desktopBridge();
    mountInPage(PrintSettingsSection, { bridge: host.bridge });
    const reports = page.getByRole('combobox', { name: 'Printer for reports and purchase orders' });
    await expect.element(reports).toHaveValue('');

    await reports.selectOptions('HP LaserJet M404');
    await expect.element(page.getByRole('status')).toHaveTextContent('Saved');
    await page.getByRole('combobox', { name: 'Printer for labels' }).selectOptions('Brother QL-820NWB');
    await expect.poll(() => host.saved.length).toBe(2);
    await page.getByRole('checkbox', { name: 'Print reports and labels without asking' }).click();

    await expect
      .poll(() => host.saved.at(-1))
      .toEqual({
        documentPrinter: 'HP_LaserJet_M404',
        labelPrinter: 'Brother_QL_820NWB',
        silent: true,
      });
    await expect.element(reports).toHaveValue('HP_LaserJet_M404');
  });

  it('shows a chosen printer that is gone as such, and says when the computer has no printer', async () => {
    mountInPage(PrintSettingsSection, { bridge: desktopBridge({ labelPrinter: 'Zebra_GK420d' }, []).bridge });
    await expect
      .element(page.getByRole('note'))
      .toHaveTextContent('No printer is installed on this computer.');
    const labels = page.getByRole('combobox', { name: 'Printer for labels' });
    await expect.element(labels).toHaveValue('Zebra_GK420d');
    await expect
      .element(labels.getByRole('option', { name: 'Zebra_GK420d (not on this computer now)' }))
      .toBeInTheDocument();
  });

  it('in the browser host says the browser’s print dialog chooses the printer, and offers no choice', async () => {
    const reason = 'In the browser, Dockhand prints through the browser’s own print dialog.';
    const bridge: DockhandBridge = {
      invoke: () =>
        Promise.resolve({
          ok: true,
          value: {
            supported: false,
            unsupportedReason: reason,
            settings: { documentPrinter: null, labelPrinter: null, silent: false },
            printers: [],
          },
        } as never),
      onEvent: () => () => {},
      serveStore: () => () => {},
    };
    mountInPage(PrintSettingsSection, { bridge });
    await expect.element(page.getByTestId('print-unsupported')).toHaveTextContent(reason);
    expect(page.getByRole('combobox').elements()).toHaveLength(0);
  });
});
