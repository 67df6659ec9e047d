/**
 * The one print path, host by host: in the browser host the browser's own print; in the desktop app a
 * `print.run` with the printout's paper (a label size in millimetres without margins, a document on A4), and
 * the main side's answer in a clerk's words. The bridge is a fake recording what it was asked.
 */
import { describe, expect, it } from 'vitest';
import type { BridgeResult, DockhandBridge } from '../../bridge/contract';
import type { PrintAnswer, PrintJob } from '../../bridge/printing';
import { printWith, type PrintHost } from './printDocument';
import { printJobOf } from './printJob';

function desktop(answer: BridgeResult<PrintAnswer> | Error) {
  const asked: [string, unknown][] = [];
  const bridge: DockhandBridge = {
    invoke: (command, payload) => {
      asked.push([command, payload]);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as never);
    },
    onEvent: () => () => {},
    serveStore: () => () => {},
  };
  let browserPrints = 0;
  const host: PrintHost = { desktop: bridge, browserPrint: () => void browserPrints++ };
  return { host, asked, browserPrints: () => browserPrints };
}

describe('printJobOf', () => {
  it('lays out documents on A4 with the printer’s margins, roll labels at their size and sheets on A4 without margins', () => {
    expect(printJobOf('purchase-order')).toEqual({ kind: 'purchase-order', paper: 'A4', margins: 'default' });
    expect(printJobOf('receipt-report', 'Letter')).toMatchObject({ paper: 'Letter', margins: 'default' });
    expect(printJobOf('labels', 'roll-100x50')).toEqual({
      kind: 'labels',
      paper: { widthMm: 100, heightMm: 50 },
      margins: 'none',
    });
    expect(printJobOf('labels', 'a4-3x7')).toEqual({ kind: 'labels', paper: 'A4', margins: 'none' });
    // A size no longer listed prints as a document rather than on a guessed label.
    expect(printJobOf('labels', 'roll-9x9')).toEqual({ kind: 'labels', paper: 'A4', margins: 'default' });
  });
});

describe('printWith', () => {
  it('in the browser host opens the browser’s print, and says so in words if it throws', async () => {
    let prints = 0;
    expect(await printWith({ desktop: null, browserPrint: () => void prints++ }, { kind: 'labels' })).toEqual(
      {
        ok: true,
      },
    );
    expect(prints).toBe(1);
    const broken: PrintHost = {
      desktop: null,
      browserPrint: () => {
        throw new Error('blocked');
      },
    };
    expect(await printWith(broken, { kind: 'labels' })).toEqual({
      ok: false,
      error: 'The page could not be sent to the printer. Check the printer and try again.',
    });
  });

  it('in the desktop app asks the main side to print, with the label size, and never the browser', async () => {
    const d = desktop({ ok: true, value: { outcome: 'printed', printer: 'Brother_QL', asked: false } });
    expect(await printWith(d.host, { kind: 'labels', pageSize: 'roll-50x25' })).toEqual({
      ok: true,
      sent: 'Sent to Brother_QL.',
    });
    const job: PrintJob = { kind: 'labels', paper: { widthMm: 50, heightMm: 25 }, margins: 'none' };
    expect(d.asked).toEqual([['print.run', job]]);
    expect(d.browserPrints()).toBe(0);
  });

  it('a dialog answered or closed says nothing; a refusal is the main side’s words; a dead bridge is a failure', async () => {
    const asked = desktop({ ok: true, value: { outcome: 'printed', printer: null, asked: true } });
    expect(await printWith(asked.host, { kind: 'purchase-order' })).toEqual({ ok: true });
    const closed = desktop({ ok: true, value: { outcome: 'cancelled' } });
    expect(await printWith(closed.host, { kind: 'purchase-order' })).toEqual({ ok: true, cancelled: true });
    const refused = desktop({ ok: false, error: { code: 'failed', message: 'Nothing was printed: …' } });
    expect(await printWith(refused.host, { kind: 'receipt-report' })).toEqual({
      ok: false,
      error: 'Nothing was printed: …',
    });
    const dead = desktop(new Error('IPC gone'));
    expect(await printWith(dead.host, { kind: 'receipt-report' })).toMatchObject({ ok: false });
  });
});
