/**
 * A clerk at work beside the first sync (bench/sync/initialSync.ts `during`): nav clicks until dock-ready,
 * scans on an open order from there (./receivingScans.ts), the clicks left while the sync still runs, then
 * the same clicks once it is done (the nav row's baseline, ./navClicks.ts). A stage that fails is noted and
 * the next one still runs: a frozen screen is a finding, and the sync's own figures are kept.
 */
import type { DuringSync } from '../sync/initialSync';
import { clickNav } from './navClicks';
import type { NavOutcome } from './pageProbe';
import { scanWhileSyncing, type ScanSamples } from './receivingScans';

export interface ClerkWork {
  midSync: NavOutcome[];
  idle: NavOutcome[];
  scans: ScanSamples;
  /**
   * The longest main-thread task from the end of the app's start-up (its navigation shown) to the sync's
   * completion: the clerk's own baseline clicks after it, and the start-up before, left out.
   */
  longestTaskMs: number;
  /** Stages that failed, with why. */
  problems: string[];
}

export interface ClerkOptions {
  clicks: number;
  scans: number;
  pauseMs: number;
  /** The scan probe's wait (./pageProbe.ts keyTimeoutMs). */
  timeoutMs: number;
}

export function clerkAtWork(options: ClerkOptions): {
  work: ClerkWork;
  during: (sync: DuringSync) => Promise<void>;
} {
  const work: ClerkWork = {
    midSync: [],
    idle: [],
    scans: { scans: [], echoes: [], refused: 0, timedOut: 0, poId: 0 },
    longestTaskMs: NaN,
    problems: [],
  };
  const stage = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      work.problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const during = async (sync: DuringSync) => {
    const { page, dockReady, complete } = sync;
    await stage('clicks before dock-ready', async () => {
      const until = Promise.race([dockReady, complete]);
      work.midSync.push(...(await clickNav(page, { clicks: options.clicks, until })));
    });
    await stage('scans during the sync', async () => {
      work.scans = await scanWhileSyncing(sync, options);
    });
    await stage('clicks after the scans', async () => {
      const clicks = options.clicks - work.midSync.length;
      work.midSync.push(...(await clickNav(page, { clicks, until: complete })));
    });
    // A sync that failed or stopped early rejects or resolves `complete`: either way the baseline follows.
    await complete.catch(() => {});
    await stage('long tasks during the sync', async () => {
      const { from, tasks } = await page.evaluate(() => ({
        from: window.__stressProbe!.navShownAt,
        tasks: window.__syncBenchLongTasks ?? [],
      }));
      if (from === null) throw new Error('the app never showed its navigation');
      work.longestTaskMs = Math.max(0, ...tasks.filter((t) => t.startTime >= from).map((t) => t.duration));
    });
    await stage('clicks after the sync', async () => {
      work.idle = await clickNav(page, { clicks: options.clicks });
    });
  };
  return { work, during };
}
