/**
 * The status stream the UI shows: one scenario that puts ops in every state the counts report (pending,
 * sending, failed, blocked, conflicted, uncertain), with "sending" shown while the request is in flight;
 * and the watchdog, driven by its own timer on the injected clock, flagging only a stall the engine itself
 * should have moved (not offline, not ops that wait for the user).
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import { switchableSignal } from './testing/onlineSignal';
import type { OpCountsView, SyncStatus } from './types';
import { customerEdit, offlineInvoice, offlineOrder, uniqueText } from './testing/edits';
import { problemResponse, recordingFetch, waitFor } from './testing/fetches';
import { simulatorSuite } from './testing/simulatorSuite';
import { type EngineHarness } from './testing/harness';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }), {
  afterEach: (sim) => sim.control.resetFaults(),
});
let harness: EngineHarness | undefined;

const COUNTS = ['pending', 'sending', 'failed', 'blocked', 'conflicted', 'uncertain'] as const;

describe('status counts', () => {
  it('report every state a scenario produces, sending while the request is out', async () => {
    let goodOrder = '';
    let sendingSeenInFlight: number | undefined;
    const recording = recordingFetch(async (request, forward) => {
      const isCreate = request.method === 'POST' && request.url.endsWith('/purchaseorders');
      const body = isCreate
        ? ((await request.clone().json()) as { external_purchase_order_id: string })
        : null;
      if (body?.external_purchase_order_id !== goodOrder) return forward();
      goodOrder = ''; // only the first attempt: a gateway answers 502 after the server committed
      // The op was marked sending before this request left: the stream must already say so.
      await waitFor(() => harness!.engine.status.get().counts.sending > 0, 2_000);
      sendingSeenInFlight = harness!.engine.status.get().counts.sending;
      await forward();
      return problemResponse(502, 'Bad Gateway');
    });
    harness = suite.harness({ clientOptions: { fetch: recording.fetch } });
    const good = await offlineOrder(harness.db);
    goodOrder = good.externalId;
    const bad = await offlineOrder(harness.db, { supplier: 99_994 });
    const blocked = await offlineInvoice(harness.db, bad.tempId, bad.lineTempIds[0]!);
    const base = await harness.client.call('getCustomer', { params: { id: 50080 } });
    const conflicted = await customerEdit(harness.db, 50080, { custom_reference: 'mine' }, base);
    await harness.client.call('updateCustomer', {
      params: { id: 50080 },
      body: { custom_reference: uniqueText('theirs') },
    });
    const seen: OpCountsView[] = [];
    harness.engine.status.subscribe((status: SyncStatus) => seen.push(status.counts));
    // Slow enough that the uncertain create's lookup is still out when the counts are read.
    suite.sim.control.setFaults({ latencyMs: 60 });

    await harness.engine.start();
    await harness.drain();

    expect(sendingSeenInFlight).toBeGreaterThanOrEqual(1);
    const peak = Object.fromEntries(COUNTS.map((c) => [c, Math.max(...seen.map((counts) => counts[c]))]));
    // Three queued at start (the invoice is blocked from the outset), up to three sent at once.
    expect(peak).toMatchObject({ pending: 3, failed: 1, blocked: 1, conflicted: 1, uncertain: 1 });
    expect(peak.sending).toBeGreaterThanOrEqual(1);
    expect(harness.engine.status.get().counts).toEqual({
      pending: 0,
      sending: 0,
      failed: 1,
      blocked: 1,
      conflicted: 1,
      uncertain: 0,
    });
    expect(suite.sim.control.snapshot().purchaseOrders[good.externalId]).toHaveLength(1);
    expect((await harness.store.getOp({ id: blocked.op.id })).op!.state).toBe('blocked');
    expect((await harness.store.getOp({ id: conflicted.id })).op!.state).toBe('conflicted');
  });
});

describe('watchdog', () => {
  it('flags a stall on its own timer, only while online with ops the engine should be sending', async () => {
    // The injected clock runs with real time; the test moves it on by whole minutes.
    let offset = Date.parse('2026-03-01T09:00:00Z') - Date.now();
    const signal = switchableSignal(false);
    // watchdogMs 400: the check runs every 100 ms of real time.
    harness = suite.harness({
      now: () => new Date(Date.now() + offset),
      watchdogMs: 400,
      online: signal,
    });
    const bad = await offlineOrder(harness.db, { supplier: 99_993 });
    const edit = await customerEdit(harness.db, 50081, { custom_reference: uniqueText('stall') });
    const flags: SyncStatus['watchdog'][] = [];
    harness.engine.status.subscribe((status) => flags.push(status.watchdog));

    // Offline: nothing can move, so nothing is stuck, however long it lasts.
    await harness.engine.start();
    offset += 60_000;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(harness.engine.status.get().watchdog.stuck).toBe(false);

    // Online, but every send is refused: stuck once 400 ms pass without progress, with no syncNow.
    suite.sim.control.setFaults({ error5xxRate: 1 });
    signal.set(true);
    await waitFor(async () => (await harness!.store.getOp({ id: bad.op.id })).op!.attempts > 0);
    // The reason names the last error once a refusal has come back.
    await waitFor(() => /503/.test(harness!.engine.status.get().watchdog.reason ?? ''));
    expect(harness.engine.status.get().watchdog).toMatchObject({ stuck: true });
    expect(harness.engine.status.get().watchdog.reason).toMatch(/^2 change\(s\) waiting/);

    // Progress clears it; what is left (a failed op) waits for the user, not for the engine.
    suite.sim.control.resetFaults();
    await harness.drain();
    await waitFor(() => !harness!.engine.status.get().watchdog.stuck);
    expect((await harness.store.getOp({ id: bad.op.id })).op!.state).toBe('failed');
    expect((await harness.store.getOp({ id: edit.id })).op!.state).toBe('done');
    offset += 60_000;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(harness.engine.status.get().watchdog.stuck).toBe(false);
    expect(flags.some((flag) => flag.stuck)).toBe(true);
  });
});

describe('status activity', () => {
  it('says "pulling" from the moment a pull starts, and "idle" once it is over', async () => {
    const atFirstPullRequest: SyncStatus['activity'][] = [];
    const recording = recordingFetch(async (request, forward) => {
      if (request.url.includes('/supplierreturnreasons') && atFirstPullRequest.length === 0) {
        atFirstPullRequest.push(harness!.engine.status.get().activity);
      }
      return forward();
    });
    harness = suite.harness({
      pull: { resources: ['returnReasons'], byId: false },
      clientOptions: { fetch: recording.fetch },
    });
    await harness.engine.start();
    await harness.engine.syncNow();
    await harness.engine.idle();
    expect(atFirstPullRequest).toEqual(['pulling']);
    expect(harness.engine.status.get().activity).toBe('idle');
  });
});
