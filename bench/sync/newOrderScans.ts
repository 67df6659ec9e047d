/**
 * New PO: scan → line shown (issue #11, bench 4) on the real form at 20, 200 and 1,000 lines. At each size:
 * scans of products already on the form (their line counts up; alternating barcode and SKU, spread over the
 * lines) and scans of products not yet on it (a line is added), each after the same burst in echo mode, the
 * baseline (../receiving/page/keys.ts). Real scanner bursts through CDP (../receiving/measuredScan.ts).
 */
import type { Page } from '@playwright/test';
import { throttleCpu } from '../../e2e/support/scanner';
import type { PaintSample } from '../receiving/page/api';
import { measuredScans } from '../receiving/measuredScan';
import type { LongTask } from './page/api';
import { barcodeOf, productOfLine, skuOf } from './page/catalogue';

export interface FormSizeRun {
  rate: number;
  lines: number;
  repeat: PaintSample[];
  added: PaintSample[];
  baseline: PaintSample[];
  longTasks: LongTask[];
  refused: number;
}

export interface NewOrderOptions {
  sizes: readonly number[];
  rate: number;
  /** Scans of lines already on the form, per size (after `warmUp` untimed ones). */
  scans: number;
  /** Scans adding a line, per size. */
  adds: number;
  warmUp: number;
  pauseMs: number;
}

/** `around` wraps each size's measured scans (not the filling), e.g. to trace them (../receiving/trace.ts). */
export async function runNewOrderScans(
  page: Page,
  options: NewOrderOptions,
  around: (lines: number, measured: () => Promise<void>) => Promise<void> = (_, measured) => measured(),
): Promise<FormSizeRun[]> {
  await throttleCpu(page, options.rate);
  await page.evaluate(() => window.syncBench!.mountNewOrder());
  const scanner = await measuredScans(page, 'syncBench', options.pauseMs);
  const runs: FormSizeRun[] = [];
  const measured = (productId: number, i: number) =>
    scanner.scan(productId, i % 2 === 0 ? barcodeOf(productId) : skuOf(productId));

  try {
    for (const size of options.sizes) {
      await throttleCpu(page, 1);
      await page.evaluate((n) => window.syncBench!.fillTo(n), size);
      const lines = await page.evaluate(() => window.syncBench!.lineCount());
      // Lines added untimed (fillTo) start at quantity 1.
      for (let line = 0; line < lines; line++)
        if (!scanner.counts.has(productOfLine(line))) scanner.counts.set(productOfLine(line), 1);
      await throttleCpu(page, options.rate);
      const run: FormSizeRun = {
        rate: options.rate,
        lines,
        repeat: [],
        added: [],
        baseline: [],
        longTasks: [],
        refused: 0,
      };
      const before = scanner.refused();
      // Spread over the form: a stride coprime with the sizes reaches far lines and near ones.
      const lineOf = (i: number) => productOfLine((i * 7919 + 3) % size);
      for (let i = 0; i < options.warmUp; i++) await measured(lineOf(i), i);
      const from = await page.evaluate(() => window.syncBench!.now());
      await around(lines, async () => {
        for (let i = options.warmUp; i < options.warmUp + options.scans; i++) {
          const { base, sample } = await measured(lineOf(i), i);
          run.baseline.push(base);
          run.repeat.push(sample);
        }
        for (let i = 0; i < options.adds; i++) {
          const next = await page.evaluate(() => window.syncBench!.lineCount());
          const { base, sample } = await measured(productOfLine(next), i);
          run.baseline.push(base);
          run.added.push(sample);
        }
      });
      const to = await page.evaluate(() => window.syncBench!.now());
      run.longTasks = await page.evaluate(([a, b]) => window.syncBench!.longTasks(a, b), [from, to] as const);
      run.refused = scanner.refused() - before;
      runs.push(run);
    }
  } finally {
    await page.evaluate(() => window.syncBench!.unmountNewOrder());
    await throttleCpu(page, 1);
    await scanner.detach();
  }
  return runs;
}
