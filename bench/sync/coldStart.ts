/**
 * Cold start to an interactive purchase order list with 200,000 cached orders (issue #11, bench 5): each
 * sample starts Chromium afresh on the benchmark's profile (its IndexedDB on disk), loads the page with
 * `?cold=<kind>` and reads what it measured (./page/coldStart.ts). Kinds take turns, so a slow moment of the
 * machine lands on all of them alike.
 */
import { openHarness } from '../receiving/browser';
import type { ColdKind, ColdStart } from './page/api';

export const COLD_KINDS: readonly ColdKind[] = ['firstRows', 'list', 'wholeTable'];

export async function runColdStarts(pageDir: string, profileDir: string, runs: number): Promise<ColdStart[]> {
  const samples: ColdStart[] = [];
  for (let run = 0; run < runs; run++) {
    // Reading every order takes a minute on a busy PC: once is enough to show what the list used to cost.
    for (const kind of COLD_KINDS.filter((k) => k !== 'wholeTable' || run === 0)) {
      const { context, page, errors } = await openHarness(pageDir, profileDir);
      try {
        await page.goto(new URL(`index.html?cold=${kind}`, page.url()).href);
        samples.push(await page.evaluate(() => window.syncBench!.coldStart()));
      } finally {
        await context.close();
      }
      if (errors.length > 0) throw new AggregateError(errors, 'the cold start page threw');
    }
  }
  return samples;
}
