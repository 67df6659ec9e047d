/**
 * Cold start to an interactive purchase order list with 200,000 cached orders (issue #11, bench 5): each
 * sample starts Chromium afresh on the benchmark's profile (its IndexedDB on disk), loads the page with
 * `?cold=<kind>` and reads what it measured (./page/coldStart.ts). Kinds take turns, so a slow moment of the
 * machine lands on all of them alike. With `profile`, the first list's cold start is profiled from the
 * navigation on (the page built unminified with source maps) and its hottest functions printed.
 */
import { openHarness } from '../receiving/browser';
import { hotFunctions, hottest, profileDuring } from '../receiving/profile';
import type { ColdKind, ColdStart } from './page/api';

export const COLD_KINDS: readonly ColdKind[] = ['firstRows', 'list', 'wholeTable'];

export async function runColdStarts(
  pageDir: string,
  profileDir: string,
  runs: number,
  options: { profile?: boolean } = {},
): Promise<ColdStart[]> {
  const samples: ColdStart[] = [];
  for (let run = 0; run < runs; run++) {
    // Reading every order takes a minute on a busy PC: once is enough to show what the list used to cost.
    for (const kind of COLD_KINDS.filter((k) => k !== 'wholeTable' || run === 0)) {
      const { context, page, errors } = await openHarness(pageDir, profileDir);
      try {
        const measure = async () => {
          await page.goto(new URL(`index.html?cold=${kind}`, page.url()).href);
          return page.evaluate(() => window.syncBench!.coldStart());
        };
        if (options.profile && run === 0 && kind === 'list') {
          const { result, profile } = await profileDuring(page, measure);
          const hot = await hotFunctions(profile, pageDir, 1);
          console.log('The PO list cold start: hottest functions (ms, self then inclusive):');
          console.table(hottest(hot, 'selfMsPerScan', 25));
          console.table(hottest(hot, 'totalMsPerScan', 40));
          samples.push(result);
        } else samples.push(await measure());
      } finally {
        await context.close();
      }
      if (errors.length > 0) throw new AggregateError(errors, 'the cold start page threw');
    }
  }
  return samples;
}
