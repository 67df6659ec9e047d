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
 *    same cached rows, table by table, into an empty database of the same schema.
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
import { CACHE_TABLES } from '../../src/db/tables';
import { hotFunctions, hottest, profileDuring } from '../receiving/profile';
import type { DemoDataset } from '../../src/bridge/contract';
import { cachedIdsInPage, rawFetch, type RawFetch } from './rawFetch';
import { watchWorkerHeaps } from './workerHeap';

export const OPEN_STATUSES = ['Incomplete', 'OnOrder', 'ReceivingInProgress', 'BackOrder'];
const POLL_MS = 250;

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
  /** The baseline: a Dexie bulkPut of every cached row, in ms, and how many rows. */
  bulkPutMs: number;
  rows: number;
  /** The baseline's other half: a raw fetch of the same records (./rawFetch.ts). */
  rawFetch: RawFetch;
}

interface LongFrame {
  startTime: number;
  duration: number;
  scripts: { invoker: string; source: string; duration: number }[];
}

declare global {
  interface Window {
    __syncBenchLongTasks?: { startTime: number; duration: number }[];
    __syncBenchLongFrames?: LongFrame[];
  }
}

/**
 * Installed before the app's scripts: every long task from the first one, and every long animation frame
 * with the scripts that ran in it (a `longtask` entry names no script; Chromium's `long-animation-frame`
 * entries do), so the report can say what a long task was.
 */
function watchLongTasks() {
  window.__syncBenchLongTasks = [];
  window.__syncBenchLongFrames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__syncBenchLongTasks!.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  type Script = { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { scripts?: Script[] })[]) {
        const scripts = [...(entry.scripts ?? [])]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((script) => ({
            invoker: script.invoker,
            source: `${script.sourceURL.split('/').pop() ?? ''}:${script.sourceFunctionName}`,
            duration: Math.round(script.duration),
          }));
        window.__syncBenchLongFrames!.push({ startTime: entry.startTime, duration: entry.duration, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // A browser without long-animation-frame entries: the tasks are still counted, without their scripts.
  }
}

/** The scripts of the long frame a task ran in, as `invoker file:function ms`. */
function scriptsOf(task: { startTime: number; duration: number }, frames: readonly LongFrame[]): string[] {
  const frame = frames.find(
    (f) => f.startTime <= task.startTime + 1 && task.startTime < f.startTime + f.duration,
  );
  return (frame?.scripts ?? []).map((s) => `${s.invoker} ${s.source} ${s.duration} ms`);
}

/**
 * In the page: how many of `ids` are cached, how many lines they have, and all orders (raw IndexedDB). Until
 * the cache holds as many open orders as there are ids (one count on the status index), the lines are not
 * counted: counting them is two requests per order (8,600 for the large demo), which every poll would
 * otherwise put on the page's main thread and between the pull's writes, and the bench would measure itself.
 */
async function openOrdersCached({
  ids,
  statuses,
}: {
  ids: number[];
  statuses: string[];
}): Promise<{ orders: number; lines: number; allOrders: number } | null> {
  const dbs = await indexedDB.databases();
  const name = dbs.find((d) => d.name?.startsWith('dockhand-') && (d.version ?? 0) >= 2)?.name;
  if (!name) return null;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  try {
    if (!db.objectStoreNames.contains('purchaseOrderItems')) return null;
    const tx = db.transaction(['purchaseOrders'], 'readonly');
    const orders = tx.objectStore('purchaseOrders');
    const count = (request: IDBRequest<number>) =>
      new Promise<number>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('count failed'));
      });
    const allOrders = await count(orders.count());
    const byStatus = orders.index('status.name');
    const open = await Promise.all(statuses.map((status) => count(byStatus.count(status))));
    const openCached = open.reduce((sum, n) => sum + n, 0);
    if (ids.length === 0 || openCached < ids.length) return { allOrders, orders: openCached, lines: 0 };
    // In transactions of BATCH orders with the thread given back between them: 8,600 answers in one task
    // took ~100 ms of the page's main thread at dock-ready, and the longest-task figure measured the bench.
    const BATCH = 100;
    let cachedOrders = 0;
    let cachedLines = 0;
    for (let at = 0; at < ids.length; at += BATCH) {
      if (at > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      const batch = db.transaction(['purchaseOrders', 'purchaseOrderItems'], 'readonly');
      const batchOrders = batch.objectStore('purchaseOrders');
      const batchLines = batch.objectStore('purchaseOrderItems').index('po_id');
      const counts = await Promise.all(
        ids
          .slice(at, at + BATCH)
          .map(
            async (id) => [await count(batchOrders.count(id)), await count(batchLines.count(id))] as const,
          ),
      );
      for (const [o, l] of counts) {
        cachedOrders += o;
        cachedLines += l;
      }
    }
    return { allOrders, orders: cachedOrders, lines: cachedLines };
  } finally {
    db.close();
  }
}

/**
 * In the page: the status bar says Idle (the engine is not pulling and no resource's pass is unfinished,
 * src/components/status/StatusBar.svelte) and has a last sync (the run recorded its completion).
 */
function statusIdle(): boolean {
  const status = document.querySelector('[role="status"][aria-label="Sync status"]')?.textContent ?? '';
  return status.includes('Idle') && !status.includes('Last sync: never');
}

/**
 * In the page, with Dexie loaded as a script: a bulkPut of every cached row into an empty copy, CHUNK rows a
 * transaction, read in key order between the timed puts (the large demo's rows, read whole, made
 * IndexedDB fail the read: a DexieError instead of a baseline), the copy holding at most HELD rows.
 */
async function bulkPutBaseline(tables: readonly string[]): Promise<{ ms: number; rows: number }> {
  const CHUNK = 5_000;
  const HELD = 50_000;
  let held = 0;
  const Dexie = (window as unknown as { Dexie: typeof import('dexie').Dexie }).Dexie;
  // Dexie's errors cross page.evaluate as a bare "DexieError": say which and where.
  let step = 'open';
  try {
    const dbs = await indexedDB.databases();
    const name = dbs.find((d) => d.name?.startsWith('dockhand-') && (d.version ?? 0) >= 2)!.name!;
    const source = new Dexie(name);
    await source.open();
    const present = source.tables.filter((table) => tables.includes(table.name));
    const copy = new Dexie(`bench-bulkput-${Date.now()}`);
    copy
      .version(1)
      .stores(
        Object.fromEntries(
          present.map((t) => [
            t.name,
            [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src)].join(','),
          ]),
        ),
      );
    await copy.open();
    let ms = 0;
    let rows = 0;
    for (const table of present) {
      let after: import('dexie').IndexableType | undefined;
      for (;;) {
        const range = after === undefined ? table.orderBy(':id') : table.where(':id').above(after);
        step = `read ${table.name} after ${JSON.stringify(after)}`;
        const keys = await range.clone().limit(CHUNK).primaryKeys();
        if (keys.length === 0) break;
        const chunk = await table.bulkGet(keys);
        after = keys[keys.length - 1];
        step = `put ${chunk.length} rows of ${table.name}`;
        const start = performance.now();
        await copy.table(table.name).bulkPut(chunk);
        ms += performance.now() - start;
        rows += chunk.length;
        held += chunk.length;
        // The page's storage is in memory (Playwright's context) with a quota the large demo's cache and a
        // whole copy of it exceed: the copy is emptied, untimed, every HELD rows.
        if (held >= HELD) {
          step = `clear ${table.name}`;
          await copy.table(table.name).clear();
          held = 0;
        }
      }
      step = `clear ${table.name}`;
      await copy.table(table.name).clear();
      held = 0;
    }
    source.close();
    step = 'delete the copy';
    await copy.delete();
    return { ms, rows };
  } catch (error) {
    const { name, message } = error as Error;
    throw new Error(`${step}: ${name}: ${message}`);
  }
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
  /** Stops at dock-ready (the large demo's complete first sync takes ~3 minutes on these machines). */
  dockReadyOnly?: boolean;
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
    const cdp = await page.context().newCDPSession(page);
    const peak: Peak = { mb: 0, workerMb: 0, rendererMb: 0, workers: await watchWorkerHeaps(cdp) };
    const started = performance.now();
    let dockReadyMs = 0;
    let completeMs = 0;
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
      if (options.dockReadyOnly) {
        completeMs = Number.NaN;
        return;
      }
      await waitUntil(
        page,
        cdp,
        peak,
        async () => {
          if (!(await page.evaluate(statusIdle))) return false;
          const cached = await page.evaluate(openOrdersCached, { ids: [], statuses: OPEN_STATUSES });
          return cached !== null && cached.allOrders === orders.length;
        },
        timeoutMs,
        'sync complete',
      );
      completeMs = performance.now() - started;
    };
    if (options.profile) {
      const { profile } = await profileDuring(page, sync);
      const hot = await hotFunctions(profile, rendererDir, 1);
      console.log('The renderer over the whole sync: hottest functions (ms, self then inclusive):');
      console.table(hottest(hot, 'selfMsPerScan', 25));
      console.table(hottest(hot, 'totalMsPerScan', 40));
    } else await sync();
    const tasks = await page.evaluate(() => window.__syncBenchLongTasks ?? []);
    const frames = await page.evaluate(() => window.__syncBenchLongFrames ?? []);

    // Not for a sync stopped at dock-ready: its cache does not hold every record yet.
    const raw = options.dockReadyOnly
      ? { ms: Number.NaN, requests: 0, bytes: 0, refused: 0 }
      : await rawFetch(simulator.baseUrl, DEMO_API_KEY, await page.evaluate(cachedIdsInPage));
    const require = createRequire(import.meta.url);
    // Evaluated, not added as a script tag: the app's CSP refuses inline scripts, and it is right to.
    await page.evaluate(await readFile(require.resolve('dexie/dist/dexie.js'), 'utf8'));
    // A failed baseline is reported with the sync's own figures, not instead of them.
    const baseline = await page.evaluate(bulkPutBaseline, [...CACHE_TABLES]).catch((error: unknown) => {
      console.error(`The bulkPut baseline failed: ${String(error)}`);
      return { ms: Number.NaN, rows: 0 };
    });
    return {
      dataset,
      dockReadyMs,
      completeMs,
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
      rows: baseline.rows,
      rawFetch: raw,
    };
  } finally {
    await browser.close();
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
