import { describe, expect, it } from 'vitest';
import type { Scan, ScanRejection } from './scan';
import { createScannerService, type ScanHandler, type ScanRoutes } from './scannerService';
import { DEFAULT_SCANNER_SETTINGS, type ScannerSettings } from './settings';

/** A service over a fake detector: `installed` is what is on the window now, `scan` fires through it. */
function harness() {
  const installs: { settings: ScannerSettings; routes: ScanRoutes; removed: boolean }[] = [];
  let listeners: ((settings: ScannerSettings) => void)[] = [];
  const settings = {
    current: DEFAULT_SCANNER_SETTINGS,
    subscribe(listener: (settings: ScannerSettings) => void) {
      listeners.push(listener);
      return () => {
        listeners = listeners.filter((l) => l !== listener);
      };
    },
  };
  const service = createScannerService({
    settings,
    install: (current, routes) => {
      const record = { settings: current, routes, removed: false };
      installs.push(record);
      return () => {
        record.removed = true;
      };
    },
  });
  const installed = () => installs.filter((record) => !record.removed);
  return {
    service,
    installs,
    installed,
    changeSettings(next: ScannerSettings) {
      settings.current = next;
      for (const listener of listeners) listener(next);
    },
    listeners: () => listeners.length,
    scan(code: string) {
      installed()[0]!.routes.onScan({ code, durationMs: 40, longestGapMs: 4 });
    },
    reject(reason: string) {
      installed()[0]!.routes.onRejected({ kind: 'interrupted', reason, text: '', leftBehind: false });
    },
  };
}

function recorder() {
  const scans: string[] = [];
  const rejections: string[] = [];
  const handler: ScanHandler = {
    onScan: (scan: Scan) => scans.push(scan.code),
    onRejected: (rejection: ScanRejection) => rejections.push(rejection.reason),
  };
  return { handler, scans, rejections };
}

describe('createScannerService', () => {
  it('installs nothing until the scanner is claimed, then exactly one detector', () => {
    const h = harness();
    expect(h.installs).toEqual([]);
    const a = recorder();
    const b = recorder();
    h.service.claim(a.handler);
    h.service.claim(b.handler);
    expect(h.installed()).toHaveLength(1);
    expect(h.installs).toHaveLength(1);
  });

  it('routes scans and rejections to the latest claim, and back to the earlier one on release', () => {
    const h = harness();
    const screen = recorder();
    const dialog = recorder();
    h.service.claim(screen.handler);
    const releaseDialog = h.service.claim(dialog.handler);
    h.scan('111111');
    h.reject('busy');
    releaseDialog();
    h.scan('222222');
    expect(dialog.scans).toEqual(['111111']);
    expect(dialog.rejections).toEqual(['busy']);
    expect(screen.scans).toEqual(['222222']);
  });

  /** `codes` scanned into one claim (a docket's takes any code): what it was handed and what it was told. */
  function scanned(codes: string[], anyCode = false) {
    const h = harness();
    const screen = recorder();
    h.service.claim({ ...screen.handler, anyCode });
    for (const code of codes) h.scan(code);
    return screen;
  }
  const CHECK_DIGIT = 'That barcode did not read correctly (its check digit does not match) — scan again.';

  it('refuses a barcode whose check digit is wrong, unless the claim takes any code', () => {
    const screen = scanned(['9300000000019', '9300000000011', 'BOLT-12345']);
    expect(screen.scans).toEqual(['9300000000019', 'BOLT-12345']);
    expect(screen.rejections).toEqual([CHECK_DIGIT]);
    expect(scanned(['12345678'], true).scans).toEqual(['12345678']);
  });

  it('hands a GS1 label on in its printed form, without symbology identifier; refuses one that does not read', () => {
    const label = ']C10119312345678904\u001d3024';
    const screen = scanned([label, ']E09312345678907', ']d20119312345678905\u001d3024', ']d2011931234']);
    expect(screen.scans).toEqual(['(01)19312345678904(30)24', '9312345678907']);
    expect(screen.rejections).toEqual([
      CHECK_DIGIT,
      'That carton label did not read correctly — scan it again, or scan the barcode of one unit.',
    ]);
    expect(scanned([label, ']C0INV-1'], true).scans).toEqual(['(01)19312345678904(30)24', 'INV-1']);
  });

  it('never glues keys typed straight into a product scan ("-5", "12x") onto its code; a docket number may start so', () => {
    const h = harness();
    const refused: [string, string][] = [];
    const scans: string[] = [];
    const release = h.service.claim({
      onScan: (scan) => scans.push(scan.code),
      onRejected: (rejection) => refused.push([rejection.kind, rejection.text]),
    });
    for (const typed of ['-5', '12x']) h.scan(`${typed}9300000000019`);
    expect(scans).toEqual([]);
    expect(refused).toEqual([
      ['typed-before', '-59300000000019'],
      ['typed-before', '12x9300000000019'],
    ]);
    release();
    const docket = recorder();
    h.service.claim({ ...docket.handler, anyCode: true });
    h.scan('2C45901');
    expect(docket.scans).toEqual(['2C45901']);
    expect(docket.rejections).toEqual([]);
  });

  it('keeps the order of the others when a claim below the top is released', () => {
    const h = harness();
    const first = recorder();
    const second = recorder();
    const third = recorder();
    h.service.claim(first.handler);
    const releaseSecond = h.service.claim(second.handler);
    const releaseThird = h.service.claim(third.handler);
    releaseSecond();
    h.scan('111111');
    releaseThird();
    h.scan('222222');
    expect(third.scans).toEqual(['111111']);
    expect(first.scans).toEqual(['222222']);
    expect(second.scans).toEqual([]);
  });

  it('treats the same handler claimed twice as two claims, and a second release as nothing', () => {
    const h = harness();
    const a = recorder();
    const releaseOne = h.service.claim(a.handler);
    const releaseTwo = h.service.claim(a.handler);
    releaseOne();
    releaseOne();
    expect(h.service.claims).toBe(1);
    expect(h.installed()).toHaveLength(1);
    releaseTwo();
    expect(h.service.claims).toBe(0);
  });

  it('removes the detector and stops following the settings when the last claim is released', () => {
    const h = harness();
    const release = h.service.claim(recorder().handler);
    release();
    expect(h.installed()).toEqual([]);
    expect(h.listeners()).toBe(0);
    h.service.claim(recorder().handler);
    expect(h.installed()).toHaveLength(1);
  });

  it('re-installs the detector with new settings, removing the old one first', () => {
    const h = harness();
    const a = recorder();
    h.service.claim(a.handler);
    expect(h.installed()[0]!.settings.thresholdMs).toBe(DEFAULT_SCANNER_SETTINGS.thresholdMs);
    h.changeSettings({ ...DEFAULT_SCANNER_SETTINGS, thresholdMs: 60, prefix: '~' });
    expect(h.installs).toHaveLength(2);
    expect(h.installed()).toHaveLength(1);
    expect(h.installed()[0]!.settings).toMatchObject({ thresholdMs: 60, prefix: '~' });
    h.scan('333333');
    expect(a.scans).toEqual(['333333']);
  });

  it('gives the fallback only the scans no claim takes, whenever the claims were made', () => {
    const h = harness();
    const app = recorder();
    const screen = recorder();
    const releaseFallback = h.service.fallback(app.handler);
    expect(h.installed()).toHaveLength(1);
    h.scan('111111');
    const releaseScreen = h.service.claim(screen.handler);
    h.scan('222222');
    h.reject('busy');
    releaseScreen();
    // The claim released, the fallback is still there: the detector stays.
    expect(h.installed()).toHaveLength(1);
    h.scan('333333');
    expect(app.scans).toEqual(['111111', '333333']);
    expect(screen.scans).toEqual(['222222']);
    expect(screen.rejections).toEqual(['busy']);
    releaseFallback();
    expect(h.installed()).toHaveLength(0);
    expect(h.listeners()).toBe(0);
  });

  it('keeps the detector while a claim is held after the fallback goes', () => {
    const h = harness();
    const screen = recorder();
    const releaseScreen = h.service.claim(screen.handler);
    const releaseFallback = h.service.fallback(recorder().handler);
    releaseFallback();
    expect(h.installed()).toHaveLength(1);
    h.scan('444444');
    expect(screen.scans).toEqual(['444444']);
    releaseScreen();
    expect(h.installed()).toHaveLength(0);
    expect(h.installs).toHaveLength(1);
  });
});
