/**
 * One scan run at one CPU throttling rate: the receiving screen mounted fresh, then scans of real scanner
 * bursts (e2e/support/scanner.ts: CDP key events carrying the scanner's time stamps), each followed by the
 * same burst in echo mode (the baseline, ./page/keys.ts), so both see the same moments of the machine
 * (./measuredScan.ts).
 * Scans alternate barcode and SKU and walk the lines by ./page/catalogue.ts's stride, far down and back up.
 */
import type { Page } from '@playwright/test';
import { throttleCpu } from '../../e2e/support/scanner';
import type { LongTask, PaintSample } from './page/api';
import { barcodeOf, lineOfScan, poItemIdOfLine, productIdOfLine, skuOf } from './page/catalogue';
import { measuredScans } from './measuredScan';

export interface ScanRunOptions {
  rate: number;
  scans: number;
  warmUp: number;
  /** Quiet time after each scan, so its durable write (src/db/receiving/drafts.ts) lands before the next. */
  pauseMs: number;
}

export interface ScanRun {
  rate: number;
  mountMs: number;
  scans: PaintSample[];
  baseline: PaintSample[];
  longTasks: LongTask[];
  /** Scans the screen refused (broken by a stall of this machine) and that were scanned again. */
  refused: number;
}

/**
 * `around` wraps the measured scans (after the warm-up), e.g. to profile them (./profile.ts) without the
 * screen's mount.
 */
export async function runScans(
  page: Page,
  options: ScanRunOptions,
  around: (measured: () => Promise<void>) => Promise<void> = (measured) => measured(),
): Promise<ScanRun> {
  await throttleCpu(page, options.rate);
  const { mountMs } = await page.evaluate(() => window.bench!.mountScreen());
  const scanner = await measuredScans(page, 'bench', options.pauseMs);
  const scans: PaintSample[] = [];
  const baseline: PaintSample[] = [];
  const scanAndBaseline = (i: number) => {
    const line = lineOfScan(i);
    const productId = productIdOfLine(line);
    return scanner.scan(poItemIdOfLine(line), i % 2 === 0 ? barcodeOf(productId) : skuOf(productId));
  };
  for (let i = 0; i < options.warmUp; i++) await scanAndBaseline(i);
  const from = await page.evaluate(() => window.bench!.now());
  await around(async () => {
    for (let i = options.warmUp; i < options.warmUp + options.scans; i++) {
      const { base, sample } = await scanAndBaseline(i);
      baseline.push(base);
      scans.push(sample);
    }
  });
  const to = await page.evaluate(() => window.bench!.now());
  const longTasks = await page.evaluate(([a, b]) => window.bench!.longTasks(a, b), [from, to] as const);
  await page.evaluate(() => window.bench!.unmountScreen());
  await throttleCpu(page, 1);
  await scanner.detach();
  return { rate: options.rate, mountMs, scans, baseline, longTasks, refused: scanner.refused() };
}
