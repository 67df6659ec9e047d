/**
 * One scan run at one CPU throttling rate: the receiving screen mounted fresh, then scans of real scanner
 * bursts (e2e/support/scanner.ts: CDP key events carrying the scanner's time stamps), each followed by the
 * same burst in echo mode (the baseline, ./page/keys.ts), so both see the same moments of the machine.
 * Scans alternate barcode and SKU and walk the lines by ./page/catalogue.ts's stride, far down and back up.
 */
import type { Page } from '@playwright/test';
import { throttleCpu } from '../../e2e/support/scanner';
import type { LongTask, PaintSample } from './page/api';
import { barcodeOf, lineOfScan, poItemIdOfLine, productIdOfLine, skuOf } from './page/catalogue';
import { scanPaced } from './scanner';

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

/** A scan refused this many times in a row means something other than a passing stall: a harness error. */
const MAX_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const counts = new Map<number, number>();
  const keyboard = await page.context().newCDPSession(page);
  const scan = (code: string) => scanPaced(keyboard, code);

  let refused = 0;
  /** Scans until the screen applies it: one it refuses (broken by a stall) is scanned again, as a clerk would. */
  const scanLine = async (i: number, code: string): Promise<PaintSample> => {
    const line = lineOfScan(i);
    const expected = (counts.get(line) ?? 0) + 1;
    for (let attempt = 1; ; attempt++) {
      await page.evaluate(([id, n]) => window.bench!.armLine(id, n), [
        poItemIdOfLine(line),
        expected,
      ] as const);
      await scan(code);
      const outcome = await page.evaluate(() => window.bench!.sample());
      if ('painted' in outcome) {
        counts.set(line, expected);
        return outcome.painted;
      }
      refused++;
      if (attempt === MAX_ATTEMPTS)
        throw new Error(`${code} refused ${MAX_ATTEMPTS} times in a row: ${outcome.refused}`);
      await sleep(options.pauseMs);
    }
  };

  const echo = async (code: string): Promise<PaintSample> => {
    await page.evaluate(() => {
      window.bench!.setMode('echo');
      window.bench!.armEcho();
    });
    await scan(code);
    const outcome = await page.evaluate(() => window.bench!.sample());
    await page.evaluate(() => window.bench!.setMode('app'));
    if (!('painted' in outcome)) throw new Error(`the echo was refused: ${outcome.refused}`);
    return outcome.painted;
  };

  const scans: PaintSample[] = [];
  const baseline: PaintSample[] = [];
  const scanAndBaseline = async (i: number) => {
    const productId = productIdOfLine(lineOfScan(i));
    const code = i % 2 === 0 ? barcodeOf(productId) : skuOf(productId);
    const base = await echo(code);
    await sleep(options.pauseMs / 4);
    const sample = await scanLine(i, code);
    await sleep(options.pauseMs);
    return { base, sample };
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
  await keyboard.detach();
  return { rate: options.rate, mountMs, scans, baseline, longTasks, refused };
}
