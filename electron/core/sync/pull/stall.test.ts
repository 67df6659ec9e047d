/**
 * A store that stops answering for longer than the timeout (issue 24: "did not answer applyPulledPage within
 * 30000 ms", then the tier never moved again), against the real simulator over HTTP. The pull's pages go
 * through the real bridge pieces (electron/core/bridge/rendererLink.ts with a short timeout, the store link
 * both ways, src/bridge/storeLink.ts) to the Dexie store; the "window" stops working on pages once the
 * invoices' second page arrives, and starts again only once the status said the pull is stalled and the
 * page was sent again. A pull that dropped the page never sends it again: the hold's hang guard releases
 * it, and the assertions fail. No assertion is about time.
 */
import { expect, it } from 'vitest';
import { startSimulator } from '../../../../server/index';
import type { StoreRequest } from '../../../../src/bridge/contract';
import { remoteStorePort, storeRequestHandler } from '../../../../src/bridge/storeLink';
import type { StorePort } from '../../../../src/db/storePort';
import { pullStallText } from '../../../../src/components/status/syncWords';
import { createRendererLink } from '../../bridge/rendererLink';
import { engineHarness } from '../testing/harness';
import { firstRun, hold } from '../testing/hold';
import { simulatorSuite } from '../testing/simulatorSuite';
import type { SyncLogEntry, SyncStatus } from '../types';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

const passOf = (request: StoreRequest) =>
  (request.request as { chain?: { pass: string; seq: number } }).chain ?? null;

/**
 * `store` with its page stores carried over a renderer link that gives up after `timeoutMs`, by a window
 * that stops working on pages when `freezeAt` says so, until `held` is released. Requests keep their order,
 * as over IPC; the window answers late, which the link ignores.
 */
function slowWindow(store: StorePort, timeoutMs: number, freezeAt: (request: StoreRequest) => boolean) {
  const handle = storeRequestHandler(store);
  const held = hold();
  const sent: StoreRequest[] = [];
  let turn: Promise<unknown> = Promise.resolve();
  const created = createRendererLink({
    label: 'slow window',
    timeoutMs,
    sendEvent: () => {},
    sendStoreRequest: (request) => {
      sent.push(request);
      if (!held.released && freezeAt(request)) turn = held.wait();
      void turn.then(() => handle(request)).then((reply) => created.receiveStoreReply(reply));
    },
  });
  const linked = remoteStorePort((request) => created.link.requestStore(request));
  const wrapped = Object.create(store) as StorePort;
  wrapped.applyPulledPage = linked.applyPulledPage;
  return { store: wrapped, held, sent };
}

it('sends again a page the store did not answer in time, shows "stalled" meanwhile, and completes', async () => {
  const harness = suite.track(
    engineHarness(suite.sim, {
      pull: {
        resources: ['supplierInvoices', 'customers'],
        pageSize: 40,
        byId: false,
        intervalMs: 600_000,
        storeRetry: { baseMs: 20, capMs: 100 },
      },
    }),
  );
  const window = slowWindow(harness.store, 150, (request) => {
    const chain = passOf(request);
    return chain !== null && chain.pass.startsWith('supplierInvoices:') && chain.seq === 1;
  });
  const warnings: SyncLogEntry[] = [];
  const engine = harness.restart({
    store: window.store,
    logger: { info: () => {}, warn: (entry) => warnings.push(entry), error: (entry) => warnings.push(entry) },
  });
  const stalled: SyncStatus[] = [];
  engine.status.subscribe((status) => {
    if (status.pull.stalled) stalled.push(structuredClone(status));
    // The window answers again once the pull said it stalls and has sent the held page again.
    const frozen = window.sent.find((request) => passOf(request)?.pass.startsWith('supplierInvoices:'));
    const again = window.sent.filter(
      (request) => frozen && passOf(request)?.pass === passOf(frozen)!.pass && passOf(request)!.seq === 1,
    );
    if (status.pullProgress.supplierInvoices?.stalled && again.length >= 2) window.held.release();
  });
  await firstRun(engine, window.held);

  // Released by the pull's own retry, not by the hang guard.
  expect(window.held.early).toBe(true);
  // Meanwhile the status said "stalled", why, and when it tries again, for the invoices.
  const first = stalled.find((status) => status.pullProgress.supplierInvoices?.stalled);
  expect(first).toBeDefined();
  expect(first!.pull.stalled).toMatchObject({ reason: 'store-slow' });
  expect(first!.pull.stalled!.resources).toContain('supplierInvoices');
  expect(first!.pull.etaMs).toBeUndefined();
  // In the clerk's words, 20 s before the retry:
  const at = Date.parse(first!.pull.stalled!.retryAt!);
  expect(pullStallText(first!.pull, at - 20_000)).toBe(
    'This PC is slow to save the downloaded data — retrying in 20 s',
  );
  expect(warnings.some((w) => w.event === 'pull-store-slow' && w.resource === 'supplierInvoices')).toBe(true);
  // Nothing failed: the page was late, not lost.
  expect(warnings.filter((w) => w.event === 'pull-failed')).toEqual([]);

  // The run completed with every row stored, and says nothing stalls any more.
  const done = engine.status.get();
  expect(done.pull).toMatchObject({ tier: 'idle', firstSync: false });
  expect(done.pull.stalled).toBeUndefined();
  const counts = suite.sim.control.snapshot().counts;
  expect(await harness.db.supplierInvoices.count()).toBe(counts.supplierInvoices);
  expect(await harness.db.customers.count()).toBe(counts.customers);
  const { cursor } = await harness.store.getCursor({ resource: 'supplierInvoices' });
  expect(cursor!.initial).toMatchObject({ finished: true, done: counts.supplierInvoices });
});
