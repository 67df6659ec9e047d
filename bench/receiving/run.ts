/**
 * `npm run bench:receiving`: the renderer's receiving benchmarks (issue #10) in Chromium, from a Node process
 * that drives the harness page (./page) the way a scanner and the CPU of a dock PC would:
 *  1. scan → the line's new quantity painted, on a 1,000-line order with 100,000 cached products, at full
 *     speed and with the CPU throttled 4× (./scans.ts), against a trivial text change after the same burst;
 *  2. `findProductByCode` among those products, against a primary-key get (./page/lookups.ts);
 *  3. the long tasks seen during the scan runs.
 * A missed target is reported, not failed: the exit code is non-zero only when the harness itself fails.
 *
 * Options: --scans N (200; 0 skips them) --warm-up N (10) --pause-ms N (200) --rates 1,4
 * --lookups N (500 of each kind; 0 skips them)
 * --fresh (seed the database again) --dir DIR (build output and browser profile; default in the OS temp dir)
 * --profile (a CPU profile of each scan run, saved in DIR, and its hottest functions: ./profile.ts)
 * --trace (a Chrome trace of each scan run: the main thread's time by kind of work, ./trace.ts).
 */
import { rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { throttleCpu } from '../../e2e/support/scanner';
import { openHarness } from './browser';
import { buildHarness } from './build';
import type { LookupSamples } from './page/api';
import { hotFunctions, hottest, profileDuring, saveProfile, type CpuProfile } from './profile';
import { LINE_COUNT, PRODUCT_COUNT } from './page/catalogue';
import { lookupTable, longTaskTable, scanTable } from './report';
import { runScans, type ScanRun } from './scans';
import { scanFlagOptions, scanFlags, wholeNumber } from './scanFlags';
import { layoutSizes, traceDuring, traceSummary } from './trace';

function options() {
  const { values } = parseArgs({
    options: {
      ...scanFlagOptions({
        scans: '200',
        warmUp: '10',
        pauseMs: '200',
        rates: '1,4',
        dir: 'dockhand-bench-receiving',
      }),
      lookups: { type: 'string', default: '500' },
    },
  });
  return { ...scanFlags(values), lookups: wholeNumber('lookups', values.lookups) };
}

async function main() {
  const opts = options();
  const pageDir = join(opts.dir, 'page');
  const profileDir = join(opts.dir, 'profile');
  if (opts.fresh) await rm(profileDir, { recursive: true, force: true });
  await buildHarness(pageDir, { minify: !opts.profile });
  const { context, page, errors } = await openHarness(pageDir, profileDir);
  const runs: ScanRun[] = [];
  const lookups: { rate: number; samples: LookupSamples }[] = [];
  try {
    const prepared = await page.evaluate(() => window.bench!.prepare());
    console.log(
      prepared.seeded
        ? `Seeded ${PRODUCT_COUNT.toLocaleString('en')} products and a ${LINE_COUNT.toLocaleString('en')}-line order in ${(prepared.seedMs / 1000).toFixed(1)} s.`
        : `Reusing the seeded database in ${profileDir} (--fresh seeds it again).`,
    );
    for (const rate of opts.scans > 0 ? opts.rates : []) {
      console.log(`Scanning at CPU ${rate}×…`);
      const scanOptions = { rate, scans: opts.scans, warmUp: opts.warmUp, pauseMs: opts.pauseMs };
      if (opts.trace) {
        let events: Awaited<ReturnType<typeof traceDuring>> = [];
        runs.push(
          await runScans(page, scanOptions, async (measured) => {
            events = await traceDuring(page, measured);
          }),
        );
        console.log(`CPU ${rate}×: the renderer's main thread by kind of work (self time), per scan:`);
        console.table(traceSummary(events, opts.scans));
        console.log('Layouts:', layoutSizes(events));
        continue;
      }
      if (!opts.profile) {
        runs.push(await runScans(page, scanOptions));
        continue;
      }
      const profiles: CpuProfile[] = [];
      runs.push(
        await runScans(page, scanOptions, async (measured) => {
          profiles.push((await profileDuring(page, measured)).profile);
        }),
      );
      const file = join(opts.dir, `scans-cpu-${rate}x.cpuprofile`);
      await saveProfile(profiles[0]!, file);
      const hot = await hotFunctions(profiles[0]!, pageDir, opts.scans);
      console.log(`CPU profile of the measured scans: ${file}. Hottest functions by self time, per scan:`);
      console.table(hottest(hot, 'selfMsPerScan'));
      console.log('By inclusive time, per scan:');
      console.table(hottest(hot, 'totalMsPerScan', 40));
    }
    for (const rate of opts.lookups > 0 ? opts.rates : []) {
      await throttleCpu(page, rate);
      const samples = await page.evaluate(
        (perKind) => window.bench!.lookups({ perKind, warmUp: 50, seed: 10 }),
        opts.lookups,
      );
      await throttleCpu(page, 1);
      lookups.push({ rate, samples });
    }
  } finally {
    await context.close();
  }
  if (errors.length > 0) throw new AggregateError(errors, 'the harness page threw');

  // Absolute figures depend on what else the machine runs; the ratios much less.
  const [load] = loadavg();
  console.log(`Load average ${load!.toFixed(1)} on ${availableParallelism()} CPUs.`);
  if (runs.length > 0) console.table(scanTable(runs));
  // The 2 ms target is for a PC at full speed; throttled figures are printed for comparison.
  if (lookups.length > 0)
    console.table(lookups.flatMap(({ rate, samples }) => lookupTable(rate, samples, rate === 1)));
  if (runs.length > 0) console.table(longTaskTable(runs));
  for (const run of runs)
    console.log(`CPU ${run.rate}×: the screen mounted in ${Math.round(run.mountMs)} ms.`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
