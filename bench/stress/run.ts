/**
 * `npm run bench:stress [-- --stress]`: the dock on a slow, busy PC (issue #24), each row against a baseline
 * measured in the same run (./report.ts):
 *  1. the large demo's dock-ready, quiet (nothing throttled, no neighbour), against a raw fetch of the open
 *     orders + bulkPut (bench/sync/initialSync.ts, stopped at dock-ready);
 *  2. the large demo's first sync in the browser host with a clerk at work (bench/sync/initialSync.ts with
 *     ./navClicks.ts and ./receivingScans.ts beside it): complete against raw fetch + bulkPut; nav click →
 *     list painted mid-sync against the same clicks once the sync is done; the longest main-thread task
 *     against a raw bulkPut's; scan → line painted against a trivial text change after the same burst;
 *  3. a headless sync killed at ~30 % of its rows and resumed, against a fresh one (./resume.ts).
 * With --stress, rows 2 and 3 run on a busy PC: the window's CPU throttled --rate times (CDP
 * Emulation.setCPUThrottlingRate, baselines included) and a CPU-burning neighbour process (./neighbour.ts),
 * started after row 1 and killed before the table. Without it they run quiet, for comparison.
 *
 * Options: --stress --only quiet,sync,resume (all) --dataset small|large (large) --runs N (1)
 * --clicks N (20) --scans N (30) --pause-ms N (300) --rate N (4) --neighbour-cores N (1)
 * --neighbour-duty 0–1 (1) --resume-dataset small|large (large) --kill-at 0–1 (0.3)
 * --sync-timeout-s N (1200) --dir DIR (the built renderer; default in the OS temp dir) --readable (the
 * renderer unminified, so the long tasks' attribution names the source's functions; a little slower)
 */
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DemoDatasetSchema } from '../../src/bridge/contract';
import { buildRenderer } from '../sync/build';
import { runInitialSync, type SyncSample } from '../sync/initialSync';
import { clerkAtWork } from './clerk';
import { startNeighbour } from './neighbour';
import { installStressProbe } from './pageProbe';
import {
  attributionLines,
  clerkOnlyRows,
  clickLines,
  markdown,
  printable,
  quietRows,
  resumeRows,
  stressedRows,
  type Row,
  type StressedSync,
} from './report';
import { runResume, type ResumeRun } from './resume';

const NAV_TIMEOUT_MS = 60_000;
const KEY_TIMEOUT_MS = 30_000;

function options() {
  const { values } = parseArgs({
    options: {
      stress: { type: 'boolean', default: false },
      only: { type: 'string', default: 'quiet,sync,resume' },
      dataset: { type: 'string', default: 'large' },
      runs: { type: 'string', default: '1' },
      clicks: { type: 'string', default: '20' },
      scans: { type: 'string', default: '30' },
      'pause-ms': { type: 'string', default: '300' },
      rate: { type: 'string', default: '4' },
      'neighbour-cores': { type: 'string', default: '1' },
      'neighbour-duty': { type: 'string', default: '1' },
      'resume-dataset': { type: 'string', default: 'large' },
      'kill-at': { type: 'string', default: '0.3' },
      'sync-timeout-s': { type: 'string', default: '1200' },
      readable: { type: 'boolean', default: false },
      dir: { type: 'string', default: join(tmpdir(), 'dockhand-bench-stress') },
    },
  });
  const number = (name: string, text: string, max = Infinity) => {
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0 || n > max) throw new Error(`--${name} takes a number, not "${text}"`);
    return n;
  };
  const dataset = (name: string, text: string) => {
    const parsed = DemoDatasetSchema.safeParse(text);
    if (!parsed.success) throw new Error(`--${name} is small or large, not "${text}"`);
    return parsed.data;
  };
  return {
    stress: values.stress,
    readable: values.readable,
    only: new Set(values.only.split(',')),
    dataset: dataset('dataset', values.dataset),
    runs: number('runs', values.runs),
    clicks: number('clicks', values.clicks),
    scans: number('scans', values.scans),
    pauseMs: number('pause-ms', values['pause-ms']),
    rate: Math.max(1, number('rate', values.rate)),
    neighbourCores: number('neighbour-cores', values['neighbour-cores']),
    neighbourDuty: number('neighbour-duty', values['neighbour-duty'], 1),
    resumeDataset: dataset('resume-dataset', values['resume-dataset']),
    killAt: number('kill-at', values['kill-at'], 1),
    syncTimeoutMs: number('sync-timeout-s', values['sync-timeout-s']) * 1000,
    dir: resolve(values.dir),
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const opts = options();
  const loads: string[] = [`start ${load()}`];
  const rendererDir = join(opts.dir, 'renderer');
  const label = opts.dataset === 'large' ? 'Large demo' : 'Small demo';
  const rows: Row[] = [];
  // Each phase's rows as soon as it ends (a run stopped later keeps them), all of them at the end.
  const show = (phaseRows: Row[]) => {
    rows.push(...phaseRows);
    console.log(`(load ${load()})`);
    console.table(printable(phaseRows));
  };
  if (opts.only.has('quiet') || opts.only.has('sync'))
    await buildRenderer(rendererDir, { minify: !opts.readable });

  /** Runs a phase; a phase that fails is reported, and the others' rows are still printed. */
  const failures: string[] = [];
  const phase = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      console.error(`${what} failed:`, error);
      failures.push(what);
    }
  };

  const quiet: SyncSample[] = [];
  for (let run = 0; opts.only.has('quiet') && run < opts.runs; run++) {
    console.log(`Dock-ready, quiet ${run + 1} of ${opts.runs} (${opts.dataset})… (load ${load()})`);
    await phase('the quiet dock-ready', async () => {
      quiet.push(
        await runInitialSync({
          dataset: opts.dataset,
          timeoutMs: opts.syncTimeoutMs,
          rendererDir,
          profile: false,
          dockReadyOnly: true,
        }),
      );
    });
  }
  if (quiet.length > 0) show(quietRows(quiet, label));
  loads.push(`after the quiet rows ${load()}`);

  const how = opts.stress ? `stressed (CPU ${opts.rate}×, neighbour)` : 'quiet';
  const neighbour = opts.stress
    ? startNeighbour({ cores: opts.neighbourCores, duty: opts.neighbourDuty, maxMs: 2 * 3_600_000 })
    : null;
  try {
    const syncs: StressedSync[] = [];
    for (let run = 0; opts.only.has('sync') && run < opts.runs; run++) {
      console.log(`First sync with a clerk at work, ${how}, ${run + 1} of ${opts.runs}… (load ${load()})`);
      const clerk = clerkAtWork({ ...opts, timeoutMs: KEY_TIMEOUT_MS });
      const before = failures.length;
      await phase('the first sync with a clerk at work', async () => {
        const sample = await runInitialSync({
          dataset: opts.dataset,
          timeoutMs: opts.syncTimeoutMs,
          rendererDir,
          profile: false,
          reportTimeout: true,
          ...(opts.stress ? { cpuRate: opts.rate } : {}),
          prepare: async (page) => {
            await page.addInitScript(installStressProbe, {
              navTimeoutMs: NAV_TIMEOUT_MS,
              keyTimeoutMs: KEY_TIMEOUT_MS,
            });
          },
          during: clerk.during,
        });
        if (sample.notComplete) console.log(`  ${sample.notComplete}`);
        for (const problem of clerk.work.problems) console.log(`  the clerk's ${problem}`);
        syncs.push({ sample, ...clerk.work });
      });
      // The sync's own baseline failed after the clerk was done: the clerk's figures are still worth having.
      if (failures.length > before && clerk.work.attribution.longTasks > 0) {
        for (const problem of clerk.work.problems) console.log(`  the clerk's ${problem}`);
        show(clerkOnlyRows([clerk.work], `${label}, ${how}`, NAV_TIMEOUT_MS));
        console.log([...clickLines([clerk.work]), ...attributionLines([clerk.work])].join('\n'));
      }
    }
    if (syncs.length > 0) {
      show(stressedRows(syncs, `${label}, ${how}`, NAV_TIMEOUT_MS));
      console.log([...clickLines(syncs), ...attributionLines(syncs)].join('\n'));
    }
    loads.push(`after the sync rows ${load()}`);

    const resumes: ResumeRun[] = [];
    for (let run = 0; opts.only.has('resume') && run < opts.runs; run++) {
      console.log(`Headless sync killed and resumed, ${opts.resumeDataset}, ${run + 1} of ${opts.runs}…`);
      await phase('the resumed sync', async () => {
        resumes.push(await runResume(opts.resumeDataset, opts.killAt));
      });
    }
    const resumeLabel = `${opts.resumeDataset === 'large' ? 'Large' : 'Small'} demo, headless${opts.stress ? ', neighbour' : ''}`;
    if (resumes.length > 0) show(resumeRows(resumes, resumeLabel));
    loads.push(`end ${load()}`);
  } finally {
    await neighbour?.stop();
  }

  // Absolute figures depend on what else the machine runs; the ratios much less.
  console.log('\nAll rows:');
  console.log(`Load average (1, 5, 15 min) on ${availableParallelism()} CPUs: ${loads.join('; ')}.`);
  console.table(printable(rows));
  console.log(markdown(rows));
  // The harness failed somewhere (not a missed target): the exit code says so.
  if (failures.length > 0) {
    console.error(`Phases that failed: ${failures.join(', ')}.`);
    process.exitCode = 1;
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
