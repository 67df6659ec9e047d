/**
 * Connectivity and liveness: going offline pauses sending without spending attempts and the outbox drains
 * when the API answers again, within 2 s of its return on the injected clock; credentials refused pause the engine; the watchdog flags a stall, judged on
 * the injected clock.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import { switchableSignal } from './testing/onlineSignal';
import { customerEdit, uniqueText } from './testing/edits';
import { recordingFetch, sleep, waitFor } from './testing/fetches';
import { simulatorSuite } from './testing/simulatorSuite';
import { type EngineHarness } from './testing/harness';
import { manualClock, type ManualClock } from './testing/manualClock';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }), {
  afterEach: async (sim) => {
    sim.control.resetFaults();
    await sim.control.setOffline(false);
  },
});
let harness: EngineHarness | undefined;

describe('offline', () => {
  it('pauses without burning attempts while the API is unreachable, and drains when it is back', async () => {
    harness = suite.harness({ random: () => 0.5 });
    await harness.client.call('getShippingPort', { params: { id: 1 } });
    const ops = [
      await customerEdit(harness.db, 50030, { custom_reference: 'offline-1' }),
      await customerEdit(harness.db, 50031, { custom_reference: 'offline-2' }),
    ];
    await suite.sim.control.setOffline(true);
    await harness.engine.start();
    // Noticing takes a refused connection and a failed probe: waited for, since a loaded machine is slow.
    await waitFor(() => harness!.engine.status.get().activity === 'offline');
    // Then time offline, in which a broken engine would keep sending (and spending attempts).
    await sleep(600);

    expect(harness.engine.status.get()).toMatchObject({ online: false, activity: 'offline' });
    for (const op of ops) {
      expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'queued', attempts: 0 });
    }

    await suite.sim.control.setOffline(false);
    await harness.drain(10_000);
    for (const op of ops) {
      expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done', attempts: 1 });
    }
    expect(harness.engine.status.get().online).toBe(true);
  });

  it('believes the platform signal at once and waits for it before sending', async () => {
    const signal = switchableSignal(false);
    harness = suite.harness({ online: signal });
    const op = await customerEdit(harness.db, 50032, { custom_reference: 'signal' });
    await harness.engine.start();
    await sleep(100);
    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'queued', attempts: 0 });

    signal.set(true);
    await harness.drain();
    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('pauses on rejected credentials without spending attempts, and resumes on syncNow', async () => {
    let key = 'wrong-key';
    harness = suite.harness({ clientOptions: { getApiKey: () => Promise.resolve(key) } });
    const op = await customerEdit(harness.db, 50033, { custom_reference: 'auth' });
    await harness.engine.start();
    await harness.engine.idle();

    expect(harness.engine.status.get()).toMatchObject({ authenticated: false, activity: 'paused' });
    expect(harness.engine.status.get().pausedReason).toContain('credentials rejected');
    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'queued', attempts: 0 });

    key = 'demo-key';
    await harness.engine.syncNow();
    await harness.drain();
    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done', attempts: 1 });
  });
});

describe('back online means now', () => {
  /** Records when (on the test's clock) each request other than a token request left. */
  function clockedFetch(clock: ManualClock) {
    const sent: { at: number; method: string }[] = [];
    const recording = recordingFetch(async (request, forward) => {
      if (!request.url.endsWith('/auth/token')) sent.push({ at: clock.now(), method: request.method });
      return forward();
    });
    return { fetch: recording.fetch, sent };
  }

  it('probes at most 2 s apart however long the outage, so the op leaves within 2 s of the API coming back', async () => {
    const clock = manualClock();
    const requests = clockedFetch(clock);
    // The worst jitter: every wait is the longest the backoff allows.
    harness = suite.harness({
      clock,
      random: () => 0.999,
      probeBackoff: undefined,
      clientOptions: { fetch: requests.fetch },
    });
    await harness.client.call('getShippingPort', { params: { id: 1 } });
    const op = await customerEdit(harness.db, 50035, { custom_reference: uniqueText('back') });
    await suite.sim.control.setOffline(true);
    await harness.engine.start();
    await waitFor(() => harness!.engine.status.get().activity === 'offline');

    // A long outage: many failed probes, each the next one's wait no longer than 2 s.
    for (let probe = 0; probe < 12; probe++) {
      await waitFor(() => clock.nextWake() !== undefined);
      expect(clock.nextWake()! - clock.now()).toBeLessThanOrEqual(2_000);
      clock.advanceToNext();
    }
    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'queued', attempts: 0 });

    await suite.sim.control.setOffline(false);
    const back = clock.now();
    await waitFor(() => clock.nextWake() !== undefined);
    clock.advanceToNext();
    await harness.drain();

    const put = requests.sent.filter((request) => request.method === 'PUT');
    expect(put.length).toBeGreaterThanOrEqual(1);
    expect(put.at(-1)!.at - back).toBeLessThanOrEqual(2_000);
    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('probes at once when the platform says online, without waiting for the pending probe', async () => {
    const clock = manualClock();
    const signal = switchableSignal(true);
    const requests = clockedFetch(clock);
    harness = suite.harness({ clock, online: signal, clientOptions: { fetch: requests.fetch } });
    await harness.client.call('getShippingPort', { params: { id: 1 } });
    const op = await customerEdit(harness.db, 50036, { custom_reference: uniqueText('signal-back') });
    await suite.sim.control.setOffline(true);
    await harness.engine.start();
    await waitFor(() => harness!.engine.status.get().activity === 'offline');
    await waitFor(() => clock.nextWake() !== undefined);

    // The network changes (the dock's Wi-Fi drops and comes back) while the API is reachable again.
    signal.set(false);
    await suite.sim.control.setOffline(false);
    const back = clock.now();
    signal.set(true);
    await harness.drain();

    // Sent without the clock moving: the pending probe's wait was not needed.
    expect(clock.now()).toBe(back);
    expect(requests.sent.filter((request) => request.method === 'PUT').at(-1)!.at).toBe(back);
    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done', attempts: 1 });
  });
});

describe('watchdog', () => {
  it('flags online + pending + no progress for two minutes on the injected clock, and clears on progress', async () => {
    let clock = Date.parse('2026-03-01T09:00:00Z');
    harness = suite.harness({ now: () => new Date(clock) });
    const op = await customerEdit(harness.db, 50034, { custom_reference: 'stuck' });
    suite.sim.control.setFaults({ error5xxRate: 1 });
    await harness.engine.start();
    await harness.engine.idle();
    // Sent and refused (a stale pooled connection may add a replayed attempt; either way it waits to retry).
    const waiting = (await harness.store.getOp({ id: op.id })).op!;
    expect(waiting).toMatchObject({ state: 'queued' });
    expect(waiting.attempts).toBeGreaterThanOrEqual(1);
    expect(harness.engine.status.get().watchdog.stuck).toBe(false);

    clock += 61_000;
    await harness.engine.syncNow();
    expect(harness.engine.status.get().watchdog.stuck).toBe(false);

    clock += 61_000;
    await harness.engine.syncNow();
    await harness.engine.idle();
    const status = harness.engine.status.get();
    expect(status.watchdog.stuck).toBe(true);
    expect(status.watchdog.reason).toMatch(/1 change\(s\) waiting.*2 minute/);
    expect(status.watchdog.reason).toContain('503');

    suite.sim.control.resetFaults();
    clock += 61_000;
    await harness.engine.syncNow();
    await harness.drain();
    expect(harness.engine.status.get().watchdog.stuck).toBe(false);
  });
});
