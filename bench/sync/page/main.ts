/**
 * The sync benchmark's page (built by ../build.ts, never part of the app's bundle): a Dexie DockhandDb with
 * the data set of ./catalogue.ts, the real New PO form and purchase order list mounted on it, and the probes
 * the runner drives through `window.syncBench` (./api.ts). The paint probe, key probe and long-task watch are
 * the receiving benchmark's (../../receiving/page/probes.ts).
 */
import '../../../src/app.css';
import { DockhandDb } from '../../../src/db/schema';
import { probePage } from '../../receiving/page/probes';
import type { ColdKind, ColdStart, SyncBenchApi } from './api';
import { coldStart } from './coldStart';
import { fillTo, lineCount, mountNewOrder, problemReader, quantityReader } from './newOrder';
import { seed } from './seed';

const { target, arm, takeSample, common } = probePage();

// Opened on first use: a cold start must open it itself, after the page has loaded.
let opened: DockhandDb | null = null;
const db = () => (opened ??= new DockhandDb('dockhand-bench-sync'));
let unmountForm: (() => Promise<void>) | null = null;

const coldKind = new URLSearchParams(location.search).get('cold') as ColdKind | null;
const cold: Promise<ColdStart> | null = coldKind ? coldStart(db(), coldKind, target) : null;
cold?.catch(() => {});

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
  async sample() {
    return takeSample();
  },
  ...common,
  coldStart() {
    if (!cold) throw new Error('this page was not loaded for a cold start (?cold=<kind>)');
    return cold;
  },
};
window.syncBench = bench;
// The receiving harness's opener (../../receiving/browser.ts) waits for `window.bench`: this page is ready.
Object.assign(window, { bench: {} });
