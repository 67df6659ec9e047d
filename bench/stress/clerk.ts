/**
 * A clerk at work beside the first sync (bench/sync/initialSync.ts `during`): nav clicks until dock-ready,
 * scans on an open order from there (./receivingScans.ts), the clicks left while the sync still runs, then
 * the same clicks once it is done (the nav row's baseline, ./navClicks.ts). A stage that fails is noted and
 * the next one still runs: a frozen screen is a finding, and the sync's own figures are kept.
 */
import type { DuringSync, SyncSample } from '../sync/initialSync';
import { scriptsOf, type LongFrame } from '../sync/longFrames';
import { clickNav, type PressedNav, type SyncPhase } from './navClicks';
import { scanWhileSyncing, type ScanSamples } from './receivingScans';

export interface ClerkWork {
  midSync: PressedNav[];
  idle: PressedNav[];
  scans: ScanSamples;
  /**
   * The longest main-thread task from the end of the app's start-up (its navigation shown) to the sync's
   * completion: the clerk's own baseline clicks after it, and the start-up before, left out.
   */
  longestTaskMs: number;
  /** What ran in those long tasks (Chromium's long-animation-frame scripts), over the same span. */
  attribution: Attribution;
  /** Stages that failed, with why. */
  problems: string[];
}

export interface Attribution {
  longTasks: number;
  longTaskTotalMs: number;
  /** The longest tasks, each with the scripts of the long frame it ran in (bench/sync/longFrames.ts). */
  worst: SyncSample['worstTasks'];
  /** Every long frame's scripts summed by invoker and function: where the long tasks' time went. */
  byScript: { script: string; frames: number; totalMs: number; maxMs: number }[];
}

const WORST = 8;
const SCRIPTS = 12;

/** The long tasks and frames that started at or after `from` (page clock), attributed. */
export function attribute(
  tasks: readonly { startTime: number; duration: number }[],
  frames: readonly LongFrame[],
  from: number,
): Attribution {
  const inSpan = tasks.filter((t) => t.startTime >= from);
  const byScript = new Map<string, { frames: number; totalMs: number; maxMs: number }>();
  for (const frame of frames) {
    if (frame.startTime < from) continue;
    for (const script of frame.scripts) {
      const key = `${script.invoker} ${script.source}`;
      const sum = byScript.get(key) ?? { frames: 0, totalMs: 0, maxMs: 0 };
      sum.frames += 1;
      sum.totalMs += script.duration;
      sum.maxMs = Math.max(sum.maxMs, script.duration);
      byScript.set(key, sum);
    }
  }
  return {
    longTasks: inSpan.length,
    longTaskTotalMs: Math.round(inSpan.reduce((sum, t) => sum + t.duration, 0)),
    worst: [...inSpan]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, WORST)
      .map((t) => ({
        atMs: Math.round(t.startTime - from),
        ms: Math.round(t.duration),
        scripts: scriptsOf(t, frames),
      })),
    byScript: [...byScript]
      .map(([script, sum]) => ({ script, ...sum }))
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, SCRIPTS),
  };
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
    attribution: { longTasks: 0, longTaskTotalMs: 0, worst: [], byScript: [] },
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
    // Where the sync is at each press: a click the row counts as mid-sync must have been pressed before the
    // sync completed (a slow start once pushed every "mid-sync" click past dock-ready).
    let phase: SyncPhase = 'before dock-ready';
    const passed = (next: SyncPhase) => () => {
      if (phase !== 'after complete') phase = next;
    };
    void dockReady.then(passed('after dock-ready'), () => {});
    void complete.then(passed('after complete'), passed('after complete'));
    const at = () => phase;
    await stage('clicks before dock-ready', async () => {
      const until = Promise.race([dockReady, complete]);
      work.midSync.push(...(await clickNav(page, { clicks: options.clicks, until, phase: at })));
    });
    await stage('scans during the sync', async () => {
      work.scans = await scanWhileSyncing(sync, options);
    });
    await stage('clicks after the scans', async () => {
      const clicks = options.clicks - work.midSync.length;
      work.midSync.push(...(await clickNav(page, { clicks, until: complete, phase: at })));
    });
    // A sync that failed or stopped early rejects or resolves `complete`: either way the baseline follows.
    await complete.catch(() => {});
    await stage('long tasks during the sync', async () => {
      const { from, tasks, frames } = await page.evaluate(() => ({
        from: window.__stressProbe!.navShownAt,
        tasks: window.__syncBenchLongTasks ?? [],
        frames: window.__syncBenchLongFrames ?? [],
      }));
      if (from === null) throw new Error('the app never showed its navigation');
      work.longestTaskMs = Math.max(0, ...tasks.filter((t) => t.startTime >= from).map((t) => t.duration));
      work.attribution = attribute(tasks, frames, from);
    });
    await stage('clicks after the sync', async () => {
      work.idle = await clickNav(page, { clicks: options.clicks, phase: at });
    });
  };
  return { work, during };
}
