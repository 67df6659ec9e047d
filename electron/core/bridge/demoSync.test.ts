/**
 * The demo and the engine through the bridge, end to end in Node: demo.start runs the real simulator
 * in-process, store.attach starts the engine whose store is a renderer's Dexie database reached only through
 * the link, and purchase orders arrive in that database. Then the lifecycle: a newer renderer takes over, a
 * closed one stops sync, a restart brings the demo back on a new port, clear stops everything, and
 * concurrent lifecycle commands never leave two engines running.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState, SyncStatusView } from '../../../src/bridge/contract';
import { startSimulator, type Simulator } from '../../../server/index';
import { offlineOrder } from '../sync/testing/edits';
import { switchableSignal } from '../sync/testing/onlineSignal';
import { DEMO_RATE_LIMIT, type DemoSimulatorOptions, type StartDemoSimulator } from './demo';
import { bridgeHarness, type BridgeHarness } from './testing/harness';
import { waitUntil, type TestRenderer } from './testing/links';

const harnesses: BridgeHarness<Simulator>[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) {
    await h.bridge.close();
    expect(h.everything()).not.toContain('demo-key');
    for (const renderer of h.renderers) expect(renderer.invalidEvents).toEqual([]);
  }
});

/** Compile-time check: hosts pass server/index.ts `startSimulator` as it is. */
const _hostsPassThis: StartDemoSimulator<Simulator> = startSimulator;

/** What the bridge asked of the simulator, before the tests lift its rate limit. */
const asked: DemoSimulatorOptions[] = [];

/** The simulator as the hosts pass it, with a generous rate limit so the tests are not paced. */
const fastSimulator = (options: DemoSimulatorOptions) => {
  asked.push(options);
  return startSimulator({ ...options, rateLimit: 100_000 });
};

function demoHarness(dir?: string) {
  const h = bridgeHarness<Simulator>({ startSimulator: fastSimulator, ...(dir ? { dir } : {}) });
  harnesses.push(h);
  return h;
}

const valueOf = <T>(result: unknown) => {
  expect(result).toMatchObject({ ok: true });
  return (result as { value: T }).value;
};

async function startDemo(r: TestRenderer): Promise<ConnectionState> {
  return valueOf<ConnectionState>(await r.invoke('demo.start', { dataset: 'small' }));
}

async function attach(r: TestRenderer, storeName: string) {
  r.db(storeName);
  expect(await r.invoke('store.attach', { storeName })).toEqual({ ok: true, value: {} });
}

const pulled = (r: TestRenderer, storeName: string) => async () =>
  (await r.db(storeName).table('purchaseOrders').count()) > 0;

const engineBalance = (h: BridgeHarness<Simulator>) =>
  h.logs.filter((l) => l.message === 'engine started').length -
  h.logs.filter((l) => l.message === 'engine stopped').length;

describe('main bridge: demo and sync', () => {
  it('demo.start → store.attach → purchase orders pulled into the renderer’s database', async () => {
    const h = demoHarness();
    const r = h.renderer('tab 1');
    const state = await startDemo(r);
    const sim = h.bridge.demoSimulator()!;
    expect(state).toEqual({
      status: 'demo',
      baseUrl: sim.baseUrl,
      demoDataset: 'small',
      storeName: 'dockhand-demo-small',
      persistent: true,
    });
    expect(r.eventsNamed('connection.changed').map((e) => e.payload)).toEqual([state]);
    expect(await h.reopenSecrets().load()).toEqual({ baseUrl: sim.baseUrl, apiKey: 'demo-key', demo: true });
    expect(h.logs).toContainEqual(expect.objectContaining({ message: 'demo started' }));
    // A realistic limit, not the simulator's 300 a minute (a test setting of our own).
    expect(asked.at(-1)).toMatchObject({ dataset: 'small', rateLimit: DEMO_RATE_LIMIT });
    expect(DEMO_RATE_LIMIT).toBeGreaterThanOrEqual(3_000);

    // Again with the same dataset: nothing restarts.
    expect(await startDemo(r)).toEqual(state);
    expect(h.bridge.demoSimulator()).toBe(sim);

    await attach(r, state.storeName!);
    await waitUntil(pulled(r, state.storeName!), 'purchase orders in the renderer’s database');
    await waitUntil(
      () => r.eventsNamed('sync.status').some((e) => e.payload.pullProgress.purchaseOrders !== undefined),
      'a sync.status event with the pull’s progress',
    );
    const [order] = await r.db(state.storeName!).table('purchaseOrders').toArray();
    expect(sim.state.purchaseOrders.has((order as { id: number }).id)).toBe(true);
    const status = valueOf<SyncStatusView>(await r.invoke('sync.status'));
    expect(status).toMatchObject({ running: true, online: true, authenticated: true });
    expect(await r.invoke('sync.now')).toEqual({ ok: true, value: { started: true } });
  });

  it('op actions go through the engine and announce ops.changed', async () => {
    const h = demoHarness();
    const r = h.renderer('tab 1');
    const { storeName } = await startDemo(r);
    const db = r.db(storeName!);
    const bad = await offlineOrder(db, { supplier: 99_994 }); // an unknown supplier: the server refuses it
    await attach(r, storeName!);
    await waitUntil(
      async () => (await db.outbox.get({ id: bad.op.id }))?.state === 'failed',
      'the op failing',
    );

    const preview = valueOf<{ ops: { id: string }[] }>(
      await r.invoke('op.discardPreview', { id: bad.op.id }),
    );
    expect(preview.ops.map((op) => op.id)).toEqual([bad.op.id]);
    const retried = valueOf<{ affected: string[] }>(await r.invoke('op.retry', { id: bad.op.id }));
    expect(retried.affected).toContain(bad.op.id);
    expect(r.eventsNamed('ops.changed').at(-1)?.payload.ids).toContain(bad.op.id);
    await waitUntil(
      async () => (await db.outbox.get({ id: bad.op.id }))?.state === 'failed',
      'failing again',
    );

    const discarded = valueOf<{ discarded: string[] }>(await r.invoke('op.discard', { id: bad.op.id }));
    expect(discarded.discarded).toEqual([bad.op.id]);
    expect(r.eventsNamed('ops.changed').at(-1)?.payload.ids).toEqual([bad.op.id]);
    expect(valueOf(await r.invoke('op.retry', { id: 'no-such-op' }))).toEqual({ op: null, affected: [] });
  });

  it('sync.now while the server is down says why nothing happens, with the changes that wait', async () => {
    const h = demoHarness();
    const r = h.renderer('tab 1');
    const { storeName } = await startDemo(r);
    const db = r.db(storeName!);
    await attach(r, storeName!);
    await waitUntil(pulled(r, storeName!), 'the first pull');
    const sim = h.bridge.demoSimulator()!;
    await sim.control.setOffline(true);
    await offlineOrder(db);

    // The first click finds the engine online: it starts, and its requests find the server gone.
    expect(valueOf(await r.invoke('sync.now'))).toEqual({ started: true });
    await waitUntil(
      async () => valueOf<SyncStatusView>(await r.invoke('sync.status')).online === false,
      'the engine noticing',
    );
    const answer = valueOf<{ started: boolean; reason?: string }>(await r.invoke('sync.now'));
    expect(answer.started).toBe(false);
    expect(answer.reason).toMatch(/server does not answer/);
    expect(answer.reason).toMatch(/1 change waits/);

    await sim.control.setOffline(false);
    expect(valueOf(await r.invoke('sync.now'))).toEqual({ started: true });
  });

  it('customer.loyaltyHistory reads a page of the history from the API, newest first; failures in words', async () => {
    const h = demoHarness();
    const r = h.renderer('tab 1');
    const { storeName } = await startDemo(r);
    await attach(r, storeName!);
    const sim = h.bridge.demoSimulator()!;
    const [customerId, entries] = [...sim.state.loyaltyHistory].find(([, list]) => list.length >= 3)!;

    const page = valueOf<{ data: { id: number; created_on: string }[]; total_records: number }>(
      await r.invoke('customer.loyaltyHistory', { customerId, page: 1 }),
    );
    expect(page.total_records).toBe(entries.length);
    expect(page.data.map((entry) => entry.id).sort()).toEqual(entries.map((entry) => entry.id).sort());
    const times = page.data.map((entry) => entry.created_on);
    expect(times).toEqual([...times].sort().reverse());

    // The renderer is untrusted: a page that is not a whole number never reaches the API.
    expect(await r.invoke('customer.loyaltyHistory', { customerId, page: 0 })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await r.invoke('customer.loyaltyHistory', { customerId: 999_999, page: 1 })).toMatchObject({
      ok: false,
      error: { message: 'The server has no customer 999999.' },
    });
    await sim.control.setOffline(true);
    const offline = await r.invoke('customer.loyaltyHistory', { customerId, page: 1 });
    expect(offline).toMatchObject({ ok: false, error: { code: 'failed' } });
    expect((offline as { error: { message: string } }).error.message).toMatch(/^The server does not answer/);
  });

  it('sync.now while the computer has no network says so', async () => {
    const signal = switchableSignal(false);
    const h = bridgeHarness<Simulator>({ startSimulator: fastSimulator, overrides: { online: signal } });
    harnesses.push(h);
    const r = h.renderer('tab 1');
    const { storeName } = await startDemo(r);
    await attach(r, storeName!);
    await waitUntil(
      async () => valueOf<SyncStatusView | null>(await r.invoke('sync.status'))?.running === true,
      'the engine running',
    );
    const answer = valueOf<{ started: boolean; reason?: string }>(await r.invoke('sync.now'));
    expect(answer).toMatchObject({ started: false });
    expect(answer.reason).toMatch(/this computer is offline/);
    expect(answer.reason).toMatch(/Changes you make are kept on this computer/);
  });

  it('a newer renderer takes over the store; a closed one stops sync', async () => {
    const h = demoHarness();
    const first = h.renderer('tab 1');
    const { storeName } = await startDemo(first);
    await attach(first, storeName!);
    await waitUntil(() => engineBalance(h) === 1, 'the first engine');

    // Its own profile, so the second engine must pull everything again through the second link.
    const second = h.renderer('tab 2', new IDBFactory());
    await attach(second, storeName!);
    expect(first.eventsNamed('store.detached')).toHaveLength(1);
    expect(second.eventsNamed('store.detached')).toHaveLength(0);
    await waitUntil(pulled(second, storeName!), 'purchase orders through the second link');

    // The first tab closing changes nothing; the serving one closing stops the engine.
    first.close();
    await h.bridge.detach(first.link);
    expect(valueOf(await second.invoke('sync.status'))).not.toBeNull();
    second.close();
    await h.bridge.detach(second.link);
    expect(engineBalance(h)).toBe(0);
    const third = h.renderer('tab 3');
    expect(await third.invoke('sync.status')).toEqual({ ok: true, value: null });
  });

  it('a later run restarts the saved demo on a new port, lazily', async () => {
    const before = demoHarness();
    const r = before.renderer('window 1');
    const { baseUrl: oldUrl } = await startDemo(r);
    await before.bridge.close();
    expect(before.bridge.demoSimulator()).toBeUndefined();

    const after = demoHarness(before.dir);
    expect(after.bridge.demoSimulator()).toBeUndefined(); // nothing started before it is needed
    const again = after.renderer('window 1');
    const state = valueOf<ConnectionState>(await again.invoke('connection.get'));
    const sim = after.bridge.demoSimulator()!;
    expect(state).toMatchObject({ status: 'demo', demoDataset: 'small', storeName: 'dockhand-demo-small' });
    expect(state.baseUrl).toBe(sim.baseUrl);
    expect(sim.baseUrl).not.toBe(oldUrl);
    expect((await after.reopenSecrets().load())?.baseUrl).toBe(sim.baseUrl);
  });

  it('connection.clear stops the engine and the simulator and forgets the connection', async () => {
    const h = demoHarness();
    const r = h.renderer('window 1');
    const { storeName, baseUrl } = await startDemo(r);
    await attach(r, storeName!);
    await waitUntil(() => engineBalance(h) === 1, 'the engine');
    const cleared = valueOf<ConnectionState>(await r.invoke('connection.clear'));
    expect(cleared.status).toBe('none');
    expect(engineBalance(h)).toBe(0);
    expect(h.bridge.demoSimulator()).toBeUndefined();
    expect(r.eventsNamed('sync.status').at(-1)?.payload.running).toBe(false);
    expect(await h.reopenSecrets().load()).toBeUndefined();
    await expect(fetch(`${baseUrl}/auth/token`)).rejects.toThrow();
    expect(await r.invoke('op.retry', { id: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'not_connected' },
    });
  });

  it('concurrent lifecycle commands leave exactly one engine', async () => {
    const h = demoHarness();
    const a = h.renderer('tab a');
    const b = h.renderer('tab b');
    const { storeName } = await startDemo(a);
    a.db(storeName!);
    b.db(storeName!);
    await Promise.all([
      a.invoke('store.attach', { storeName }),
      b.invoke('store.attach', { storeName }),
      a.invoke('demo.start', { dataset: 'small' }),
      a.invoke('store.attach', { storeName }),
      b.invoke('connection.get'),
    ]);
    await waitUntil(() => engineBalance(h) === 1, 'one engine running');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(engineBalance(h)).toBe(1);
  });
});
