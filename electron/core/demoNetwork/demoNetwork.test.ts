/**
 * The switch through the main bridge, against the real simulator in-process: on, the engine says offline
 * and an order raised meanwhile stays queued (nothing reaches the simulator); off, it is sent once. The
 * command is zod-checked and refused while the connection is not the demo's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState, SyncStatusView } from '../../../src/bridge/contract';
import { startSimulator, type Simulator } from '../../../server/index';
import type { DemoSimulatorOptions } from '../bridge/demo';
import { bridgeHarness, type BridgeHarness } from '../bridge/testing/harness';
import { waitUntil } from '../bridge/testing/links';
import { offlineOrder } from '../sync/testing/edits';
import { NOT_IN_DEMO_MESSAGE } from './networkSwitch';

const harnesses: BridgeHarness<Simulator>[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.bridge.close();
});

function demoHarness() {
  const h = bridgeHarness<Simulator>({
    startSimulator: (options: DemoSimulatorOptions) => startSimulator({ ...options, rateLimit: 100_000 }),
  });
  harnesses.push(h);
  return h;
}

const valueOf = <T>(result: unknown) => {
  expect(result).toMatchObject({ ok: true });
  return (result as { value: T }).value;
};

describe('demo network switch through the bridge', () => {
  it('on: offline and edits queue, nothing reaches the simulator; off: they are sent once', async () => {
    const h = demoHarness();
    const r = h.renderer('tab 1');
    const { storeName } = valueOf<ConnectionState>(await r.invoke('demo.start', { dataset: 'small' }));
    const db = r.db(storeName!);
    expect(await r.invoke('store.attach', { storeName })).toEqual({ ok: true, value: {} });
    const status = async () => valueOf<SyncStatusView | null>(await r.invoke('sync.status'));
    await waitUntil(async () => (await status())?.online === true, 'the engine online');
    const sim = h.bridge.demoSimulator()!;

    expect(valueOf(await r.invoke('demo.network', {}))).toEqual({ down: false });
    expect(valueOf(await r.invoke('demo.network', { down: true }))).toEqual({ down: true });
    await waitUntil(async () => (await status())?.online === false, 'the engine offline');
    expect((await status())?.activity).toBe('offline');

    const order = await offlineOrder(db);
    const answer = valueOf<{ started: boolean; reason?: string }>(await r.invoke('sync.now'));
    expect(answer.started).toBe(false);
    expect(answer.reason).toMatch(/this computer is offline/);
    expect((await db.outbox.get({ id: order.op.id }))?.state).toBe('queued');
    const landed = () =>
      [...sim.state.purchaseOrders.values()].filter(
        (po) =>
          (po as { external_purchase_order_id?: string }).external_purchase_order_id === order.externalId,
      );
    expect(landed()).toEqual([]);
    // Read back by a second window (a reload): the switch is main's, not the window's.
    expect(valueOf(await h.renderer('tab 2').invoke('demo.network', {}))).toEqual({ down: true });

    expect(valueOf(await r.invoke('demo.network', { down: false }))).toEqual({ down: false });
    await waitUntil(
      async () => (await db.outbox.get({ id: order.op.id }))?.state === 'done',
      'the queued order sent once the switch is off',
    );
    expect(landed()).toHaveLength(1);
    expect((await status())?.online).toBe(true);
  });

  it('refuses a malformed request, and any request while the connection is not the demo’s', async () => {
    const h = demoHarness();
    const r = h.renderer('tab 1');
    expect(await r.invoke('demo.network', { down: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await r.invoke('demo.network', { down: true, extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    // No connection yet: not the demo.
    expect(await r.invoke('demo.network', { down: true })).toEqual({
      ok: false,
      error: { code: 'bad_request', message: NOT_IN_DEMO_MESSAGE },
    });
    // A saved real connection (written as Test connection would leave it): still refused.
    await h
      .reopenSecrets()
      .save({ baseUrl: 'https://office.example.com/v2.1', apiKey: 'real-key', demo: false });
    expect(await r.invoke('demo.network', {})).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });
});
