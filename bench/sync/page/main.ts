/**
 * The sync benchmark's page (built by ../build.ts, never part of the app's bundle): a Dexie DockhandDb with
 * the data set of ./catalogue.ts, the real New PO form and purchase order list mounted on it, and the probes
 * the runner drives through `window.syncBench` (./api.ts). The paint probe, key probe and long-task watch are
 * the receiving benchmark's (../../receiving/page).
 */
import '../../../src/app.css';
import { DockhandDb } from '../../../src/db/schema';
import { scannerSettings } from '../../../src/lib/scanner/service.svelte';
import { DEFAULT_SCANNER_SETTINGS } from '../../../src/lib/scanner/settings';
import { installKeyProbe } from '../../receiving/page/keys';
import { watchLongTasks } from '../../receiving/page/longTasks';
import { whenPainted, type PaintOutcome } from '../../receiving/page/paint';
import type { ColdKind, ColdStart, SyncBenchApi } from './api';
import { coldStart } from './coldStart';
import { fillTo, lineCount, mountNewOrder, problemReader, quantityReader } from './newOrder';
import { seed } from './seed';

const PAINT_TIMEOUT_MS = 10_000;

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} missing from the harness page`);
  return found;
}

const saved = scannerSettings.save(DEFAULT_SCANNER_SETTINGS);
if (!saved.ok) throw new Error(saved.message);

// Opened on first use: a cold start must open it itself, after the page has loaded.
let opened: DockhandDb | null = null;
const db = () => (opened ??= new DockhandDb('dockhand-bench-sync'));
const keys = installKeyProbe(window, element('echo'));
const longTasks = watchLongTasks();
const target = element('screen');
let unmountForm: (() => Promise<void>) | null = null;
let armed: Promise<PaintOutcome> | null = null;

const coldKind = new URLSearchParams(location.search).get('cold') as ColdKind | null;
const cold: Promise<ColdStart> | null = coldKind ? coldStart(db(), coldKind, target) : null;
cold?.catch(() => {});

function arm(read: () => string | null, expected: string, refused: () => string | null) {
  keys.forget();
  armed = whenPainted(
    document.body,
    { read, expected, refused, enter: () => keys.lastEnter },
    PAINT_TIMEOUT_MS,
  );
  armed.catch(() => {});
}

const bench: SyncBenchApi = {
  async prepare() {
    const { seeded, ms } = await seed(db());
    return { seeded, seedMs: ms };
  },
  async mountNewOrder() {
    await bench.unmountNewOrder();
    unmountForm = await mountNewOrder(db(), target);
  },
  async unmountNewOrder() {
    await unmountForm?.();
    unmountForm = null;
  },
  fillTo,
  lineCount,
  armLine(productId, expected) {
    const problemShown = problemReader();
    const before = problemShown();
    arm(quantityReader(productId), String(expected), () => {
      const problem = problemShown();
      return problem !== null && problem !== before ? problem : null;
    });
  },
  armEcho() {
    arm(
      () => keys.echo.textContent,
      String(keys.echoes + 1),
      () => null,
    );
  },
  async sample() {
    if (!armed) throw new Error('sample() before arming a probe');
    const sample = armed;
    armed = null;
    return sample;
  },
  setMode(mode) {
    keys.mode = mode;
  },
  now: () => performance.now(),
  longTasks: (from, to) => longTasks.between(from, to),
  coldStart() {
    if (!cold) throw new Error('this page was not loaded for a cold start (?cold=<kind>)');
    return cold;
  },
};
window.syncBench = bench;
// The receiving harness's opener (../../receiving/browser.ts) waits for `window.bench`: this page is ready.
Object.assign(window, { bench: {} });
