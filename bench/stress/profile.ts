/**
 * `npx tsx bench/stress/profile.ts [--route customers]`: what runs inside the long tasks of a route change
 * on a slow PC (issue #24). The large demo's first sync in the browser host (as bench/sync/initialSync.ts
 * runs it), the window's CPU throttled --rate times (CDP) and the renderer built unminified with source
 * maps, then clicks on "Customers" and "Purchase orders" one after the other (./navClicks.ts, through CDP
 * like a mouse), under a V8 CPU profile (CDP Profiler):
 *  - mid-sync: --mid-after-s seconds after the app showed its navigation (the cache filling), while the
 *    sync runs;
 *  - after the sync: once it is complete (it runs unthrottled until then, to be done sooner), throttled
 *    again, over the whole large cache.
 * For each phase it prints the longest tasks (page clock, PerformanceObserver `longtask`) with the click
 * they fell in, the scripts Chromium's long-animation-frame entry names, and the top self-time functions
 * inside each; then the top self- and total-time functions over the --tasks longest tasks together and over
 * the clicks to --route (press → list painted). Its last lines are the figures to compare before/after:
 * the longest task and the clicks' p50/p95 per phase, over the runs (median, min, max).
 *
 * --trace records a Chromium trace over the same clicks as well (./traceRecord.ts) and prints, for the
 * longest tasks and the clicks, the renderer's own work the CPU profile calls "(program)": style, layout,
 * paint, parsing, GC, with the elements restyled and laid out and the script that forced a layout. Tracing
 * costs time too: compare figures taken with --trace only with others taken with it.
 *
 * Options: --route customers|purchase-orders|both (both) --phase mid|after|both (both) --clicks N (8)
 * --runs N (1) --rate N (4) --dataset small|large (large) --mid-after-s N (20) --interval-us N (250)
 * --tasks N (5) --top N (12) --sync-timeout-s N (1500) --dir DIR --no-build (reuse the renderer in --dir)
 * --trace --save DIR (writes each phase's .cpuprofile, and with --trace its .trace.json, there, for DevTools)
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/support/chromium';
import { throttleCpu } from '../../e2e/support/scanner';
import { startBrowserHost } from '../../electron/core/browserHost/host';
import { DemoDatasetSchema } from '../../src/bridge/contract';
import { frameLocator } from '../receiving/profile';
import { summarize } from '../receiving/stats';
import { buildRenderer } from '../sync/build';
import { OPEN_STATUSES } from '../sync/initialSync';
import { openOrdersCached, statusIdle } from '../sync/inPage';
import { scriptsOf, watchLongTasks } from '../sync/longFrames';
import { clickNav, type PressedNav } from './navClicks';
import { installStressProbe, NAV_SECTIONS } from './pageProbe';
import { CLOCK_MARK, TaskProfile, type CpuProfile, type Locate, type Span } from './taskProfile';
import { printTrace, startTracing } from './traceRecord';

const NAV_TIMEOUT_MS = 60_000;
const PHASES = ['mid', 'after'] as const;
type Phase = (typeof PHASES)[number];
const PHASE_WORDS: Record<Phase, string> = { mid: 'mid-sync', after: 'after the sync' };

function options() {
  const { values } = parseArgs({
    options: {
      route: { type: 'string', default: 'both' },
      phase: { type: 'string', default: 'both' },
      clicks: { type: 'string', default: '8' },
      runs: { type: 'string', default: '1' },
      rate: { type: 'string', default: '4' },
      dataset: { type: 'string', default: 'large' },
      'mid-after-s': { type: 'string', default: '20' },
      'interval-us': { type: 'string', default: '250' },
      tasks: { type: 'string', default: '5' },
      top: { type: 'string', default: '12' },
      'sync-timeout-s': { type: 'string', default: '1500' },
      dir: { type: 'string', default: join(tmpdir(), 'dockhand-bench-profile') },
      'no-build': { type: 'boolean', default: false },
      save: { type: 'string' },
      trace: { type: 'boolean', default: false },
    },
  });
  const number = (name: string, text: string) => {
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} takes a number, not "${text}"`);
    return n;
  };
  const routes = values.route === 'both' ? [...NAV_SECTIONS] : [values.route];
  if (!routes.every((route) => (NAV_SECTIONS as readonly string[]).includes(route)))
    throw new Error(`--route is ${NAV_SECTIONS.join(', ')} or both, not "${values.route}"`);
  const phases = values.phase === 'both' ? [...PHASES] : [values.phase as Phase];
  if (!phases.every((phase) => PHASES.includes(phase)))
    throw new Error(`--phase is mid, after or both, not "${values.phase}"`);
  const dataset = DemoDatasetSchema.safeParse(values.dataset);
  if (!dataset.success) throw new Error(`--dataset is small or large, not "${values.dataset}"`);
  return {
    routes,
    phases,
    dataset: dataset.data,
    clicks: number('clicks', values.clicks),
    runs: Math.max(1, number('runs', values.runs)),
    rate: Math.max(1, number('rate', values.rate)),
    midAfterMs: number('mid-after-s', values['mid-after-s']) * 1000,
    intervalUs: Math.max(50, number('interval-us', values['interval-us'])),
    tasks: number('tasks', values.tasks),
    top: number('top', values.top),
    syncTimeoutMs: number('sync-timeout-s', values['sync-timeout-s']) * 1000,
    dir: resolve(values.dir),
    build: !values['no-build'],
    save: values.save ? resolve(values.save) : null,
    trace: values.trace,
  };
}

type Options = ReturnType<typeof options>;

/** One phase of one run: its longest task and its clicks' press → painted times (a timeout counts whole). */
interface PhaseFigures {
  longestMs: number;
  navMs: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs CLOCK_MARK in the page for 50 ms and answers when it started (page clock). A string: not bundled. */
const MARK = `(() => { const at = performance.now(); (function ${CLOCK_MARK}() {
  const end = performance.now() + 50; while (performance.now() < end); })(); return at; })()`;

/** The app's own functions (the renderer's source map names a file under src/). */
const ownCode = (fn: string) => fn.includes(' src/');

const clickSpan = (click: PressedNav): Span => ({
  from: click.pressedAt,
  to: click.pressedAt + ('timedOut' in click ? NAV_TIMEOUT_MS : click.paintedMs),
});

function describeClick(task: { startTime: number }, clicks: readonly PressedNav[]): string {
  const click = clicks.find((c) => {
    const span = clickSpan(c);
    return span.from <= task.startTime + 1 && task.startTime <= span.to;
  });
  if (!click) return 'between clicks';
  const painted = 'timedOut' in click ? 'never painted' : `painted at ${Math.round(click.paintedMs)} ms`;
  return `click → ${click.section} +${Math.round(task.startTime - click.pressedAt)} ms (${painted})`;
}

/** Clicks back and forth under a CPU profile and prints what ran inside the longest tasks. */
async function profiledClicks(page: Page, phase: Phase, opts: Options, locate: Locate, run: number) {
  const tracing = opts.trace ? await startTracing(page) : null;
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: opts.intervalUs });
  await session.send('Profiler.start');
  let profile: CpuProfile;
  let clicks: PressedNav[];
  let markedAt: number;
  try {
    await tracing?.mark();
    markedAt = (await page.evaluate(MARK)) as number;
    clicks = await clickNav(page, { clicks: opts.clicks, pauseMs: [1_000, 2_000] });
    // Long-task entries reach the observer once the page is idle: a moment for the last click's.
    await sleep(1_000);
    profile = (await session.send('Profiler.stop')).profile as CpuProfile;
  } finally {
    await session.detach().catch(() => {});
  }
  if (opts.save) {
    await mkdir(opts.save, { recursive: true });
    await writeFile(join(opts.save, `${phase}-${run + 1}.cpuprofile`), JSON.stringify(profile));
  }
  const trace = await tracing?.stop(
    locate,
    opts.save ? join(opts.save, `${phase}-${run + 1}.trace.json`) : undefined,
  );
  const profiled = new TaskProfile(profile, locate);
  profiled.alignTo(markedAt);
  const { from, to } = profiled.span;
  const { tasks, frames } = await page.evaluate(() => ({
    tasks: window.__syncBenchLongTasks ?? [],
    frames: window.__syncBenchLongFrames ?? [],
  }));
  // The mark's own 50 ms task is the tool's, not the app's.
  const inSpan = tasks.filter((t) => t.startTime > markedAt + 1 && t.startTime + t.duration <= to);
  const longest = [...inSpan].sort((a, b) => b.duration - a.duration).slice(0, opts.tasks);
  const spanOf = (t: { startTime: number; duration: number }) => ({
    from: t.startTime,
    to: t.startTime + t.duration,
  });

  console.log(
    `\n=== ${PHASE_WORDS[phase]}, run ${run + 1}: ${inSpan.length} long tasks in ${Math.round((to - from) / 1000)} s profiled ===`,
  );
  for (const task of longest) {
    console.log(
      `${Math.round(task.duration)} ms at ${Math.round(task.startTime - from)} ms, ${describeClick(task, clicks)}`,
    );
    for (const script of scriptsOf(task, frames)) console.log(`    script: ${script}`);
    for (const fn of profiled.hottest([spanOf(task)], 'selfMs', 4))
      console.log(`    self ${fn.selfMs} ms (total ${fn.totalMs}) ${fn.function}`);
    for (const fn of profiled.hottest([spanOf(task)], 'totalMs', 4, ownCode))
      console.log(`    app: total ${fn.totalMs} ms (self ${fn.selfMs}) ${fn.function}`);
  }
  if (longest.length > 0) {
    console.log(`The ${longest.length} longest tasks together, by self time:`);
    console.table(profiled.hottest(longest.map(spanOf), 'selfMs', opts.top));
    console.log('… and by total time:');
    console.table(profiled.hottest(longest.map(spanOf), 'totalMs', opts.top));
  }
  const routeClicks = clicks.filter((c) => opts.routes.includes(c.section));
  if (routeClicks.length > 0) {
    console.log(`The clicks to ${opts.routes.join(', ')} (press → list painted), by total time:`);
    console.table(profiled.hottest(routeClicks.map(clickSpan), 'totalMs', opts.top));
  }
  if (trace)
    printTrace(trace, {
      span: { from: markedAt, to },
      tasks: opts.tasks,
      clickSpans: routeClicks.map(clickSpan),
      describe: (startTime) => describeClick({ startTime }, clicks),
    });
  const navMs = routeClicks.map((c) => ('timedOut' in c ? NAV_TIMEOUT_MS : c.paintedMs));
  console.log(
    `Clicks (ms): ${clicks.map((c) => `${c.section} ${Math.round(clickSpan(c).to - c.pressedAt)}`).join(', ')}`,
  );
  return { longestMs: Math.max(0, ...inSpan.map((t) => t.duration)), navMs } satisfies PhaseFigures;
}

/** In the page: every order of the simulator cached and the status bar idle (bench/sync/initialSync.ts). */
async function waitComplete(page: Page, orders: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(statusIdle)) {
      const cached = await page.evaluate(openOrdersCached, { ids: [], statuses: OPEN_STATUSES });
      if (cached?.allOrders === orders) return;
    }
    if (Date.now() > deadline) throw new Error(`the sync was not complete in ${timeoutMs / 1000} s`);
    await sleep(1_000);
  }
}

async function runOnce(opts: Options, rendererDir: string, locate: Locate, run: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockhand-bench-profile-'));
  const host = await startBrowserHost({
    port: 0,
    dataDir,
    demo: true,
    demoDataset: opts.dataset,
    rendererDir,
  });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  const figures = new Map<Phase, PhaseFigures>();
  try {
    const orders = host.bridge.demoSimulator()?.state.purchaseOrders.size ?? 0;
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    page.on('pageerror', (error) => console.error(`page: ${error.message}`));
    // tsx's keepNames wraps named inner functions in `__name(…)`: the page gets that helper.
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await page.addInitScript(watchLongTasks);
    await page.addInitScript(installStressProbe, { navTimeoutMs: NAV_TIMEOUT_MS, keyTimeoutMs: 30_000 });
    await throttleCpu(page, opts.rate);
    await page.goto(host.url);
    await page.locator('nav[aria-label="Main"]').waitFor({ timeout: 120_000 });
    if (opts.phases.includes('mid')) {
      await sleep(opts.midAfterMs);
      if (await page.evaluate(statusIdle))
        console.log('(the sync was already idle: these clicks are not mid-sync)');
      figures.set('mid', await profiledClicks(page, 'mid', opts, locate, run));
    }
    if (opts.phases.includes('after')) {
      console.log('Waiting for the sync to complete (unthrottled)…');
      await throttleCpu(page, 1);
      await waitComplete(page, orders, opts.syncTimeoutMs);
      await throttleCpu(page, opts.rate);
      figures.set('after', await profiledClicks(page, 'after', opts, locate, run));
    }
  } finally {
    await browser.close();
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}

async function main() {
  const opts = options();
  const rendererDir = join(opts.dir, 'renderer');
  if (opts.build || !existsSync(join(rendererDir, 'index.html'))) {
    console.log('Building the renderer unminified, with source maps…');
    await buildRenderer(rendererDir, { minify: false });
  }
  const locate = await frameLocator(rendererDir);
  const runs: Map<Phase, PhaseFigures>[] = [];
  for (let run = 0; run < opts.runs; run++) {
    console.log(`Run ${run + 1} of ${opts.runs} (${opts.dataset}, CPU ${opts.rate}×)…`);
    runs.push(await runOnce(opts, rendererDir, locate, run));
  }
  console.log('\nPer phase over the runs (median [min–max]):');
  const line = (values: number[]) => {
    const s = summarize(values);
    return `${Math.round(s.p50)} [${Math.round(s.min)}–${Math.round(s.max)}]`;
  };
  for (const phase of opts.phases) {
    const all = runs.flatMap((figures) => figures.get(phase) ?? []);
    if (all.length === 0) continue;
    const navs = all.filter((f) => f.navMs.length > 0);
    console.log(
      `${PHASE_WORDS[phase]}: longest task ${line(all.map((f) => f.longestMs))} ms;` +
        (navs.length > 0
          ? ` clicks p50 ${line(navs.map((f) => summarize(f.navMs).p50))} ms, p95 ${line(navs.map((f) => summarize(f.navMs).p95))} ms`
          : ''),
    );
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
