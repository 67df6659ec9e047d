/**
 * Initial sync in Chromium (issue #11, bench 2): the browser host (electron/core/browserHost) in this process
 * with the demo simulator, the built renderer (out/renderer) opened on a fresh data dir, measured from the
 * moment the page is opened:
 *  - dock-ready: every open purchase order of the simulator (Incomplete, OnOrder, ReceivingInProgress,
 *    BackOrder) is in the renderer's Dexie with all its lines;
 *  - complete: every order of the simulator is cached and the status bar says Idle with a last sync (the
 *    run wrote its completion); not the progress panel's disappearance, which waits 2.5 s more on purpose
 *    (src/components/status/SyncProgress.svelte);
 *  - the longest main-thread task (PerformanceObserver `longtask`) and the peak JS heap (CDP, sampled), of
 *    the window and of the window with its pull worker (./workerHeap.ts);
 *  - the baseline, after the sync in the same run: a raw fetch of the least set of requests that carries the
 *    same records from the same simulator (./rawFetch.ts), plus, in the same page, a Dexie `bulkPut` of the
 *    same cached rows, table by table, into an empty database of the same schema (stopped at dock-ready: the
 *    open orders with their lines, and the order tables), with the longest task the bulkPut caused.
 * The stress bench (bench/stress) runs it with the window's CPU throttled and a clerk's clicks and scans
 * beside the sync (`cpuRate`, `during`). The functions it runs in the page are in ./inPage.ts and
 * ./longFrames.ts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/support/chromium';
import { startBrowserHost } from '../../electron/core/browserHost/host';
import { DEMO_API_KEY } from '../../electron/core/bridge/demo';
import { throttleCpu } from '../../e2e/support/scanner';
import type { BrowserHost } from '../../electron/core/browserHost/host';
import { CACHE_TABLES } from '../../src/db/tables';
import { hotFunctions, hottest, profileDuring } from '../receiving/profile';
import type { DemoDataset } from '../../src/bridge/contract';
import { bulkPutBaseline, openOrdersCached, statusIdle } from './inPage';
import { scriptsOf, watchLongTasks } from './longFrames';
import { cachedIdsInPage, NO_IDS, OPEN_ORDER_LISTS, rawFetch, type RawFetch } from './rawFetch';
import { recordPages, type PassTimeline } from './pageTimeline';
import { watchWorkerHeaps } from './workerHeap';

export const OPEN_STATUSES = ['Incomplete', 'OnOrder', 'ReceivingInProgress', 'BackOrder'];
const POLL_MS = 250;
/** The tables a dock-ready sync's baseline writes: the orders, their lines and the lines' products. */
const ORDER_TABLES = ['purchaseOrders', 'purchaseOrderItems', 'products'];

export interface SyncSample {
  dataset: DemoDataset;
  dockReadyMs: number;
  completeMs: number;
  longestTaskMs: number;
  longTasks: number;
  longTaskTotalMs: number;
  /** The window's isolate. */
  peakHeapMb: number;
  /** The pull worker's, and the most the window and the worker held together at one sample. */
  peakWorkerHeapMb: number;
  peakRendererHeapMb: number;
  /**
   * The five longest tasks, by when they started (ms after the page was opened), each with the scripts
   * Chromium's long-animation-frame entry names for the frame it ran in (`invoker file:function ms`).
   */
  worstTasks: { atMs: number; ms: number; scripts: string[] }[];
  /** Why the sync was not complete in time (only with `reportTimeout`; completeMs is then NaN). */
  notComplete?: string;
  /** The baseline: a Dexie bulkPut of every cached row, in ms, and how many rows. */
  bulkPutMs: number;
  /** The longest main-thread task while the baseline's bulkPut ran. */
  bulkPutLongestTaskMs: number;
  rows: number;
  /** The baseline's other half: a raw fetch of the same records (./rawFetch.ts). */
  rawFetch: RawFetch;
  /** What the baseline carries: every cached record, or (stopped at dock-ready) the open orders. */
  baselineScope: 'everything' | 'openOrders';
  /** Where each pass's pages spent their time (./pageTimeline.ts). */
  pages: PassTimeline[];
}

interface Peak {
  mb: number;
  workerMb: number;
  rendererMb: number;
  workers: () => Promise<number>;
}

async function heapMb(cdp: CDPSession): Promise<number> {
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 2 ** 20;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(
  page: Page,
  cdp: CDPSession,
  peak: Peak,
  done: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const [window, workers] = await Promise.all([heapMb(cdp), peak.workers()]);
    peak.mb = Math.max(peak.mb, window);
    peak.workerMb = Math.max(peak.workerMb, workers);
    peak.rendererMb = Math.max(peak.rendererMb, window + workers);
    if (await done()) return;
    if (performance.now() > deadline) {
      const status = await page.evaluate(
        () => document.querySelector('[aria-label="Sync status"]')?.textContent?.replace(/\s+/g, ' ') ?? '',
      );
      throw new Error(`${what}: not reached in ${timeoutMs / 1000} s (status bar: ${status})`);
    }
    await sleep(POLL_MS);
  }
}

export interface InitialSyncOptions {
  dataset: DemoDataset;
  timeoutMs: number;
  /** The built renderer (./build.ts buildRenderer). */
  rendererDir: string;
  /** Profiles the renderer's main thread over the whole sync and prints its hottest functions. */
  profile: boolean;
  /** A section to show during the sync (`purchase-orders`); by default the one the app opens on. */
  screen?: string;
  /**
   * Stops at dock-ready (the large demo's complete first sync takes ~3 minutes on these machines); the
   * baseline is then a raw fetch of the open orders with their lines and a bulkPut of the order tables.
   */
  dockReadyOnly?: boolean;
  /** The window's CPU throttled this many times (CDP) from before the app loads, baselines included. */
  cpuRate?: number;
  /** A sync not complete in `timeoutMs` is reported (completeMs NaN, `notComplete`), not thrown. */
  reportTimeout?: boolean;
  /** Prints where each pass's pages spent their time (default: env DOCKHAND_BENCH_PAGES=1). */
  showPages?: boolean;
  /** Called with the app's page before it is opened (e.g. to add init scripts of its own). */
  prepare?: (page: Page) => Promise<void>;
  /** Runs beside the sync (e.g. a clerk's clicks and scans, bench/stress); awaited before the baselines. */
  during?: (run: DuringSync) => Promise<void>;
}

/** What a `during` hook is given: the app's page, the simulator's data, and the sync's milestones. */
export interface DuringSync {
  page: Page;
  simulator: DemoSimulator;
  /** Resolve when reached; reject if the sync failed or stopped before. */
  dockReady: Promise<void>;
  complete: Promise<void>;
}

type DemoSimulator = NonNullable<ReturnType<BrowserHost['bridge']['demoSimulator']>>;

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  promise.catch(() => {});
  return { promise, resolve, reject };
}

export async function runInitialSync(options: InitialSyncOptions): Promise<SyncSample> {
  const { dataset, timeoutMs, rendererDir } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'dockhand-bench-sync-'));
  const host = await startBrowserHost({ port: 0, dataDir, demo: true, demoDataset: dataset, rendererDir });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const simulator = host.bridge.demoSimulator();
    if (!simulator) throw new Error('the browser host did not start the demo simulator');
    const orders = [...simulator.state.purchaseOrders.values()];
    const open = orders.filter((po) => OPEN_STATUSES.includes(po.status.name));
    const openIds = open.map((po) => po.id);
    const openLines = open.reduce((sum, po) => sum + po.items.length, 0);

    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    page.on('pageerror', (error) => console.error(`page: ${error.message}`));
    // tsx compiles this file with esbuild's keepNames, which wraps named inner functions in `__name(…)`; the
    // functions handed to page.evaluate below are serialised without that helper, so the page gets one.
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await page.addInitScript(watchLongTasks);
    await options.prepare?.(page);
    if (options.cpuRate && options.cpuRate > 1) await throttleCpu(page, options.cpuRate);
    const cdp = await page.context().newCDPSession(page);
    const peak: Peak = { mb: 0, workerMb: 0, rendererMb: 0, workers: await watchWorkerHeaps(cdp) };
    const dockReady = deferred();
    const complete = deferred();
    const pageEvents = recordPages();
    const started = performance.now();
    let dockReadyMs = 0;
    let completeMs = 0;
    let notComplete: string | undefined;
    const sync = async () => {
      await page.goto(host.url);
      if (options.screen) {
        await page.waitForSelector('nav');
        await page.evaluate((section) => (location.hash = `#/${section}`), options.screen);
      }
      await waitUntil(
        page,
        cdp,
        peak,
        async () => {
          const cached = await page.evaluate(openOrdersCached, { ids: openIds, statuses: OPEN_STATUSES });
          return cached !== null && cached.orders === openIds.length && cached.lines >= openLines;
        },
        timeoutMs,
        'dock-ready',
      );
      dockReadyMs = performance.now() - started;
      dockReady.resolve();
      if (options.dockReadyOnly) {
        completeMs = Number.NaN;
        return;
      }
      try {
        await waitUntil(
          page,
          cdp,
          peak,
          async () => {
            if (!(await page.evaluate(statusIdle))) return false;
            const cached = await page.evaluate(openOrdersCached, { ids: [], statuses: OPEN_STATUSES });
            return cached !== null && cached.allOrders === orders.length;
          },
          timeoutMs - dockReadyMs,
          'sync complete',
        );
        completeMs = performance.now() - started;
      } catch (error) {
        if (!options.reportTimeout) throw error;
        notComplete = String(error);
        completeMs = Number.NaN;
      }
    };
    const syncAndSignal = async () => {
      try {
        await sync();
        // A run stopped at dock-ready (or not complete in time) ends the hook's time too.
        complete.resolve();
      } catch (error) {
        dockReady.reject(error);
        complete.reject(error);
        throw error;
      }
    };
    const beside = async () => {
      if (!options.during) return;
      await options.during({ page, simulator, dockReady: dockReady.promise, complete: complete.promise });
    };
    const both = () => Promise.allSettled([syncAndSignal(), beside()]);
    let settled: PromiseSettledResult<void>[] = [];
    if (options.profile) {
      const { profile } = await profileDuring(page, async () => void (settled = await both()));
      const hot = await hotFunctions(profile, rendererDir, 1);
      console.log('The renderer over the whole sync: hottest functions (ms, self then inclusive):');
      console.table(hottest(hot, 'selfMsPerScan', 25));
      console.table(hottest(hot, 'totalMsPerScan', 40));
    } else settled = await both();
    for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
    const pages = pageEvents.stop();
    if (options.showPages ?? process.env.DOCKHAND_BENCH_PAGES === '1') {
      console.log('Where the pages spent their time (ms; arrive/build/store are medians a page):');
      console.table(pages);
    }
    const tasks = await page.evaluate(() => window.__syncBenchLongTasks ?? []);
    const frames = await page.evaluate(() => window.__syncBenchLongFrames ?? []);

    // A sync stopped at dock-ready holds the open orders (and some more): its baseline is theirs.
    const raw = options.dockReadyOnly
      ? await rawFetch(simulator.baseUrl, DEMO_API_KEY, NO_IDS, OPEN_ORDER_LISTS)
      : await rawFetch(simulator.baseUrl, DEMO_API_KEY, await page.evaluate(cachedIdsInPage));
    const require = createRequire(import.meta.url);
    // Evaluated, not added as a script tag: the app's CSP refuses inline scripts, and it is right to.
    await page.evaluate(await readFile(require.resolve('dexie/dist/dexie.js'), 'utf8'));
    const tables = options.dockReadyOnly ? ORDER_TABLES : [...CACHE_TABLES];
    const putFrom = await page.evaluate(() => performance.now());
    // A failed baseline is reported with the sync's own figures, not instead of them.
    const baseline = await page.evaluate(bulkPutBaseline, tables).catch((error: unknown) => {
      console.error(`The bulkPut baseline failed: ${String(error)}`);
      return { ms: Number.NaN, rows: 0 };
    });
    // Long-task entries reach the observer once the page is idle: a moment for the bulkPut's last ones.
    await sleep(1_000);
    const putTasks = (await page.evaluate(() => window.__syncBenchLongTasks ?? [])).filter(
      (t) => t.startTime >= putFrom,
    );
    return {
      dataset,
      dockReadyMs,
      completeMs,
      ...(notComplete ? { notComplete } : {}),
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
      longTasks: tasks.length,
      longTaskTotalMs: tasks.reduce((sum, t) => sum + t.duration, 0),
      peakHeapMb: peak.mb,
      peakWorkerHeapMb: peak.workerMb,
      peakRendererHeapMb: peak.rendererMb,
      worstTasks: [...tasks]
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 5)
        .map((t) => ({
          atMs: Math.round(t.startTime),
          ms: Math.round(t.duration),
          scripts: scriptsOf(t, frames),
        })),
      bulkPutMs: baseline.ms,
      bulkPutLongestTaskMs: Math.max(0, ...putTasks.map((t) => t.duration)),
      rows: baseline.rows,
      rawFetch: raw,
      baselineScope: options.dockReadyOnly ? 'openOrders' : 'everything',
      pages,
    };
  } finally {
    await browser.close();
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
