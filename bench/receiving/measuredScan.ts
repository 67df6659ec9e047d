/**
 * One measured scan, as the receiving screen's and the New PO form's benchmarks take it (./scans.ts,
 * ../sync/newOrderScans.ts): the burst in echo mode first (the baseline, ./page/keys.ts), a short pause, then
 * the same burst into the app, whose line is to show one more; a scan the screen refuses (broken by a stall
 * of this machine) is scanned again, as a clerk would. Both harness pages offer the same probe
 * (`window.bench`, `window.syncBench`).
 */
import type { Page } from '@playwright/test';
import type { PaintSample } from './page/api';
import { scanPaced } from './scanner';

/** A scan refused this many times in a row means something other than a passing stall: a harness error. */
const MAX_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MeasuredScans {
  /** What each armed line shows now (its id as the probe arms it), for lines that show more than 0. */
  readonly counts: Map<number, number>;
  /** The baseline and the app's paint of one scan of `code`, which counts line `lineId` up by one. */
  scan(lineId: number, code: string): Promise<{ base: PaintSample; sample: PaintSample }>;
  /** Scans the screen refused and that were scanned again, so far. */
  refused(): number;
  detach(): Promise<void>;
}

/** `probe` names the page's harness; `pauseMs` is the quiet time after each scan (its write lands). */
export async function measuredScans(
  page: Page,
  probe: 'bench' | 'syncBench',
  pauseMs: number,
): Promise<MeasuredScans> {
  const keyboard = await page.context().newCDPSession(page);
  const counts = new Map<number, number>();
  let refused = 0;

  const appScan = async (lineId: number, code: string): Promise<PaintSample> => {
    const expected = (counts.get(lineId) ?? 0) + 1;
    for (let attempt = 1; ; attempt++) {
      await page.evaluate(([name, id, n]) => window[name]!.armLine(id, n), [
        probe,
        lineId,
        expected,
      ] as const);
      await scanPaced(keyboard, code);
      const outcome = await page.evaluate((name) => window[name]!.sample(), probe);
      if ('painted' in outcome) {
        counts.set(lineId, expected);
        return outcome.painted;
      }
      refused++;
      if (attempt === MAX_ATTEMPTS)
        throw new Error(`${code} refused ${MAX_ATTEMPTS} times in a row: ${outcome.refused}`);
      await sleep(pauseMs);
    }
  };

  const echo = async (code: string): Promise<PaintSample> => {
    await page.evaluate((name) => {
      window[name]!.setMode('echo');
      window[name]!.armEcho();
    }, probe);
    await scanPaced(keyboard, code);
    const outcome = await page.evaluate((name) => window[name]!.sample(), probe);
    await page.evaluate((name) => window[name]!.setMode('app'), probe);
    if (!('painted' in outcome)) throw new Error(`the echo was refused: ${outcome.refused}`);
    return outcome.painted;
  };

  return {
    counts,
    async scan(lineId, code) {
      const base = await echo(code);
      await sleep(pauseMs / 4);
      const sample = await appScan(lineId, code);
      await sleep(pauseMs);
      return { base, sample };
    },
    refused: () => refused,
    detach: () => keyboard.detach(),
  };
}
