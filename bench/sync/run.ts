/**
 * `npm run bench:sync`: the renderer's side of issue #11 in Chromium, each figure against a baseline
 * measured in the same run:
 *  1. New PO: scan → line painted at 20, 200 and 1,000 lines (./newOrderScans.ts), against a trivial text
 *     change after the same key burst;
 *  2. cold start to an interactive PO list with 200,000 cached orders (./coldStart.ts), against reading
 *     and drawing the 30 newest by key;
 *  3. initial sync of the demo (browser host + built renderer, ./initialSync.ts): dock-ready, complete,
 *     longest task, peak heap, against a raw fetch of the same records (./rawFetch.ts) plus a Dexie bulkPut
 *     of the same rows in the same page.
 * A missed target is reported, not failed: the exit code is non-zero only when the harness itself fails.
 *
 * Options: --only scans,cold,sync (all) --scans N (30) --adds N (10) --warm-up N (5) --pause-ms N (150)
 * --rates 1,4 (1) --cold-runs N (5) --sync-runs N (3) --dataset small|large (small) --sync-timeout-s N (600)
 * --screen SECTION (shown during the sync, e.g. purchase-orders; default: where the app opens) --dock-ready-only (the sync stops at dock-ready: the large demo)
 * --fresh (seed again) --dir DIR (builds and browser profile; default in the OS temp dir)
 * --trace (the main thread's time by kind of work: style, layout, paint…, during each size's scans)
 * --profile (CPU profiles, on unminified builds with source maps, of each size's scans and of the sync: the
 * hottest functions by file and line).
 */
import { rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DemoDatasetSchema } from '../../src/bridge/contract';
import { openHarness } from '../receiving/browser';
import { scanFlagOptions, scanFlags, wholeNumber } from '../receiving/scanFlags';
import { hotFunctions, hottest, profileDuring } from '../receiving/profile';
import { layoutSizes, traceDuring, traceSummary } from '../receiving/trace';
import { buildRenderer, buildSyncPage } from './build';
import { runColdStarts } from './coldStart';
import { runInitialSync, type SyncSample } from './initialSync';
import { runNewOrderScans, type FormSizeRun } from './newOrderScans';
import { FORM_SIZES, ORDER_COUNT, PRODUCT_COUNT } from './page/catalogue';
import type { ColdStart } from './page/api';
import { coldStartTable, initialSyncTable, newOrderTable, worstTasks } from './report';

function options() {
  const { values } = parseArgs({
    options: {
      ...scanFlagOptions({
        scans: '30',
        warmUp: '5',
        pauseMs: '150',
        rates: '1',
        dir: 'dockhand-bench-sync',
      }),
      only: { type: 'string', default: 'scans,cold,sync' },
      adds: { type: 'string', default: '10' },
      'cold-runs': { type: 'string', default: '5' },
      'sync-runs': { type: 'string', default: '3' },
      dataset: { type: 'string', default: 'small' },
      screen: { type: 'string' },
      'sync-timeout-s': { type: 'string', default: '600' },
      'dock-ready-only': { type: 'boolean', default: false },
    },
  });
  const parsed = DemoDatasetSchema.safeParse(values.dataset);
  if (!parsed.success) throw new Error(`--dataset is small or large, not "${values.dataset}"`);
  return {
    ...scanFlags(values),
    only: new Set(values.only.split(',')),
    adds: wholeNumber('adds', values.adds),
    coldRuns: wholeNumber('cold-runs', values['cold-runs']),
    syncRuns: wholeNumber('sync-runs', values['sync-runs']),
    dataset: parsed.data,
    screen: values.screen,
    syncTimeoutMs: wholeNumber('sync-timeout-s', values['sync-timeout-s']) * 1000,
    dockReadyOnly: values['dock-ready-only'],
  };
}

async function main() {
  const opts = options();
  const pageDir = join(opts.dir, 'page');
  const profileDir = join(opts.dir, 'profile');
  const scanRuns: FormSizeRun[] = [];
  let cold: ColdStart[] = [];
  const syncs: SyncSample[] = [];

  if (opts.only.has('scans') || opts.only.has('cold')) {
    if (opts.fresh) await rm(profileDir, { recursive: true, force: true });
    await buildSyncPage(pageDir, { minify: !opts.profile });
    const { context, page, errors } = await openHarness(pageDir, profileDir);
    try {
      const prepared = await page.evaluate(() => window.syncBench!.prepare());
      console.log(
        prepared.seeded
          ? `Seeded ${PRODUCT_COUNT.toLocaleString('en')} products and ${ORDER_COUNT.toLocaleString('en')} orders in ${(prepared.seedMs / 1000).toFixed(1)} s.`
          : `Reusing the seeded database in ${profileDir} (--fresh seeds it again).`,
      );
      for (const rate of opts.only.has('scans') ? opts.rates : []) {
        console.log(`New PO scans at CPU ${rate}×…`);
        const options = {
          sizes: FORM_SIZES,
          rate,
          scans: opts.scans,
          adds: opts.adds,
          warmUp: opts.warmUp,
          pauseMs: opts.pauseMs,
        };
        const instrumented = async (lines: number, measured: () => Promise<void>) => {
          if (opts.profile) {
            const { profile } = await profileDuring(page, measured);
            const hot = await hotFunctions(profile, pageDir, opts.scans + opts.adds);
            console.log(`CPU ${rate}×, ${lines} lines: hottest functions per scan (self, then inclusive):`);
            console.table(hottest(hot, 'selfMsPerScan'));
            console.table(hottest(hot, 'totalMsPerScan', 30));
            return;
          }
          if (!opts.trace) return measured();
          const events = await traceDuring(page, measured);
          console.log(`CPU ${rate}×, ${lines} lines: the main thread by kind of work (self time), per scan:`);
          console.table(traceSummary(events, opts.scans + opts.adds));
          console.log('Layouts:', layoutSizes(events));
        };
        scanRuns.push(...(await runNewOrderScans(page, options, instrumented)));
      }
    } finally {
      await context.close();
    }
    if (errors.length > 0) throw new AggregateError(errors, 'the harness page threw');
    if (opts.only.has('cold') && opts.coldRuns > 0) {
      console.log('Cold starts of the PO list…');
      cold = await runColdStarts(pageDir, profileDir, opts.coldRuns, { profile: opts.profile });
    }
  }
  const rendererDir = join(opts.dir, 'renderer');
  if (opts.only.has('sync')) await buildRenderer(rendererDir, { minify: !opts.profile });
  for (let run = 0; opts.only.has('sync') && run < opts.syncRuns; run++) {
    console.log(`Initial sync ${run + 1} of ${opts.syncRuns} (${opts.dataset})…`);
    syncs.push(
      await runInitialSync({
        dataset: opts.dataset,
        timeoutMs: opts.syncTimeoutMs,
        rendererDir,
        profile: opts.profile,
        dockReadyOnly: opts.dockReadyOnly,
        ...(opts.screen ? { screen: opts.screen } : {}),
      }),
    );
  }

  // Absolute figures depend on what else the machine runs; the ratios much less.
  const [load] = loadavg();
  console.log(`Load average ${load!.toFixed(1)} on ${availableParallelism()} CPUs.`);
  if (scanRuns.length > 0) console.table(newOrderTable(scanRuns));
  if (cold.length > 0) console.table(coldStartTable(cold));
  if (syncs.length > 0) {
    console.table(initialSyncTable(syncs));
    for (const line of worstTasks(syncs)) console.log(line);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
